import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transactor } from '../../platform/db/transactions.ts';
import { type LedgerUnit, ledgerAccounts, ledgerDraws, ledgerEntries } from './ledger.schema.ts';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type LedgerDraw = Omit<typeof ledgerDraws.$inferSelect, 'entryId'>;

/** A credit lot that still counts, with what is left of it. */
export interface LiveLot {
  id: string;
  key: string;
  kind: LedgerEntry['kind'];
  expiresAt: Date | null;
  rest: number;
}

/** The kinds whose positive entries are lots. */
const lotKinds = ['grant', 'purchase', 'adjustment'] as const;

const drawer = alias(ledgerEntries, 'drawer');

/** An open hold older than `staleBefore`: its request died, so its draws no longer count. */
const staleOpenHold = (staleBefore: Date) =>
  sql`(${drawer.kind} = 'hold' and ${drawer.createdAt} <= ${staleBefore.toISOString()}::timestamptz
    and not exists (select 1 from ${ledgerEntries} as closing where closing.hold_id = ${drawer.id}))`;

/** The ledger's SQL. Every query runs on the transaction in progress, whichever module opened it. */
export function createLedgerRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  return {
    async findAccount(account: { userId: string; unit: LedgerUnit }): Promise<string | null> {
      const [row] = await db()
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, account.userId), eq(ledgerAccounts.unit, account.unit)));
      return row?.id ?? null;
    },

    /** Creates the account unless it exists; answers its id either way. */
    async ensureAccount(row: typeof ledgerAccounts.$inferInsert): Promise<string> {
      await db().insert(ledgerAccounts).values(row).onConflictDoNothing();
      const [found] = await db()
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, row.userId), eq(ledgerAccounts.unit, row.unit)));
      if (!found) throw new Error(`ledger account ${row.userId} ${row.unit} was not created`);
      return found.id;
    },

    /** Locks the account's row until the transaction ends: debits on one account wait for each other. */
    async lockAccount(accountId: string): Promise<void> {
      await db()
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountId))
        .for('update');
    },

    async entryByKey(key: string): Promise<LedgerEntry | null> {
      const [row] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.key, key));
      return row ?? null;
    },

    async entryById(id: string): Promise<LedgerEntry | null> {
      const [row] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
      return row ?? null;
    },

    /**
     * The account's entries that move its balance as its owner sees it, newest first, each hold
     * with what closed it (capture, release, or nothing yet).
     */
    async statement(
      accountId: string,
      limit: number,
    ): Promise<Array<LedgerEntry & { closedAs: string | null }>> {
      const closing = alias(ledgerEntries, 'closing');
      const rows = await db()
        .select({ entry: ledgerEntries, closedAs: closing.kind })
        .from(ledgerEntries)
        .leftJoin(closing, eq(closing.holdId, ledgerEntries.id))
        .where(
          and(
            eq(ledgerEntries.accountId, accountId),
            inArray(ledgerEntries.kind, ['grant', 'purchase', 'adjustment', 'hold', 'refund', 'expiry']),
          ),
        )
        .orderBy(sql`${ledgerEntries.createdAt} desc`, sql`${ledgerEntries.id} desc`)
        .limit(limit);
      return rows.map((row) => ({ ...row.entry, closedAs: row.closedAs }));
    },

    /** The capture or release that closed a hold, if any. */
    async closingOf(holdId: string): Promise<LedgerEntry | null> {
      const [row] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.holdId, holdId));
      return row ?? null;
    },

    async drawsOf(entryId: string): Promise<LedgerDraw[]> {
      return db()
        .select({ lotId: ledgerDraws.lotId, amount: ledgerDraws.amount })
        .from(ledgerDraws)
        .where(eq(ledgerDraws.entryId, entryId))
        .orderBy(asc(ledgerDraws.lotId));
    },

    /** Inserts an entry unless its key exists; answers it, or null when the key was taken. */
    async insertEntry(entry: LedgerEntry, draws: LedgerDraw[] = []): Promise<LedgerEntry | null> {
      const [inserted] = await db().insert(ledgerEntries).values(entry).onConflictDoNothing().returning();
      if (!inserted) return null;
      if (draws.length > 0) {
        await db()
          .insert(ledgerDraws)
          .values(draws.map((draw) => ({ ...draw, entryId: entry.id })));
      }
      return inserted;
    },

    /**
     * The account's credit lots that have not expired at `now`, with what is left of each, soonest
     * to expire first (never-expiring lots last, oldest first).
     */
    async liveLots(input: { accountId: string; now: Date; staleBefore: Date }): Promise<LiveLot[]> {
      const lot = ledgerEntries;
      return db()
        .select({
          id: lot.id,
          key: lot.key,
          kind: lot.kind,
          expiresAt: lot.expiresAt,
          rest: sql<number>`(${lot.amount} + coalesce(sum(${ledgerDraws.amount})
            filter (where not ${staleOpenHold(input.staleBefore)}), 0))::bigint`.mapWith(Number),
        })
        .from(lot)
        .leftJoin(ledgerDraws, eq(ledgerDraws.lotId, lot.id))
        .leftJoin(drawer, eq(drawer.id, ledgerDraws.entryId))
        .where(
          and(
            eq(lot.accountId, input.accountId),
            inArray(lot.kind, lotKinds),
            gt(lot.amount, 0),
            or(isNull(lot.expiresAt), gt(lot.expiresAt, input.now)),
          ),
        )
        .groupBy(lot.id)
        .orderBy(sql`${lot.expiresAt} asc nulls last`, asc(lot.createdAt), asc(lot.id));
    },

    /** Holds that were neither captured nor released, oldest first: of one account, or created by a moment. */
    async openHolds(filter: { accountId: string } | { createdBy: Date }): Promise<LedgerEntry[]> {
      return db()
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.kind, 'hold'),
            'accountId' in filter
              ? eq(ledgerEntries.accountId, filter.accountId)
              : lte(ledgerEntries.createdAt, filter.createdBy),
            sql`not exists (select 1 from ${ledgerEntries} as closing where closing.hold_id = ${ledgerEntries.id})`,
          ),
        )
        .orderBy(asc(ledgerEntries.createdAt));
    },

    /** Lots that expired in (`since`, `now`] and have no expiry entry yet. */
    async expiredLots(input: { since: Date; now: Date }): Promise<LedgerEntry[]> {
      return db()
        .select()
        .from(ledgerEntries)
        .where(
          and(
            gt(ledgerEntries.expiresAt, input.since),
            lte(ledgerEntries.expiresAt, input.now),
            sql`not exists (select 1 from ${ledgerEntries} as written_off
              where written_off.key = 'expiry:' || ${ledgerEntries.id})`,
          ),
        );
    },

    /** What is left of a lot counting every draw, and how many open holds still draw from it. */
    async lotRest(lotId: string): Promise<{ rest: number; openHolds: number }> {
      const lot = ledgerEntries;
      const [row] = await db()
        .select({
          rest: sql<number>`(${lot.amount} + coalesce(sum(${ledgerDraws.amount}), 0))::bigint`.mapWith(
            Number,
          ),
          openHolds: sql<number>`(count(*) filter (where ${drawer.kind} = 'hold' and not exists
            (select 1 from ${ledgerEntries} as closing where closing.hold_id = ${drawer.id})))::int`.mapWith(
            Number,
          ),
        })
        .from(lot)
        .leftJoin(ledgerDraws, eq(ledgerDraws.lotId, lot.id))
        .leftJoin(drawer, eq(drawer.id, ledgerDraws.entryId))
        .where(eq(lot.id, lotId))
        .groupBy(lot.id);
      if (!row) throw new Error(`ledger lot ${lotId} does not exist`);
      return row;
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
