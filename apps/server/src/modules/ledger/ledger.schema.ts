import type { CurrencyCode } from '@cutout/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** What a balance counts: litres, bonus points, or money in one currency's minor units. */
export type LedgerUnit = 'litre' | 'bonus_point' | `money:${CurrencyCode}`;

/**
 * Every kind of entry. Credits (grant, purchase, a positive adjustment) are lots that later debits
 * draw from; hold, expiry, refund and a negative adjustment draw from lots; release gives a hold's
 * draws back; capture makes a hold final and moves nothing. README.md has the rules.
 */
export const ledgerEntryKinds = [
  'grant',
  'purchase',
  'hold',
  'capture',
  'release',
  'refund',
  'expiry',
  'adjustment',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** One balance: a user × a unit. Its row is what a debit locks, so debits on it run one at a time. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    // No foreign key to users: the ledger owns its tables and outlives what it counts for.
    userId: text('user_id').notNull(),
    unit: text('unit').$type<LedgerUnit>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_unit_key').on(t.userId, t.unit),
    check(
      'ledger_accounts_unit_check',
      sql`${t.unit} in ('litre', 'bonus_point') or ${t.unit} ~ '^money:[A-Z]{3}$'`,
    ),
  ],
);

/** The entries: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); the balance is their sum. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    kind: text('kind', { enum: ledgerEntryKinds }).notNull(),
    /** Signed, in the unit's smallest step (a litre, a point, a kopeck). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The natural key of the event (`hold:<request>`, `purchase:<payment>`): it posts once. */
    key: text('key').notNull(),
    /** The hold that a capture or release closes. */
    holdId: text('hold_id').references((): AnyPgColumn => ledgerEntries.id),
    /** When a credit lot stops counting; null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_key').on(t.key),
    // A hold is captured or released at most once.
    uniqueIndex('ledger_entries_hold_id_key').on(t.holdId),
    index('ledger_entries_account_idx').on(t.accountId, t.kind),
    index('ledger_entries_open_hold_idx').on(t.createdAt).where(sql`${t.kind} = 'hold'`),
    index('ledger_entries_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check(
      'ledger_entries_kind_check',
      sql.raw(`kind in (${ledgerEntryKinds.map((kind) => `'${kind}'`).join(', ')})`),
    ),
    check(
      'ledger_entries_amount_sign',
      sql`case ${t.kind}
        when 'grant' then ${t.amount} > 0 when 'purchase' then ${t.amount} > 0
        when 'release' then ${t.amount} > 0 when 'capture' then ${t.amount} = 0
        when 'adjustment' then ${t.amount} <> 0 else ${t.amount} < 0 end`,
    ),
    check('ledger_entries_hold_ref', sql`(${t.holdId} is not null) = (${t.kind} in ('capture', 'release'))`),
    check(
      'ledger_entries_expiry_of_credit',
      sql`${t.expiresAt} is null or (${t.kind} in ('grant', 'purchase', 'adjustment') and ${t.amount} > 0)`,
    ),
  ],
);

/**
 * Which credit lot each debit takes from (negative), or a release gives back to (positive): what
 * keeps expiry and refunds exact. A debit entry's draws sum to its amount. Append-only as well.
 */
export const ledgerDraws = pgTable(
  'ledger_draws',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    lotId: text('lot_id')
      .notNull()
      .references(() => ledgerEntries.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.lotId] }),
    index('ledger_draws_lot_idx').on(t.lotId),
    check('ledger_draws_amount_check', sql`${t.amount} <> 0`),
  ],
);
