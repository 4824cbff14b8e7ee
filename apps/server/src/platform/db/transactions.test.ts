import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, openTestDatabase, testDatabases } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { createTransactor, type Transactor } from './transactions.ts';

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
  /** The rows of a raw query (both drivers answer `{ rows }`). */
  const rowsOf = async <Row>(query: PromiseLike<unknown>) => ((await query) as { rows: Row[] }).rows;
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

  it('runs independent reads together outside a transaction and one after another inside one', async () => {
    const steps: string[] = [];
    const count = (name: string) => async () => {
      steps.push(`${name} sent`);
      const [row] = await rowsOf<{ n: number }>(
        transactor.executor().execute(sql`select count(*)::int as n from tx_probe`),
      );
      steps.push(`${name} read`);
      return row?.n;
    };
    expect(await transactor.all([count('a'), count('b')])).toEqual([4, 4]);
    // Both sent before either came back (on PostgreSQL they may come back in either order).
    expect(steps.slice(0, 2)).toEqual(['a sent', 'b sent']);
    steps.length = 0;
    // Inside, the transaction's one connection would queue the second query behind the first.
    const inside = await transactor.run(async () => {
      await insert('z');
      return transactor.all([count('a'), count('b'), async () => 'not a query']);
    });
    expect(inside).toEqual([5, 5, 'not a query']);
    expect(steps).toEqual(['a sent', 'a read', 'b sent', 'b read']);
  });
});
