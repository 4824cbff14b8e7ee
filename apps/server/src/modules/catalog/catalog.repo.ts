import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import {
  favouriteTradeOffers,
  productFeatures,
  productGroups,
  productImages,
  products,
  tradeOfferFeatureItems,
  tradeOfferPrices,
  tradeOffers,
} from './catalog.schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductGroupRow = typeof productGroups.$inferSelect;
export type TradeOfferRow = typeof tradeOffers.$inferSelect;

export interface FeatureItemRow {
  id: string;
  featureId: string;
  featureName: Record<string, string>;
  value: string;
  displayName: Record<string, string>;
  amountMinor: number | null;
  /** The option's own picture, or null. */
  imageFileId: string | null;
}

/**
 * A trade offer with its product, its price in one currency (null: none in it), its feature items
 * with their prices in that currency and their pictures, and its product's image file ids in display
 * order.
 */
export interface TradeOfferListRow {
  offer: TradeOfferRow;
  product: Omit<ProductRow, 'searchDocument'>;
  amountMinor: number | null;
  featureItems: FeatureItemRow[];
  imageFileIds: string[];
  kind: KindRow | null;
  productSet: SetRow | null;
}

export interface KindRow {
  id: string;
  name: Record<string, string>;
  featureIds: string[];
}

export interface SetRow {
  id: string;
  printOption: 'only_set' | 'only_products' | 'set_and_products';
  priceCalculationMethod: 'fixed' | 'by_product_prices';
  items: Array<{ productId: string; slug: string; name: Record<string, string>; quantity: number }>;
}

/** What a trade offer list is narrowed by; every condition given must hold. */
export interface TradeOfferConditions {
  ids?: string[];
  productId?: string;
  types?: ProductRow['type'][];
  groupIds?: string[];
  /** Words already cut to letters and digits; the last one matches as a prefix. */
  searchWords?: string[];
  priceFrom?: number;
  priceTo?: number;
  /** Feature id → the values of which the offer must have one. */
  features?: Record<string, string[]>;
  favouriteOf?: string;
}

export type TradeOfferSort = {
  property: 'priority' | 'name' | 'price' | 'createdAt';
  direction: 'asc' | 'desc';
};

const { searchDocument: _searchDocument, ...productColumns } = getTableColumns(products);

/**
 * A name in the order people read names with numbers in them: '10 litres', '50 litres', '200
 * litres', '1000 litres', not '10', '1000', '200', '50'. By the text before its first number, then
 * that number, then the whole name.
 */
function naturalOrder(name: SQL, direction: 'asc' | 'desc'): SQL[] {
  const way = direction === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
  return [
    sql`regexp_replace(${name}, '[0-9].*$', '') ${way}`,
    sql`(substring(${name} from '[0-9]+'))::numeric ${way}`,
    sql`${name} ${way}`,
  ];
}

/** Words to a tsquery term that matches in English or Russian, stemmed by each. */
function searchQuery(words: string[]): SQL {
  const terms = words.map((word, index) => {
    const term = index === words.length - 1 ? `${word}:*` : word;
    return sql`(to_tsquery('english'::regconfig, ${term}) || to_tsquery('russian'::regconfig, ${term}))`;
  });
  return sql.join(terms, sql` && `);
}

/** What a product record list is narrowed by (GET /products); every condition given must hold. */
export interface ProductConditions {
  ids?: string[];
  slugs?: string[];
  types?: ProductRow['type'][];
  groupIds?: string[];
}

function productConditionsOf(where: ProductConditions): SQL | undefined {
  return and(
    where.ids && inArray(products.id, where.ids),
    where.slugs && inArray(products.slug, where.slugs),
    where.types && inArray(products.type, where.types),
    where.groupIds && inArray(products.groupId, where.groupIds),
  );
}

