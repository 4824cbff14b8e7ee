import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../store/store.schema.ts';
import { users } from '../users/users.schema.ts';

export const storedOrderStatuses = [
  'placed',
  'awaiting_payment',
  'paid',
  'fulfilled',
  'cancelled',
  'refunded',
] as const;
export type StoredOrderStatus = (typeof storedOrderStatuses)[number];

/** Where and to whom an order goes, copied from the contact sets at checkout. */
export interface OrderContacts {
  deliveryOptionId: string | null;
  deliveryOptionName: LocalizedText | null;
  deliveryAddress: string | null;
  address: {
    settlementId: string | null;
    city: string;
    region: string | null;
    street: string | null;
    building: string | null;
    apartment: string | null;
    postalCode: string | null;
  } | null;
  pickupPointId: string | null;
  recipientName: string | null;
  recipientPhone: string | null;
  recipientEmail: string | null;
}

/** A quantity of one trade offer, taken out of stock or put back. */
export interface StockLine {
  tradeOfferId: string;
  quantity: number;
}

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The buyer-facing number: 1, 2, 3… (a sequence: numbers of failed checkouts may be skipped). */
    number: serial('number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    storeId: text('store_id').notNull(),
    status: text('status', { enum: storedOrderStatuses }).notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    amountWithoutDiscountMinor: bigint('amount_without_discount_minor', { mode: 'number' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** Bonus points paid with (their money is in discountMinor), and earned once it is paid. */
    bonusPointOutcome: integer('bonus_point_outcome').notNull().default(0),
    bonusPointIncome: integer('bonus_point_income').notNull().default(0),
    /**
     * The part of discountMinor that is a plan upgrade's credit: the unused part of the plan it
     * replaces, shown apart from the discount on the order page and the invoice.
     */
    upgradeCreditMinor: bigint('upgrade_credit_minor', { mode: 'number' }).notNull().default(0),
    /** The promo code redeemed with the order (discountMinor may hold more than its part), or null. */
    promoCode: text('promo_code'),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    deliveryMinor: bigint('delivery_minor', { mode: 'number' }).notNull().default(0),
    paymentOptionId: text('payment_option_id'),
    contacts: jsonb('contacts').$type<OrderContacts>().notNull(),
    /**
     * What checkout took out of stock, by trade offer (all of each line where stock is counted; what
     * the shelf held of it where the store takes orders beyond it): what a cancellation puts back.
     * Null for orders placed before it was kept, whose lines were taken whole.
     */
    stockTaken: jsonb('stock_taken').$type<StockLine[]>(),
    /** Whether the order holds goods to deliver: fulfilled by hand when they are delivered. */
    needsDelivery: boolean('needs_delivery').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The refund of what the order left unused, and the money it returned (minor units). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundMinor: bigint('refund_minor', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.placedAt),
    check('orders_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

export const orderItemTypes = ['regular', 'delivery'] as const;

/** A line of an order, as it was sold: name, price and VAT copied at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: orderItemTypes }).notNull(),
    tradeOfferId: text('trade_offer_id'),
    productId: text('product_id'),
    /** The product's type as stored (goods, gift_card, pin_code, personal_account). */
    productType: text('product_type'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    optionId: text('option_id'),
    optionName: jsonb('option_name').$type<LocalizedText>(),
    article: text('article'),
    unitId: text('unit_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatRatePercent: integer('vat_rate_percent'),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    productSetId: text('product_set_id'),
    /** A subscription plan's period (`validity_periods.month`…), copied at checkout. */
    validityPeriodId: text('validity_period_id'),
    /** Litres one unit credits (litre bundles), copied at checkout. */
    litres: integer('litres'),
    /** A product of a set, printed under it (the set's print option). */
    setPrintOption: text('set_print_option'),
  },
  (t) => [
    uniqueIndex('order_items_position_key').on(t.orderId, t.position),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * The invoices: numbered without gaps per year. A number is taken from `invoice_counters` in the
 * transaction that writes the invoice, so a failed checkout gives its number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('invoices_number_key').on(t.year, t.sequence)],
);
