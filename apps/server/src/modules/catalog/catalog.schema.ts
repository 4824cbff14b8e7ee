import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { files } from '../files/files.schema.ts';
import { currencies, type LocalizedText } from '../store/store.schema.ts';
import { users } from '../users/users.schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The product types of SPEC §3, as stored (the API answers them as `product_types.<type>`). */
export const productTypes = [
  'goods',
  'gift_card',
  'pin_code',
  'personal_account',
  'subscription_plan',
] as const;

/** Product groups: a tree (parent_id), addressed by id or slug. */
export const productGroups = pgTable(
  'product_groups',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnyPgColumn => productGroups.id),
    slug: text('slug').notNull().unique(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default({}),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [index('product_groups_parent_idx').on(t.parentId)],
);

/** How a product's trade offers are chosen: by its own feature items, or by its kind's features. */
export const useFeatureOptions = ['use_by_product', 'use_by_kind'] as const;

/**
 * Product kinds (SPEC §3 `use_by_kind`): a kind names the features its products are chosen by, in
 * order (a backdrop by colour, then size); a product that uses its kind offers only those.
 */
export const productKinds = pgTable('product_kinds', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  featureIds: jsonb('feature_ids').$type<string[]>().notNull().default([]),
});

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    type: text('type', { enum: productTypes }).notNull(),
    unitId: text('unit_id').notNull(),
    groupId: text('group_id').references(() => productGroups.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default({}),
    caption: jsonb('caption').$type<LocalizedText>().notNull().default({}),
    article: text('article'),
    /** Litres one unit credits (litre bundles, gift cards, pin codes); null for other products. */
    litres: integer('litres'),
    useQuantityLimit: boolean('use_quantity_limit').notNull().default(false),
    /** Allowed quantities, SPEC §5: a comma list of numbers or min-max ranges ("1,2,5-10"). */
    quantityLimitRange: text('quantity_limit_range'),
    /** The VAT rate included in the product's prices, in percent; null: sold without VAT. */
    vatRatePercent: integer('vat_rate_percent').default(22),
    priority: integer('priority').notNull().default(0),
    kindId: text('kind_id').references(() => productKinds.id),
    useFeatureOption: text('use_feature_option', { enum: useFeatureOptions })
      .notNull()
      .default('use_by_product'),
    /**
     * Names, captions and descriptions in English and Russian, stemmed by each language's
     * configuration, for full-text search. Other languages are not indexed.
     */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(name->>'en', '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(name->>'ru', '')), 'A') || to_tsvector('english'::regconfig, coalesce(caption->>'en', '') || ' ' || coalesce(description->>'en', '')) || to_tsvector('russian'::regconfig, coalesce(caption->>'ru', '') || ' ' || coalesce(description->>'ru', '')) || to_tsvector('simple'::regconfig, coalesce(article, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_group_idx').on(t.groupId),
    // The list's default order (SPEC §9: priority ascending): a page is read in order, not sorted
    // whole (bench/catalog.ts: twice the throughput, half the p99 at 10 000 products).
    index('products_priority_idx').on(t.priority, t.id),
    index('products_search_idx').using('gin', t.searchDocument),
    check('products_type_check', sql.raw(`type in (${productTypes.map((type) => `'${type}'`).join(', ')})`)),
    check(
      'products_use_feature_option_check',
      sql`${t.useFeatureOption} = 'use_by_product' or (${t.useFeatureOption} = 'use_by_kind' and ${t.kindId} is not null)`,
    ),
  ],
);

/** Features a trade offer can be chosen by (size, colour), with their names. */
export const productFeatures = pgTable('product_features', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
});

/** What is sold: a product with its stock; null available quantity = unlimited (digital goods). */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    availableQuantity: integer('available_quantity'),
    priority: integer('priority').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_offers_product_idx').on(t.productId)],
);

