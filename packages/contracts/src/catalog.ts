import { fileRefSchema } from './files.ts';
import { listLimits } from './limits.ts';
import { listFilterSchema } from './list-filter.ts';
import { moneySchema } from './money.ts';
import { z } from './zod.ts';

/** The product types of SPEC §3. */
export const productTypeIds = [
  'product_types.goods',
  'product_types.gift_card',
  'product_types.pin_code',
  'product_types.personal_account',
  /** A subscription plan (issue 15): bought through the cart with a validity period. */
  'product_types.subscription_plan',
] as const;
export type ProductTypeId = (typeof productTypeIds)[number];

/** A text in each language: { en: '…', ru: '…' }. */
export const localizedTextSchema = z.record(z.string(), z.string());
/** A text per language code. */
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The properties a trade offer list can be ordered by. */
export const tradeOfferOrderProperties = ['priority', 'name', 'price', 'createdAt'] as const;
export type TradeOfferOrderProperty = (typeof tradeOfferOrderProperties)[number];

const orderPattern = new RegExp(`^(${tradeOfferOrderProperties.join('|')})(\\s+(asc|desc))?$`, 'i');
/** 'property direction' (SPEC §7.7), e.g. 'priority asc' or 'price desc'. */
const orderSchema = z
  .string()
  .trim()
  .regex(
    orderPattern,
    `order must be 'property [asc|desc]', property one of: ${tradeOfferOrderProperties.join(', ')}`,
  );

/**
 * What a product answer may include beyond its own fields (SPEC §7.5 `include`): its images are
 * always answered (primaryImage and images are accepted for clients that ask), its kind and its set
 * only when asked (the detail always answers its set).
 */
export const productIncludes = ['primaryImage', 'images', 'kind', 'productSet'] as const;
export type ProductInclude = (typeof productIncludes)[number];
const includeSchema = z.array(z.enum(productIncludes)).max(productIncludes.length);

export const tradeOfferWhereSchema = z.strictObject({
  id: z.string().min(1).optional(),
  productId: z.string().min(1).optional(),
  typeId: z.union([z.enum(productTypeIds), z.array(z.enum(productTypeIds)).min(1)]).optional(),
});

/** The largest count or amount the API takes: the database keeps them as 32-bit integers. */
export const maxInt32 = 2_147_483_647;

/**
 * The list filter of SPEC §7.7 as this list reads it: `where` and `order` name only what a trade
 * offer has; `include` names what the answer adds (productIncludes).
 */
export const tradeOfferListFilterSchema = listFilterSchema.extend({
  where: tradeOfferWhereSchema.optional(),
  include: includeSchema.optional(),
  order: z.union([orderSchema, z.array(orderSchema).max(4)]).optional(),
  skip: z.number().int().min(0).max(maxInt32).optional(),
});
export type TradeOfferListFilter = z.infer<typeof tradeOfferListFilterSchema>;

const minorAmount = z.number().int().min(0).max(maxInt32);

/** The longest search of the catalogue and favourites: a longer one is cut to it before it is sent. */
export const catalogSearchMaxLength = listLimits.maxSearchLength;

/** POST /products/fetchProductTradeOfferList (SPEC §7.5). Prices are in the request's currency. */
export const fetchProductTradeOfferListRequestSchema = z.strictObject({
  filter: tradeOfferListFilterSchema.optional(),
  /** Words to find in names and descriptions (English and Russian, stemmed; the last word as a prefix). */
  search: z.string().max(catalogSearchMaxLength).optional(),
  /** A group's id or slug; its subgroups' products are included. */
  groupId: z.string().min(1).max(200).optional(),
  /** Lowest and highest price, in minor units of the request's currency. */
  priceFrom: minorAmount.optional(),
  priceTo: minorAmount.optional(),
  /** Feature id → the value (or any of the values) a trade offer must offer: { "colour": "white" }. */
  features: z.record(z.string().min(1), z.union([z.string(), z.array(z.string()).min(1)])).optional(),
  elementType: z.number().int().optional(),
});
export type FetchProductTradeOfferListRequest = z.infer<typeof fetchProductTradeOfferListRequestSchema>;

