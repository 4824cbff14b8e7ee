import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import { createScratchPostgresDatabase, type DatabaseKind, testDatabases } from '../../test/harness.ts';
import type { LitreHolder } from './free-litres.ts';
import { createLedgerRepo } from './ledger.repo.ts';
import { createLedgerService } from './ledger.service.ts';
import { createLitreService } from './litres.service.ts';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const journal: { entries: Array<{ tag: string }> } = JSON.parse(
  readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8'),
);
const tags = journal.entries.map((entry) => entry.tag);
const ledgerAt = tags.findIndex((tag) => tag.endsWith('_ledger'));
const sqlOf = (list: string[]) =>
  list.map((tag) => readFileSync(path.join(drizzleDir, `${tag}.sql`), 'utf8'));

/**
 * The balances of `litre_entries` as the last server before the ledger left them, written in the
 * same transaction as the ledger's migration (so both see the same month). Its foreign key to users
 * goes first: no users need making.
 */
const thisMonth = `to_char(now() at time zone 'UTC', 'YYYY-MM')`;
const lastMonth = `to_char((now() at time zone 'UTC') - interval '1 month', 'YYYY-MM')`;
const oldEntries = `
  alter table litre_entries drop constraint litre_entries_user_id_users_id_fk;
  insert into litre_entries (id, user_id, bucket, period, quantity, state, reason, reference) values
    ('a1', 'user-a', 'paid', null, 10, 'done', 'purchase', 'payment-1'),
    ('a2', 'user-a', 'paid', null, -3, 'done', 'removal', null),
    ('a3', 'user-a', 'free', ${thisMonth}, -2, 'done', 'removal', null),
    ('a4', 'user-a', 'free', ${thisMonth}, -1, 'held', 'removal', null),
    ('a5', 'user-a', 'free', ${lastMonth}, -5, 'done', 'removal', null),
    ('b1', 'user-b', 'paid', null, 4, 'done', 'purchase', 'payment-2'),
    ('b2', 'user-b', 'paid', null, -1, 'held', 'removal', null),
    ('c1', 'user-c', 'paid', null, 2, 'done', 'purchase', 'payment-3'),
    ('c2', 'user-c', 'paid', null, -2, 'done', 'removal', null),
    ('c3', 'user-c', 'free', ${thisMonth}, -5, 'done', 'removal', null);
`;

/** A database migrated up to the ledger, with old balances, then through the ledger's migration and on. */
async function migratedWithOldBalances(kind: DatabaseKind): Promise<Database & { cleanup(): Promise<void> }> {
  const before = sqlOf(tags.slice(0, ledgerAt)).join('\n');
  const from = `begin;\n${oldEntries}\n${sqlOf(tags.slice(ledgerAt)).join('\n')}\ncommit;`;
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'cutout-ledger-migration-'));
    const client = new PGlite(path.join(dir, 'db'));
    await client.exec(before);
    await client.exec(from);
    await client.close();
    const database = await openDatabase({ dataDir: dir });
    return { ...database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await createScratchPostgresDatabase('cutout_migration');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query(before);
  await client.query(from);
  await client.end();
  const database = await openDatabase({ url: scratch.url, dataDir: null, onIdleError: () => {} });
  return { ...database, cleanup: scratch.drop };
}

const holder = (id: string): LitreHolder => ({
  id,
  anonymous: false,
  emailVerified: true,
  phoneNumberVerified: false,
});

describe.each(testDatabases)('the ledger migration on %s', (kind: DatabaseKind) => {
  let database: Database & { cleanup(): Promise<void> };
  let litres: ReturnType<typeof createLitreService>;
  beforeAll(async () => {
    database = await migratedWithOldBalances(kind);
    const transactor = createTransactor(database.db);
    // The clock of the migration's transaction: the month it moved the free litres of.
    const repo = createLedgerRepo(transactor);
    const moved = await repo.entryByKey('adjustment:litre_entries:paid:user-a');
    const now = () => moved?.createdAt ?? new Date(Number.NaN);
    const ledger = createLedgerService({ repo, transactor, now });
    litres = createLitreService({ ledger, now });
  });
  afterAll(async () => {
    await database?.close();
    await database?.cleanup();
  });

  it('keeps every balance: the paid litres, and what is left of this month’s free ones', async () => {
    // user-a: 10 bought, 3 spent; 2 of this month's 5 free ones used (a hold in flight is not moved).
    expect(await litres.balance(holder('user-a'))).toEqual({ free: 3, paid: 7, total: 10 });
    // user-b: nothing free used this month, so the grant comes as for anyone, on first use.
    expect(await litres.balance(holder('user-b'))).toEqual({ free: 5, paid: 4, total: 9 });
    // user-c: everything spent.
    expect(await litres.balance(holder('user-c'))).toEqual({ free: 0, paid: 0, total: 0 });
  });

  it('moves this month’s free litres as the grant they are: spent first, and the paid ones after', async () => {
    await litres.hold({ holder: holder('user-a'), amount: 4, key: 'hold:migration-test' });
    expect(await litres.balance(holder('user-a'))).toEqual({ free: 0, paid: 6, total: 6 });
  });
});
