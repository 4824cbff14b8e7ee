import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * The litre ledger: append-only entries whose sum is the balance. Free litres live in the bucket
 * 'free' of a calendar month (5 each month, not carried over); bought ones in 'paid'. A charge is
 * first 'held' while the image is processed, then 'done' with its result, or deleted on failure.
 */
export const litreEntries = pgTable(
  'litre_entries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    bucket: text('bucket').notNull(),
    period: text('period'),
    quantity: integer('quantity').notNull(),
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    /** A natural key that makes a credit idempotent (a payment credits once). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('litre_entries_user_idx').on(t.userId, t.bucket, t.period),
    uniqueIndex('litre_entries_reference_key').on(t.reference),
  ],
);
