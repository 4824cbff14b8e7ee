import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, tradeOffers } from '../catalog/catalog.schema.ts';
import type { LocalizedText } from '../store/store.schema.ts';
import { users } from '../users/users.schema.ts';

/** How long one payment lasts; `forever` is paid once and accrues every month for good. */
export const validityPeriods = ['month', 'year', 'forever'] as const;
export type ValidityPeriod = (typeof validityPeriods)[number];

export const planOptionValueTypes = ['boolean', 'number', 'string'] as const;

/** A plan: the catalogue product it is sold as, and the litres it credits each month. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The offer the cart takes. */
    tradeOfferId: text('trade_offer_id')
      .notNull()
      .references(() => tradeOffers.id),
    litresPerMonth: integer('litres_per_month').notNull(),
    /** Lower first; plans are compared by litres, this orders the pricing page. */
    priority: integer('priority').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('subscription_plans_product_key').on(t.productId),
    check('subscription_plans_litres_check', sql`${t.litresPerMonth} > 0`),
  ],
);

/** What a plan costs for a period, per currency (minor units). */
export const subscriptionPlanPeriods = pgTable(
  'subscription_plan_periods',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    period: text('period', { enum: validityPeriods }).notNull(),
    /** ISO currency code → amount in minor units. */
    prices: jsonb('prices').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.period] })],
);

/** A row of the plans' comparison (SPEC §3: value types boolean/number/string, valueAtZero, priority). */
export const subscriptionPlanOptions = pgTable('subscription_plan_options', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>(),
  valueType: text('value_type', { enum: planOptionValueTypes }).notNull(),
  /** What a plan without a value shows (a string option's is localized). */
  valueAtZero: jsonb('value_at_zero').$type<LocalizedText>(),
  priority: integer('priority').notNull().default(0),
});

/** A plan's value of an option: 'true', '100', or a localized text for a string option. */
export const subscriptionPlanOptionValues = pgTable(
  'subscription_plan_option_values',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    optionId: text('option_id')
      .notNull()
      .references(() => subscriptionPlanOptions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<LocalizedText>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.optionId] })],
);

export const subscriptionStates = ['active', 'cancelled', 'expired', 'replaced'] as const;
export type SubscriptionStateName = (typeof subscriptionStates)[number];

/**
 * A user's subscription. One live (active or cancelled) subscription per user. The paid term runs
 * from `termStartedAt` to `paidUntil` (null: forever); the plan's litres are credited at
 * `anchorAt` + n months for n = `accruals`, while that is before `paidUntil`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    period: text('period', { enum: validityPeriods }).notNull(),
    state: text('state', { enum: subscriptionStates }).notNull(),
    currency: text('currency').notNull(),
    /** What the current term was paid, in `currency`: the base of an upgrade's credit. */
    termAmountMinor: bigint('term_amount_minor', { mode: 'number' }).notNull(),
    /** Counts the terms: 1 for the first, +1 on each renewal (keys the renewal's charge). */
    term: integer('term').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    termStartedAt: timestamp('term_started_at', { withTimezone: true }).notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Accruals fall on this moment's day and time of each month. */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    /** How many monthly accruals were credited. */
    accruals: integer('accruals').notNull().default(0),
    nextAccrualAt: timestamp('next_accrual_at', { withTimezone: true }),
    /** A downgrade (or a change of period) that starts with the next term. */
    nextPlanId: text('next_plan_id').references(() => subscriptionPlans.id),
    nextPeriod: text('next_period', { enum: validityPeriods }),
    /** The subscription an upgrade replaced: its plan litres moved here. */
    replacesId: text('replaces_id'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_live_user_key').on(t.userId).where(sql`${t.state} in ('active', 'cancelled')`),
    index('subscriptions_next_accrual_idx')
      .on(t.nextAccrualAt)
      .where(sql`${t.state} in ('active', 'cancelled')`),
    index('subscriptions_paid_until_idx').on(t.paidUntil).where(sql`${t.state} in ('active', 'cancelled')`),
    check('subscriptions_forever_check', sql`(${t.period} = 'forever') = (${t.paidUntil} is null)`),
  ],
);

/**
 * Every term paid for: by an order line (a purchase or an upgrade) or by a renewal from the
 * personal account. The order line's key makes a payment that settles twice start one term.
 */
export const subscriptionTerms = pgTable(
  'subscription_terms',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    term: integer('term').notNull(),
    /** `order-item:<id>` or `renewal:<subscription>:<term>`. */
    key: text('key').notNull(),
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    period: text('period', { enum: validityPeriods }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscription_terms_key_key').on(t.key),
    uniqueIndex('subscription_terms_term_key').on(t.subscriptionId, t.term),
  ],
);
