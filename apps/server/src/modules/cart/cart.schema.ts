import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tradeOffers } from '../catalog/catalog.schema.ts';
import { currencies, type LocalizedText } from '../store/store.schema.ts';
import { users } from '../users/users.schema.ts';

/** How an order reaches the buyer: picked up at a point, or brought by a courier to an address. */
export const deliveryOptionTypes = ['pickup', 'courier'] as const;
export const contactSetTypes = ['location', 'outlet', 'recipient'] as const;

export const deliveryOptions = pgTable('delivery_options', {
  id: text('id').primaryKey(),
  type: text('type', { enum: deliveryOptionTypes }).notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull().default({}),
  priority: integer('priority').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** What a delivery option costs, per currency (0: free). */
export const deliveryOptionPrices = pgTable(
  'delivery_option_prices',
  {
    deliveryOptionId: text('delivery_option_id')
      .notNull()
      .references(() => deliveryOptions.id, { onDelete: 'cascade' }),
    currencyId: text('currency_id')
      .notNull()
      .references(() => currencies.id),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryOptionId, t.currencyId] }),
    check('delivery_option_prices_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: text('id').primaryKey(),
    deliveryOptionId: text('delivery_option_id')
      .notNull()
      .references(() => deliveryOptions.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    address: jsonb('address').$type<LocalizedText>().notNull(),
    settlementId: text('settlement_id').notNull(),
    openingHours: jsonb('opening_hours').$type<LocalizedText>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [index('pickup_points_option_idx').on(t.deliveryOptionId)],
);

/** The address pieces of a location contact set. */
export interface StoredAddress {
  settlementId: string | null;
  city: string;
  region: string | null;
  street: string | null;
  building: string | null;
  apartment: string | null;
  postalCode: string | null;
}

/**
 * A buyer's contact set (SPEC §3): a location (an address for a courier), an outlet (a pickup
 * point) or a recipient (name and phone). Deleting one marks it deleted: orders keep their copy.
 */
export const partnerContactSets = pgTable(
  'partner_contact_sets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: contactSetTypes }).notNull(),
    address: jsonb('address').$type<StoredAddress>(),
    pickupPointId: text('pickup_point_id').references(() => pickupPoints.id),
    fullName: text('full_name'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_contact_sets_user_idx').on(t.userId, t.deleted)],
);

/** The settlement the buyer says they are in (SPEC §7.6 partnerSettlements). */
export const partnerSettlements = pgTable('partner_settlements', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settlementId: text('settlement_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One cart per user (SPEC §2.2: only for authorised users). */
export const shoppingCarts = pgTable('shopping_carts', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentOptionId: text('payment_option_id'),
  deliveryOptionId: text('delivery_option_id').references(() => deliveryOptions.id, { onDelete: 'set null' }),
  deliveryContactSetId: text('delivery_contact_set_id').references(() => partnerContactSets.id, {
    onDelete: 'set null',
  }),
  recipientContactSetId: text('recipient_contact_set_id').references(() => partnerContactSets.id, {
    onDelete: 'set null',
  }),
  /** Kept for the promotions issue. */
  couponCode: text('coupon_code'),
  bonusPointOutcome: integer('bonus_point_outcome').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shoppingCartItems = pgTable(
  'shopping_cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => shoppingCarts.id, { onDelete: 'cascade' }),
    tradeOfferId: text('trade_offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    /** The chosen feature item (colour, size); '' when none, so that the pair stays unique. */
    optionId: text('option_id').notNull().default(''),
    productSetId: text('product_set_id'),
    productSetFeatureId: text('product_set_feature_id'),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    validityPeriodId: text('validity_period_id'),
    validityPeriodCount: integer('validity_period_count'),
    /**
     * A personal-account top-up, sold by its amount: the currency the amount was set in. Its units
     * are 1.00 of whatever currency the cart is in, so read in another currency the line waits for
     * the buyer to set it again (no rate turns ₽1,500 into dollars). Null for any other product.
     */
    amountCurrency: text('amount_currency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopping_cart_items_offer_key').on(t.cartId, t.tradeOfferId, t.optionId),
    check('shopping_cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);