export const productKindSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: localizedTextSchema,
  /** The features its products are chosen by, in order. */
  featureIds: z.array(z.string()),
});
export type ProductKind = z.infer<typeof productKindSchema>;

export const productSetPrintOptionIds = [
  'product_set_print_options.only_set',
  'product_set_print_options.only_products',
  'product_set_print_options.set_and_products',
] as const;
export const setPriceCalculationMethodIds = [
  'set_price_calculation_methods.fixed',
  'set_price_calculation_methods.by_product_prices',
] as const;

/** A product sold as a set of others (SPEC §3): what it holds and what an invoice prints of it. */
export const productSetSchema = z.object({
  id: z.string(),
  printOptionId: z.enum(productSetPrintOptionIds),
  setPriceCalculationMethodId: z.enum(setPriceCalculationMethodIds),
  items: z.array(
    z.object({ productId: z.string(), slugifyId: z.string(), name: z.string(), quantity: z.number().int() }),
  ),
});
export type ProductSet = z.infer<typeof productSetSchema>;

export const productSchema = z.object({
  id: z.string(),
  slugifyId: z.string(),
  typeId: z.enum(productTypeIds),
  unitId: z.string(),
  groupId: z.string().nullable(),
  /** The name in the request's language; displayName holds every language. */
  name: z.string(),
  defaultName: z.string(),
  displayName: localizedTextSchema,
  description: localizedTextSchema,
  caption: localizedTextSchema,
  article: z.string().nullable(),
  /** Litres one unit credits (litre bundles, gift cards, pin codes). */
  litres: z.number().int().nullable(),
  useQuantityLimit: z.boolean(),
  quantityLimitRange: z.string().nullable(),
  /** The VAT rate included in the prices, in percent; null: sold without VAT. */
  vatRatePercent: z.number().int().nullable(),
  /** use_by_kind: the product is chosen by its kind's features, in the kind's order. */
  useFeatureOptionId: z.enum(['use_feature_options.use_by_product', 'use_feature_options.use_by_kind']),
  kindId: z.string().nullable(),
  /** With include 'kind': the product's kind, or null. */
  kind: productKindSchema.nullable().optional(),
  /** On the detail, and with include 'productSet': the set the product is, or null. */
  productSet: productSetSchema.nullable().optional(),
  /** In display order; build `/api/stores/files/{id}/size/{size}/download?t={updatedAt}` from each. */
  images: z.array(fileRefSchema),
  /** The first image, or null when the product has none. */
  primaryImage: fileRefSchema.nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const tradeOfferFeatureItemSchema = z.object({
  id: z.string(),
  featureId: z.string(),
  featureName: localizedTextSchema,
  value: z.string(),
  displayName: localizedTextSchema,
  /** The unit price when this item is chosen; null when it has none in the request's currency. */
  price: moneySchema.nullable(),
  /** The option's own picture (the product in this colour), shown first when it is chosen; or null. */
  image: fileRefSchema.nullable(),
});

export const productTradeOfferSchema = z.object({
  id: z.string(),
  productId: z.string(),
  product: productSchema,
  /** In stock; null = unlimited (digital goods). */
  availableQuantity: z.number().int().nullable(),
  /** In the request's currency; null when the offer has no price in it. */
  price: moneySchema.nullable(),
  featureItems: z.array(tradeOfferFeatureItemSchema),
  /** Whether the signed-in user keeps it among their favourites (false for a visitor). */
  favorite: z.boolean(),
});
export type ProductTradeOffer = z.infer<typeof productTradeOfferSchema>;

/** A list answer: this page (`output`, `outputInfo.count` items) and how many match in all. */
export const productTradeOfferListSchema = z.object({
  output: z.array(productTradeOfferSchema),
  outputInfo: z.object({ count: z.number().int() }),
  totalCount: z.number().int(),
});
export type ProductTradeOfferList = z.infer<typeof productTradeOfferListSchema>;

/** POST /products/{id}/fetchProductTradeOffer: the id is a trade offer's id, or a product's id or slug. */
export const fetchProductTradeOfferRequestSchema = z
  .object({ filter: z.object({ include: includeSchema.optional() }).optional() })
  .nullish();

/** Favourites: the trade offer (or, as SPEC §3 allows, its product's id). */
export const favoriteTradeOfferRequestSchema = z.strictObject({
  productTradeOfferId: z.string().min(1).max(200),
});

/** The favourites list: the same filter, search and group as the catalogue's list. */
export const fetchFavoriteTradeOfferListRequestSchema = z
  .strictObject({
    filter: tradeOfferListFilterSchema
      .pick({ skip: true, limit: true, order: true, include: true })
      .optional(),
    search: z.string().max(catalogSearchMaxLength).optional(),
    groupId: z.string().min(1).max(200).optional(),
  })
  .nullish();
export type FetchFavoriteTradeOfferListRequest = NonNullable<
  z.infer<typeof fetchFavoriteTradeOfferListRequestSchema>
>;

/** A product group (SPEC §3): a node of the catalogue's tree, addressed by id or slug. */
export const productGroupSchema = z.object({
  id: z.string(),
  slugifyId: z.string(),
  parentId: z.string().nullable(),
  /** The name in the request's language; displayName holds every language. */
  name: z.string(),
  displayName: localizedTextSchema,
  description: localizedTextSchema,
  priority: z.number().int(),
});
export type ProductGroup = z.infer<typeof productGroupSchema>;

/** A feature trade offers are chosen and filtered by (size, colour), with the values offers have. */
export const productFeatureSchema = z.object({
  id: z.string(),
  /** In the request's language; displayName holds every language. */
  name: z.string(),
  displayName: localizedTextSchema,
  values: z.array(
    z.object({
      /** The value id a list filter names: { "colour": "white" }. */
      value: z.string(),
      name: z.string(),
      displayName: localizedTextSchema,
    }),
  ),
});
export type ProductFeature = z.infer<typeof productFeatureSchema>;

/** The answer of a generic record controller's list (SPEC §7.7): a page and the total count. */
export const recordListSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    output: z.array(item),
    outputInfo: z.object({ count: z.number().int() }),
    totalCount: z.number().int(),
  });

