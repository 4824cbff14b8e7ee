import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseKind, openTestDatabase, testDatabases } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { createTransactor, type Transactor } from './transactions.ts';

/** The rows of a raw query (both drivers answer `{ rows }`). */
const rowsOf = async <Row>(query: PromiseLike<unknown>) => ((await query) as { rows: Row[] }).rows;

describe.each(testDatabases)('the transactor on %s', (kind: DatabaseKind) => {
  let database: Database;
  let transactor: Transactor;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(sql`create table tx_probe (value text not null)`);
    transactor = createTransactor(database.db);
  });
  afterAll(() => database.close());

  const insert = (value: string) =>
    transactor.executor().execute(sql`insert into tx_probe values (${value})`);
  const values = async () =>
    (
      await rowsOf<{ value: string }>(database.db.execute(sql`select value from tx_probe order by value`))
    ).map((row) => row.value);

  it('runs outside a transaction on the database itself', () => {
    expect(transactor.executor()).toBe(database.db);
  });

  it('commits what every call inside wrote, and rolls all of it back on a failure', async () => {
    await transactor.run(async () => {
      await insert('a');
      // A nested run (another module's service) joins the same transaction.
      await transactor.run(() => insert('b'));
    });
    await expect(
      transactor.run(async () => {
        await insert('c');
        await transactor.run(() => insert('d'));
        throw new Error('step failed');
      }),
    ).rejects.toThrow('step failed');
    expect(await values()).toEqual(['a', 'b']);
  });

  it('keeps concurrent units of work apart', async () => {
    await Promise.all(
      ['x', 'y'].map((value) =>
        transactor.run(async () => {
          await insert(value);
          expect(transactor.executor()).not.toBe(database.db);
        }),
      ),
    );
    expect(await values()).toEqual(['a', 'b', 'x', 'y']);
  });

  it('answers reads asked for at once inside a transaction, each with its own rows', async () => {
    const count = async (tag: string) => {
      const [row] = await rowsOf<{ n: number }>(
        transactor.executor().execute(sql`select count(*)::int as n, ${tag}::text as t from tx_probe`),
      );
      return row;
    };
    // The transaction's one connection takes them in turn (PGlite of itself, PostgreSQL's client
    // as client.ts makes it).
    const inside = await transactor.run(async () => {
      await insert('z');
      return Promise.all([count('a'), count('b'), count('c')]);
    });
    expect(inside).toEqual([
      { n: 5, t: 'a' },
      { n: 5, t: 'b' },
      { n: 5, t: 'c' },
    ]);
  });
});

describe.runIf(testDatabases.includes('postgres'))('a PostgreSQL connection', () => {
  it('hands node-postgres one query at a time when several are asked for at once', async () => {
    const database = await openTestDatabase('postgres');
    // What node-postgres itself is handed: how many of its queries are in flight at once.
    let inFlight = 0;
    let most = 0;
    const send = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args
    ) {
      inFlight += 1;
      most = Math.max(most, inFlight);
      const result = Promise.resolve<unknown>(Reflect.apply(send, this, args));
      return result.finally(() => {
        inFlight -= 1;
      }) as never;
    });
    try {
      const rows = await database.db.transaction((tx) =>
        Promise.all(
          [30, 0, 10, 0].map(async (sleepMs, index) => {
            const [row] = await rowsOf<{ n: number }>(
              tx.execute(sql`select ${index}::int as n from pg_sleep(${sleepMs / 1000})`),
            );
            return row;
          }),
        ),
      );
      expect(rows.map((row) => row?.n)).toEqual([0, 1, 2, 3]);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
      await database.close();
    }
  });
});
