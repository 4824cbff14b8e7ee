import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { LocalizedText } from '../store/store.schema.ts';

/** A way to pay offered at checkout; shown when its provider is configured and takes the currency. */
export const paymentOptions = pgTable('payment_options', {
  id: text('id').primaryKey(),
  /** The adapter behind it: demo, yookassa, stripe. */
  provider: text('provider').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull().default({}),
  priority: integer('priority').notNull().default(0),
});

export const paymentStatuses = ['created', 'pending', 'paid', 'failed', 'canceled', 'refunded'] as const;
export type StoredPaymentStatus = (typeof paymentStatuses)[number];

/**
 * One attempt to pay an order: an order paid again after a declined card has two. The money is
 * counted once, by the attempt that became paid (its fulfilment is keyed by the payment id).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    userId: text('user_id').notNull(),
    paymentOptionId: text('payment_option_id').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: paymentStatuses }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    failureReason: text('failure_reason'),
    /** Where the buyer goes after paying or giving up (the web app's validate and failure pages). */
    resolveUrl: text('resolve_url').notNull(),
    rejectUrl: text('reject_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_key').on(t.provider, t.providerPaymentId),
    check('payments_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** Every verified notification of a provider, once: a repeated event is recognised by its id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type StoredRefundStatus = (typeof refundStatuses)[number];

/**
 * Money returned for a paid payment: one refund per payment (an order is refunded once, for all it
 * has left unused). Written in the transaction that takes back what the order gave, then sent to
 * the provider with its id as the idempotency key; a refund to the personal account succeeds at once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: refundStatuses }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_refunds_payment_key').on(t.paymentId),
    index('payment_refunds_order_idx').on(t.orderId),
    uniqueIndex('payment_refunds_provider_key').on(t.provider, t.providerRefundId),
    check('payment_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
);
