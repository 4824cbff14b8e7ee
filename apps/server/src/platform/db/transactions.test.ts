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
  const values = async () => {
    const result = (await database.db.execute(sql`select value from tx_probe order by value`)) as unknown as {
      rows: Array<{ value: string }>;
    };
    return result.rows.map((row) => row.value);
  };

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
});
