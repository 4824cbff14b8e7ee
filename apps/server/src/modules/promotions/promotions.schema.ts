import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

export const promoCodeKinds = ['percent', 'fixed'] as const;
export type PromoCodeKind = (typeof promoCodeKinds)[number];

/**
 * Promo codes (issue 15): a percent off, or a fixed amount off per currency, for every product or
 * a list of them, within dates and limits.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: text('id').primaryKey(),
    /** Stored upper-case: buyers type it in any case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: promoCodeKinds }).notNull(),
    /** 1..100 for a percent code, null for a fixed one. */
    percent: integer('percent'),
    /** A fixed code's amount off, in minor units, by currency code ('RUB' → 50000). */
    fixedAmounts: jsonb('fixed_amounts').$type<Record<string, number>>().notNull().default({}),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** Null: it never expires. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Redemptions in all, and by one user; null: unlimited. */
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    /** The products it applies to; empty: every product. */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_key').on(table.code),
    check('promo_codes_code_upper', sql`${table.code} = upper(${table.code})`),
    check(
      'promo_codes_amount',
      sql`(${table.kind} = 'percent' and ${table.percent} between 1 and 100) or (${table.kind} = 'fixed' and ${table.percent} is null)`,
    ),
  ],
);

/**
 * One use of a promo code by an order. The order id is not a foreign key: the orders module
 * reaches this one through its service, and a key back would make the modules a circle.
 */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: text('id').primaryKey(),
    promoCodeId: text('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    currency: text('currency').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('promo_code_redemptions_code_order_key').on(table.promoCodeId, table.orderId),
    index('promo_code_redemptions_code_user_idx').on(table.promoCodeId, table.userId),
    index('promo_code_redemptions_order_idx').on(table.orderId),
  ],
);
