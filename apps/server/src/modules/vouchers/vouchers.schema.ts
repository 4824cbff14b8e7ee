import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

export const voucherKinds = ['pin_code', 'gift_card'] as const;

/**
 * What a code gives, as stored: litres, money (minor units) on the personal account, or a plan's
 * catalogue product for a period.
 */
export type StoredGrant =
  | { type: 'litres'; litres: number }
  | { type: 'money'; amount: number; currency: string }
  | { type: 'plan'; productId: string; period: 'month' | 'year' };

/**
 * Pin codes and gift cards (issue 15): a code that gives something once. Issued by paying for a
 * pin-code or gift-card product (one per unit bought, keyed by the order line and the unit) or by
 * the operator (`npm run vouchers:issue`).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: text('id').primaryKey(),
    /** Upper-case, from an alphabet without look-alikes: `XXXX-XXXX-XXXX`. */
    code: text('code').notNull(),
    kind: text('kind', { enum: voucherKinds }).notNull(),
    grant: jsonb('grant').$type<StoredGrant>().notNull(),
    /** Makes issuing idempotent: `order-item:<id>:<n>` or `operator:<batch>:<n>`. */
    issueKey: text('issue_key').notNull(),
    /** The order line it was bought as (no foreign key: orders reach this module through its service). */
    orderItemId: text('order_item_id'),
    productName: jsonb('product_name').$type<Record<string, string>>(),
    buyerId: text('buyer_id').references(() => users.id),
    /** Where the buyer sent a gift card's code. */
    recipientEmail: text('recipient_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    redeemedBy: text('redeemed_by').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** Cancelled unused by the refund of the order that bought it: it can no longer be applied. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('vouchers_code_key').on(table.code),
    uniqueIndex('vouchers_issue_key').on(table.issueKey),
    index('vouchers_buyer_idx').on(table.buyerId),
    index('vouchers_redeemed_by_idx').on(table.redeemedBy),
    check('vouchers_code_upper', sql`${table.code} = upper(${table.code})`),
    check('vouchers_void_unused', sql`${table.voidedAt} is null or ${table.redeemedAt} is null`),
    check('vouchers_redeemed_together', sql`(${table.redeemedBy} is null) = (${table.redeemedAt} is null)`),
  ],
);