export const productGroupListSchema = recordListSchema(productGroupSchema);
export type ProductGroupList = z.infer<typeof productGroupListSchema>;
export const productFeatureListSchema = recordListSchema(productFeatureSchema);
export type ProductFeatureList = z.infer<typeof productFeatureListSchema>;

/** GET {base}/count (SPEC §7.7). */
export const recordCountSchema = z.object({ count: z.number().int() });

const oneOrMany = z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(128)]);

/** `where` of GET /products (SPEC §7.7): products by id, slug, type or group. */
export const productWhereSchema = z.strictObject({
  id: oneOrMany.optional(),
  slugifyId: oneOrMany.optional(),
  typeId: z.union([z.enum(productTypeIds), z.array(z.enum(productTypeIds)).min(1)]).optional(),
  groupId: oneOrMany.optional(),
});
export type ProductWhere = z.infer<typeof productWhereSchema>;
export const productOrderProperties = ['priority', 'name', 'createdAt'] as const;
export const productListSchema = recordListSchema(productSchema);

/** `where` of GET /productGroups: by id, slug, or parent (null: the top of the tree). */
export const productGroupWhereSchema = z.strictObject({
  id: oneOrMany.optional(),
  slugifyId: oneOrMany.optional(),
  parentId: z.union([z.string().min(1).max(200), z.null()]).optional(),
});
export type ProductGroupWhere = z.infer<typeof productGroupWhereSchema>;
export const productGroupOrderProperties = ['priority', 'name'] as const;

/** `where` of GET /productFeatures: by id. */
export const productFeatureWhereSchema = z.strictObject({ id: oneOrMany.optional() });
export type ProductFeatureWhere = z.infer<typeof productFeatureWhereSchema>;
export const productFeatureOrderProperties = ['id', 'name'] as const;

/** The `?filter=` (list, by id) and `?where=` (count) query params of a generic record controller. */
export const recordQuerySchema = z.object({
  filter: z.string().max(4000).optional(),
  where: z.string().max(4000).optional(),
});
