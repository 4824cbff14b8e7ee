import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The demo acquirer's own books: it plays an outside payment provider inside this server, so it
 * keeps what a provider keeps (its payments and refunds, by its own ids) and nothing of ours but
 * the merchant's ids it was given.
 */
export const demoAcquirerPayments = pgTable(
  'demo_acquirer_payments',
  {
    /** The acquirer's id of the payment (`demo_pay_…`): the provider payment id. */
    id: text('id').primaryKey(),
    /** The merchant's payment id it was opened with: opening the same one again answers this row. */
    merchantPaymentId: text('merchant_payment_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    language: text('language').notNull(),
    status: text('status', { enum: ['pending', 'awaiting_confirmation', 'paid', 'failed', 'canceled'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    /** The last four digits of the card that paid or was declined. */
    cardLast4: text('card_last4'),
    /** The one-time code of the confirmation step (the 3-D Secure card), as a hash. */
    confirmationCodeHash: text('confirmation_code_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('demo_acquirer_payments_merchant_key').on(t.merchantPaymentId),
    check('demo_acquirer_payments_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

export const demoAcquirerRefunds = pgTable(
  'demo_acquirer_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => demoAcquirerPayments.id),
    /** The merchant's refund id: refunding with the same one again answers this row. */
    merchantRefundId: text('merchant_refund_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('demo_acquirer_refunds_merchant_key').on(t.merchantRefundId),
    check('demo_acquirer_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
);