/** The catalogue's tables: groups, products, trade offers with prices and features, favourites. */
export function createCatalogRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  function conditionsOf(where: TradeOfferConditions): SQL | undefined {
    const parts: Array<SQL | undefined> = [];
    if (where.ids) parts.push(inArray(tradeOffers.id, where.ids));
    if (where.productId) parts.push(eq(tradeOffers.productId, where.productId));
    if (where.types) parts.push(inArray(products.type, where.types));
    if (where.groupIds) parts.push(inArray(products.groupId, where.groupIds));
    if (where.searchWords?.length)
      parts.push(sql`${products.searchDocument} @@ (${searchQuery(where.searchWords)})`);
    if (where.priceFrom !== undefined) parts.push(gte(tradeOfferPrices.amountMinor, where.priceFrom));
    if (where.priceTo !== undefined) parts.push(lte(tradeOfferPrices.amountMinor, where.priceTo));
    for (const [featureId, values] of Object.entries(where.features ?? {})) {
      parts.push(
        exists(
          db()
            .select({ one: sql`1` })
            .from(tradeOfferFeatureItems)
            .where(
              and(
                eq(tradeOfferFeatureItems.tradeOfferId, tradeOffers.id),
                eq(tradeOfferFeatureItems.featureId, featureId),
                inArray(tradeOfferFeatureItems.value, values),
              ),
            ),
        ),
      );
    }
    if (where.favouriteOf) {
      parts.push(
        exists(
          db()
            .select({ one: sql`1` })
            .from(favouriteTradeOffers)
            .where(
              and(
                eq(favouriteTradeOffers.tradeOfferId, tradeOffers.id),
                eq(favouriteTradeOffers.userId, where.favouriteOf),
              ),
            ),
        ),
      );
    }
    return and(...parts);
  }

  async function countProducts(where: ProductConditions): Promise<number> {
    const [counted] = await db().select({ total: count() }).from(products).where(productConditionsOf(where));
    return counted?.total ?? 0;
  }

  const priceJoin = (currencyId: string) =>
    and(eq(tradeOfferPrices.tradeOfferId, tradeOffers.id), eq(tradeOfferPrices.currencyId, currencyId));

  /**
   * What a row of a list answers besides the offer and its product: the price, the feature items
   * and the image file ids, each read in the same query (json_agg of the few rows each has).
   */
  const offerColumns = (currencyId: string) => ({
    offer: tradeOffers,
    product: productColumns,
    amountMinor: tradeOfferPrices.amountMinor,
    featureItems: sql<FeatureItemRow[]>`(
      select coalesce(json_agg(json_build_object(
        'id', i.id, 'featureId', i.feature_id, 'featureName', f.name, 'value', i.value,
        'displayName', i.display_name, 'amountMinor', ip.amount_minor, 'imageFileId', i.image_file_id
      ) order by i.priority, i.id), '[]'::json)
      from trade_offer_feature_items i
      join product_features f on f.id = i.feature_id
      left join trade_offer_feature_item_prices ip on ip.feature_item_id = i.id and ip.currency_id = ${currencyId}
      where i.trade_offer_id = ${tradeOffers.id})`,
    imageFileIds: sql<string[]>`(
      select coalesce(json_agg(pi.file_id order by pi.position), '[]'::json)
      from product_images pi where pi.product_id = ${products.id})`,
    kind: sql<KindRow | null>`(
      select json_build_object('id', k.id, 'name', k.name, 'featureIds', k.feature_ids)
      from product_kinds k where k.id = ${products.kindId})`,
    productSet: sql<SetRow | null>`(
      select json_build_object(
        'id', s.id, 'printOption', s.print_option, 'priceCalculationMethod', s.price_calculation_method,
        'items', (
          select coalesce(json_agg(json_build_object(
            'productId', sp.id, 'slug', sp.slug, 'name', sp.name, 'quantity', si.quantity
          ) order by si.priority, sp.id), '[]'::json)
          from product_set_items si join products sp on sp.id = si.product_id
          where si.set_id = s.id))
      from product_sets s where s.product_id = ${products.id})`,
  });

  /** Trade offers with their product, their price in one currency, feature items and images. */
  const selectOffers = (currencyId: string) =>
    db()
      .select(offerColumns(currencyId))
      .from(tradeOffers)
      .innerJoin(products, eq(products.id, tradeOffers.productId))
      .leftJoin(tradeOfferPrices, priceJoin(currencyId));

  function orderOf(sort: TradeOfferSort[], language: string): SQL[] {
    const column = (property: TradeOfferSort['property']): SQL => {
      if (property === 'name') return sql`${products.name} ->> ${language}`;
      if (property === 'price') return sql`${tradeOfferPrices.amountMinor}`;
      if (property === 'createdAt') return sql`${tradeOffers.createdAt}`;
      return sql`${products.priority}`;
    };
    const order = sort.flatMap(({ property, direction }) => {
      if (property === 'name') return naturalOrder(column(property), direction);
      const by = column(property);
      // Offers without a price in the currency come last either way.
      return [direction === 'desc' ? sql`${by} desc nulls last` : sql`${by} asc nulls last`];
    });
    return [...order, asc(products.priority), asc(tradeOffers.priority), asc(tradeOffers.id)];
  }

  return {
    /**
     * One page of trade offers. The page's ids are found first, in order, reading only what the
     * conditions and the order need; the wide columns and the per-row subqueries are then read for
     * those few rows only.
     */
    async listTradeOffers(input: {
      where: TradeOfferConditions;
      currencyId: string;
      language: string;
      sort: TradeOfferSort[];
      skip: number;
      limit: number;
    }): Promise<TradeOfferListRow[]> {
      const order = orderOf(input.sort, input.language);
      const page = db()
        .select({ pageId: sql<string>`${tradeOffers.id}`.as('page_id') })
        .from(tradeOffers)
        .innerJoin(products, eq(products.id, tradeOffers.productId))
        .leftJoin(tradeOfferPrices, priceJoin(input.currencyId))
        .where(conditionsOf(input.where))
        .orderBy(...order)
        .offset(input.skip)
        .limit(input.limit)
        .as('page');
      return db()
        .select(offerColumns(input.currencyId))
        .from(page)
        .innerJoin(tradeOffers, eq(tradeOffers.id, page.pageId))
        .innerJoin(products, eq(products.id, tradeOffers.productId))
        .leftJoin(tradeOfferPrices, priceJoin(input.currencyId))
        .orderBy(...order);
    },

    /** The ids of the products with a trade offer that matches, in id order. */
    async productIdsMatching(input: { where: TradeOfferConditions; currencyId: string }): Promise<string[]> {
      const rows = await db()
        .selectDistinct({ id: products.id })
        .from(tradeOffers)
        .innerJoin(products, eq(products.id, tradeOffers.productId))
        .leftJoin(tradeOfferPrices, priceJoin(input.currencyId))
        .where(conditionsOf(input.where))
        .orderBy(asc(products.id));
      return rows.map((row) => row.id);
    },

    /** How many trade offers match, in all. */
    async countTradeOffers(input: { where: TradeOfferConditions; currencyId: string }): Promise<number> {
      const [counted] = await db()
        .select({ total: count() })
        .from(tradeOffers)
        .innerJoin(products, eq(products.id, tradeOffers.productId))
        .leftJoin(tradeOfferPrices, priceJoin(input.currencyId))
        .where(conditionsOf(input.where));
      return counted?.total ?? 0;
    },

    /** The trade offer with this id, else the first offer of the product with this id or slug. */
    async findTradeOffer(input: { idOrSlug: string; currencyId: string }): Promise<TradeOfferListRow | null> {
      const key = input.idOrSlug;
      const [row] = await selectOffers(input.currencyId)
        .where(or(eq(tradeOffers.id, key), eq(products.id, key), eq(products.slug, key)))
        .orderBy(desc(sql`${tradeOffers.id} = ${key}`), asc(tradeOffers.priority), asc(tradeOffers.id))
        .limit(1);
      return row ?? null;
    },

    /** The image file ids of some products, in display order. */
    imagesOf(productIds: string[]): Promise<Array<{ productId: string; fileId: string }>> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db()
        .select({ productId: productImages.productId, fileId: productImages.fileId })
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(asc(productImages.productId), asc(productImages.position));
    },

    /** The feature items (options) without a picture of their own, by id. */
    async featureItemsWithoutImage(): Promise<Set<string>> {
      const rows = await db()
        .select({ id: tradeOfferFeatureItems.id })
        .from(tradeOfferFeatureItems)
        .where(isNull(tradeOfferFeatureItems.imageFileId));
      return new Set(rows.map((row) => row.id));
    },

    async setFeatureItemImage(featureItemId: string, fileId: string): Promise<void> {
      await db()
        .update(tradeOfferFeatureItems)
        .set({ imageFileId: fileId })
        .where(eq(tradeOfferFeatureItems.id, featureItemId));
    },

    /** Products (not offers) for the generic record list: a page in an order, and how many match. */
    async listProducts(input: {
      where: ProductConditions;
      order: Array<{ property: 'priority' | 'name' | 'createdAt'; direction: 'asc' | 'desc' }>;
      language: string;
      skip: number;
      limit: number;
    }): Promise<{ rows: Array<Omit<ProductRow, 'searchDocument'>>; total: number }> {
      const where = productConditionsOf(input.where);
      const by = (property: 'priority' | 'name' | 'createdAt'): SQL =>
        property === 'name'
          ? sql`${products.name} ->> ${input.language}`
          : property === 'createdAt'
            ? sql`${products.createdAt}`
            : sql`${products.priority}`;
      const rows = await db()
        .select(productColumns)
        .from(products)
        .where(where)
        .orderBy(
          ...input.order.flatMap(({ property, direction }) =>
            property === 'name'
              ? naturalOrder(by(property), direction)
              : [
                  direction === 'desc'
                    ? sql`${by(property)} desc nulls last`
                    : sql`${by(property)} asc nulls last`,
                ],
          ),
          asc(products.priority),
          asc(products.id),
        )
        .offset(input.skip)
        .limit(input.limit);
      return { rows, total: await countProducts(input.where) };
    },

    async countProducts(where: ProductConditions): Promise<number> {
      const [counted] = await db()
        .select({ total: count() })
        .from(products)
        .where(productConditionsOf(where));
      return counted?.total ?? 0;
    },

    /** Every feature with the distinct values trade offers have for it, in display order. */
    async listFeatures(): Promise<
      Array<{
        id: string;
        name: Record<string, string>;
        values: Array<{ value: string; displayName: Record<string, string> }>;
      }>
    > {
      const features = await db().select().from(productFeatures).orderBy(asc(productFeatures.id));
      const items = await db()
        .selectDistinctOn([tradeOfferFeatureItems.featureId, tradeOfferFeatureItems.value], {
          featureId: tradeOfferFeatureItems.featureId,
          value: tradeOfferFeatureItems.value,
          displayName: tradeOfferFeatureItems.displayName,
          priority: tradeOfferFeatureItems.priority,
        })
        .from(tradeOfferFeatureItems)
        .orderBy(
          asc(tradeOfferFeatureItems.featureId),
          asc(tradeOfferFeatureItems.value),
          asc(tradeOfferFeatureItems.priority),
        );
      items.sort((a, b) => a.priority - b.priority || a.value.localeCompare(b.value));
      return features.map((feature) => ({
        ...feature,
        values: items
          .filter((item) => item.featureId === feature.id)
          .map(({ value, displayName }) => ({ value, displayName })),
      }));
    },

    /** Every group (a small tree, read whole to walk its subgroups). */
    async listGroups(): Promise<ProductGroupRow[]> {
      return await db()
        .select()
        .from(productGroups)
        .orderBy(asc(productGroups.priority), asc(productGroups.id));
    },

    /** Which of these trade offers the user keeps among their favourites. */
    async favouriteIdsOf(userId: string, tradeOfferIds: string[]): Promise<Set<string>> {
      if (tradeOfferIds.length === 0) return new Set();
      const rows = await db()
        .select({ id: favouriteTradeOffers.tradeOfferId })
        .from(favouriteTradeOffers)
        .where(
          and(
            eq(favouriteTradeOffers.userId, userId),
            inArray(favouriteTradeOffers.tradeOfferId, tradeOfferIds),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /** Adds a favourite; a pair already there is left as it is. */
    async addFavourite(input: { userId: string; tradeOfferId: string; now: Date }): Promise<void> {
      await db()
        .insert(favouriteTradeOffers)
        .values({ userId: input.userId, tradeOfferId: input.tradeOfferId, createdAt: input.now })
        .onConflictDoNothing();
    },

    /** Removes one of the user's own favourites; false when they did not keep it. */
    async removeFavourite(input: { userId: string; tradeOfferId: string }): Promise<boolean> {
      const rows = await db()
        .delete(favouriteTradeOffers)
        .where(
          and(
            eq(favouriteTradeOffers.userId, input.userId),
            eq(favouriteTradeOffers.tradeOfferId, input.tradeOfferId),
          ),
        )
        .returning({ id: favouriteTradeOffers.tradeOfferId });
      return rows.length > 0;
    },

    /**
     * Takes quantities out of stock, all or none: false when an offer with a counted stock has
     * fewer left than asked (offers with unlimited stock, null, are not touched).
     */
    /**
     * Takes the lines out of stock, each offer's row locked: whole, or nothing (null) when one has
     * less; with `backOrder` (a store that takes orders beyond its stock) what the shelf holds of
     * each, down to zero, and never refused. Answers what was taken (unlimited offers take nothing).
     */
    async takeStock(
      lines: Array<{ tradeOfferId: string; quantity: number }>,
      { backOrder }: { backOrder: boolean },
    ): Promise<Array<{ tradeOfferId: string; quantity: number }> | null> {
      const taken: Array<{ tradeOfferId: string; quantity: number }> = [];
      for (const line of lines) {
        const [offer] = await db()
          .select({ available: tradeOffers.availableQuantity })
          .from(tradeOffers)
          .where(eq(tradeOffers.id, line.tradeOfferId))
          .for('update');
        if (!offer) return null;
        if (offer.available === null) continue;
        if (offer.available < line.quantity && !backOrder) return null;
        const quantity = Math.min(line.quantity, Math.max(0, offer.available));
        if (quantity === 0) continue;
        await db()
          .update(tradeOffers)
          .set({ availableQuantity: sql`${tradeOffers.availableQuantity} - ${quantity}` })
          .where(eq(tradeOffers.id, line.tradeOfferId));
        taken.push({ tradeOfferId: line.tradeOfferId, quantity });
      }
      return taken;
    },

    /** Puts quantities back in stock (a cancelled order's). */
    async returnStock(lines: Array<{ tradeOfferId: string; quantity: number }>): Promise<void> {
      for (const line of lines) {
        await db()
          .update(tradeOffers)
          .set({ availableQuantity: sql`${tradeOffers.availableQuantity} + ${line.quantity}` })
          .where(
            and(eq(tradeOffers.id, line.tradeOfferId), sql`${tradeOffers.availableQuantity} is not null`),
          );
      }
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