/** A trade offer's price in each currency, in integer minor units. */
export const tradeOfferPrices = pgTable(
  'trade_offer_prices',
  {
    tradeOfferId: text('trade_offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    currencyId: text('currency_id')
      .notNull()
      .references(() => currencies.id),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeOfferId, t.currencyId] }),
    check('trade_offer_prices_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * The options of a trade offer (a size, a colour): a feature's value with a price of its own, and
 * a picture of its own where it looks different.
 */
export const tradeOfferFeatureItems = pgTable(
  'trade_offer_feature_items',
  {
    id: text('id').primaryKey(),
    tradeOfferId: text('trade_offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    featureId: text('feature_id')
      .notNull()
      .references(() => productFeatures.id),
    value: text('value').notNull(),
    displayName: jsonb('display_name').$type<LocalizedText>().notNull(),
    priority: integer('priority').notNull().default(0),
    /** The option's own picture (the backdrop in this colour), shown first when it is chosen. */
    imageFileId: text('image_file_id').references(() => files.id),
  },
  (t) => [
    unique('trade_offer_feature_items_value_key').on(t.tradeOfferId, t.featureId, t.value),
    index('trade_offer_feature_items_feature_idx').on(t.featureId, t.value),
  ],
);

/** A feature item's unit price in each currency (it replaces the offer's price when chosen). */
export const tradeOfferFeatureItemPrices = pgTable(
  'trade_offer_feature_item_prices',
  {
    featureItemId: text('feature_item_id')
      .notNull()
      .references(() => tradeOfferFeatureItems.id, { onDelete: 'cascade' }),
    currencyId: text('currency_id')
      .notNull()
      .references(() => currencies.id),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.featureItemId, t.currencyId] }),
    check('trade_offer_feature_item_prices_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

/** A user's favourite trade offers: one row per pair. */
export const favouriteTradeOffers = pgTable(
  'favourite_trade_offers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tradeOfferId: text('trade_offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tradeOfferId] })],
);

/** A product's pictures, in display order (position 0 is its primary image); the bytes are the files module's. */
export const productImages = pgTable(
  'product_images',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/** What an invoice prints for a set (SPEC §3): the set's line, its products' lines, or both. */
export const productSetPrintOptions = ['only_set', 'only_products', 'set_and_products'] as const;
/** How a set is priced: its own trade offer's price, or the sum of its products' prices. */
export const setPriceCalculationMethods = ['fixed', 'by_product_prices'] as const;

/** A product sold as a set of other products (a starter kit): one row per set product. */
export const productSets = pgTable(
  'product_sets',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .unique()
      .references(() => products.id, { onDelete: 'cascade' }),
    printOption: text('print_option', { enum: productSetPrintOptions }).notNull().default('set_and_products'),
    priceCalculationMethod: text('price_calculation_method', { enum: setPriceCalculationMethods })
      .notNull()
      .default('fixed'),
  },
  (t) => [
    check(
      'product_sets_print_option_check',
      sql`${t.printOption} in ('only_set', 'only_products', 'set_and_products')`,
    ),
    check(
      'product_sets_price_calculation_method_check',
      sql`${t.priceCalculationMethod} in ('fixed', 'by_product_prices')`,
    ),
  ],
);

/** The products of a set and how many of each it holds. */
export const productSetItems = pgTable(
  'product_set_items',
  {
    setId: text('set_id')
      .notNull()
      .references(() => productSets.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.productId] }),
    check('product_set_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** What a segment's rule selects products by; every condition given must hold. */
export interface ProductSegmentRule {
  typeIds?: string[];
  groupIds?: string[];
  search?: string;
  /** Feature id → values, of which a product's offer must have one. */
  features?: Record<string, string[]>;
  /** A price range in one currency's minor units. */
  price?: { currencyId: string; from?: number; to?: number };
}

/**
 * Product segments: a named rule over the catalogue (all litre bundles, studio goods under 5 000 ₽)
 * whose products are kept in product_segment_mappings when it is executed, or set by hand.
 */
export const productSegments = pgTable('product_segments', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  rule: jsonb('rule').$type<ProductSegmentRule>().notNull(),
  executedAt: timestamp('executed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productSegmentMappings = pgTable(
  'product_segment_mappings',
  {
    segmentId: text('segment_id')
      .notNull()
      .references(() => productSegments.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.segmentId, t.productId] }),
    index('product_segment_mappings_product_idx').on(t.productId),
  ],
);
