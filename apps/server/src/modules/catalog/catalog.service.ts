import {
  type FetchFavoriteTradeOfferListRequest,
  type FetchProductTradeOfferListRequest,
  isCurrencyCode,
  listLimits,
  type Money,
  type ProductInclude,
  type ProductTradeOffer,
  type ProductTradeOfferList,
  type ProductTypeId,
  type TradeOfferListFilter,
} from '@cutout/contracts';
import { createTtlCache } from '../../platform/cache/ttl-cache.ts';
import { DomainError } from '../../platform/errors.ts';
import type { FilesService } from '../files/files.service.ts';
import { offeredFeatureItems, presentKind, presentProduct, presentSet } from './catalog.present.ts';
import type {
  CatalogRepo,
  ProductGroupRow,
  ProductRow,
  TradeOfferConditions,
  TradeOfferListRow,
  TradeOfferSort,
} from './catalog.repo.ts';
import type { productTypes } from './catalog.schema.ts';

/** Who asks and in what: the request's language and currency, and the signed-in user if any. */
export interface CatalogViewer {
  language: string;
  currency: { id: string; characterCode: string };
  userId: string | null;
}

/** A product type as the API names it (`product_types.goods`) to the stored one (`goods`). */
export const storedType = (typeId: ProductTypeId) =>
  typeId.replace('product_types.', '') as ProductRow['type'];

const noMatch: ProductTradeOfferList = { output: [], outputInfo: { count: 0 }, totalCount: 0 };

/**
 * What a list or a segment's rule narrows the catalogue by, as the repo's conditions: types, groups
 * (each id or slug with every group under it), search words, features and a price range. Null when
 * groups are named and none of them exists: nothing can match.
 */
export function conditionsFrom(
  narrowing: {
    typeIds?: ProductTypeId[];
    groupIds?: string[];
    search?: string;
    features?: Record<string, string[]>;
    priceFrom?: number;
    priceTo?: number;
  },
  groups: ProductGroupRow[],
): TradeOfferConditions | null {
  const conditions: TradeOfferConditions = {
    priceFrom: narrowing.priceFrom,
    priceTo: narrowing.priceTo,
  };
  if (narrowing.typeIds) conditions.types = narrowing.typeIds.map(storedType);
  if (narrowing.groupIds) {
    conditions.groupIds = [...new Set(narrowing.groupIds.flatMap((id) => groupWithSubgroups(groups, id)))];
    if (conditions.groupIds.length === 0) return null;
  }
  const words = narrowing.search === undefined ? [] : searchWordsOf(narrowing.search);
  if (words.length > 0) conditions.searchWords = words;
  // A search of signs alone ('%', '—') names no word any product has: it finds nothing, not all.
  else if (narrowing.search?.trim()) return null;
  if (narrowing.features) conditions.features = narrowing.features;
  return conditions;
}

/** Words of a search, letters and digits only (at most 8), so that they are safe tsquery terms. */
export function searchWordsOf(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** The group with this id or slug and every group under it; empty when there is none. */
export function groupWithSubgroups(groups: ProductGroupRow[], idOrSlug: string): string[] {
  const root =
    groups.find((group) => group.id === idOrSlug) ?? groups.find((group) => group.slug === idOrSlug);
  if (!root) return [];
  const found = [root.id];
  for (let index = 0; index < found.length; index += 1) {
    for (const group of groups)
      if (group.parentId === found[index] && !found.includes(group.id)) found.push(group.id);
  }
  return found;
}

/** 'price desc' → { property: 'price', direction: 'desc' }; the contract has checked the words. */
export function sortOf(order: TradeOfferListFilter['order']): TradeOfferSort[] {
  const orders = order === undefined ? ['priority asc'] : Array.isArray(order) ? order : [order];
  return orders.map((text) => {
    const [property = 'priority', direction = 'asc'] = text.trim().split(/\s+/);
    const known = ['priority', 'name', 'price', 'createdat'].find((name) => name === property.toLowerCase());
    return {
      property: (known === 'createdat' ? 'createdAt' : (known ?? 'priority')) as TradeOfferSort['property'],
      direction: direction.toLowerCase() === 'desc' ? 'desc' : 'asc',
    };
  });
}

/** The catalogue: trade offers listed, found and kept as favourites (SPEC §7.5). */
export function createCatalogService(deps: {
  repo: CatalogRepo;
  files: Pick<FilesService, 'refsOf'>;
  now: () => Date;
  /** How long a page of the list and its count are shared before they are read again (0: never). */
  listCacheMs?: number;
}) {
  const { repo } = deps;
  const cacheOptions = { ttlMs: deps.listCacheMs ?? 0, maxEntries: 1000, now: () => deps.now().getTime() };
  const pages = createTtlCache<ProductTradeOffer[]>(cacheOptions);
  const counts = createTtlCache<number>(cacheOptions);
  const groups = createTtlCache<ProductGroupRow[]>(cacheOptions);

  function moneyOf(amountMinor: number | null, viewer: CatalogViewer): Money | null {
    const code = viewer.currency.characterCode;
    return amountMinor === null || !isCurrencyCode(code) ? null : { amountMinor, currency: code };
  }

  /**
   * The rows as the API answers them, each marked as not a favourite (see withFavourites): the kind
   * and the set only where `include` names them.
   */
  async function toTradeOffers(
    rows: TradeOfferListRow[],
    viewer: CatalogViewer,
    include: readonly ProductInclude[] = [],
  ): Promise<ProductTradeOffer[]> {
    const fileIds = rows.flatMap((row) => [
      ...row.imageFileIds,
      ...row.featureItems.flatMap((item) => item.imageFileId ?? []),
    ]);
    const refs = new Map((await deps.files.refsOf([...new Set(fileIds)])).map((ref) => [ref.id, ref]));
    return rows.map(({ offer, product, amountMinor, featureItems, imageFileIds, kind, productSet }) => ({
      id: offer.id,
      productId: product.id,
      product: {
        ...presentProduct(
          product,
          imageFileIds.flatMap((id) => refs.get(id) ?? []),
          viewer.language,
        ),
        ...(include.includes('kind') && { kind: kind && presentKind(kind, viewer.language) }),
        ...(include.includes('productSet') && {
          productSet: productSet && presentSet(productSet, viewer.language),
        }),
      },
      availableQuantity: offer.availableQuantity,
      price: moneyOf(amountMinor, viewer),
      featureItems: offeredFeatureItems(featureItems, product, kind).map((item) => ({
        id: item.id,
        featureId: item.featureId,
        featureName: item.featureName,
        value: item.value,
        displayName: item.displayName,
        price: moneyOf(item.amountMinor, viewer),
        image: (item.imageFileId && refs.get(item.imageFileId)) || null,
      })),
      favorite: false,
    }));
  }

  /** Marks the offers the viewer keeps among their favourites (a visitor keeps none). */
  async function withFavourites(
    offers: ProductTradeOffer[],
    viewer: CatalogViewer,
  ): Promise<ProductTradeOffer[]> {
    if (!viewer.userId || offers.length === 0) return offers;
    const favourites = await repo.favouriteIdsOf(
      viewer.userId,
      offers.map((offer) => offer.id),
    );
    return offers.map((offer) => (favourites.has(offer.id) ? { ...offer, favorite: true } : offer));
  }

  /** The list's conditions; null when it names a group that does not exist. */
  async function conditionsOf(
    request: Omit<FetchProductTradeOfferListRequest, 'filter'> & {
      filter?: Pick<TradeOfferListFilter, 'where'>;
    },
  ): Promise<TradeOfferConditions | null> {
    const where = request.filter?.where ?? {};
    const narrowed = conditionsFrom(
      {
        typeIds: where.typeId === undefined ? undefined : [where.typeId].flat(),
        groupIds: request.groupId === undefined ? undefined : [request.groupId],
        search: request.search,
        features:
          request.features &&
          Object.fromEntries(Object.entries(request.features).map(([id, value]) => [id, [value].flat()])),
        priceFrom: request.priceFrom,
        priceTo: request.priceTo,
      },
      request.groupId === undefined ? [] : await groups.get('all', () => repo.listGroups()),
    );
    if (!narrowed) return null;
    if (where.id) narrowed.ids = [where.id];
    if (where.productId) narrowed.productId = where.productId;
    return narrowed;
  }

  /**
   * A page of the offers that match, and how many match in all. A shared page (the catalogue's,
   * the same for every viewer of a language and currency) and its count are each kept for
   * `listCacheMs`, so that the pages most people open cost the database nothing; the count is kept
   * per conditions, so paging does not count again. A user's own lists are never shared.
   */
  async function readPage(
    conditions: TradeOfferConditions,
    filter: Pick<TradeOfferListFilter, 'order' | 'skip' | 'limit' | 'include'> | undefined,
    viewer: CatalogViewer,
    shared: boolean,
  ): Promise<ProductTradeOfferList> {
    const currencyId = viewer.currency.id;
    const page = {
      where: conditions,
      currencyId,
      language: viewer.language,
      sort: sortOf(filter?.order),
      skip: filter?.skip ?? 0,
      limit: filter?.limit ?? listLimits.defaultPageSize,
    };
    const include = filter?.include ?? [];
    const loadPage = async () => toTradeOffers(await repo.listTradeOffers(page), viewer, include);
    const loadCount = () => repo.countTradeOffers({ where: conditions, currencyId });
    const [output, totalCount] = await Promise.all(
      shared
        ? [
            pages.get(JSON.stringify([page, include]), loadPage),
            counts.get(JSON.stringify([conditions, currencyId]), loadCount),
          ]
        : [loadPage(), loadCount()],
    );
    return { output, outputInfo: { count: output.length }, totalCount };
  }

  async function list(
    request: FetchProductTradeOfferListRequest,
    viewer: CatalogViewer,
  ): Promise<ProductTradeOfferList> {
    const conditions = await conditionsOf(request);
    if (!conditions) return noMatch;
    const page = await readPage(conditions, request.filter, viewer, true);
    return { ...page, output: await withFavourites(page.output, viewer) };
  }

  /** The user's favourites: their own, so never shared. */
  async function favouritesPage(
    userId: string,
    request: FetchFavoriteTradeOfferListRequest,
    viewer: CatalogViewer,
  ): Promise<ProductTradeOfferList> {
    const conditions = await conditionsOf({ search: request.search, groupId: request.groupId });
    if (!conditions) return noMatch;
    const page = await readPage({ ...conditions, favouriteOf: userId }, request.filter, viewer, false);
    return { ...page, output: page.output.map((offer) => ({ ...offer, favorite: true })) };
  }

  async function findOrThrow(idOrSlug: string, viewer: CatalogViewer): Promise<TradeOfferListRow> {
    const row = await repo.findTradeOffer({ idOrSlug, currencyId: viewer.currency.id });
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  return {
    list,

    /** A trade offer by its id, or its product's id or slug; its set always, its kind when asked. */
    async get(
      idOrSlug: string,
      viewer: CatalogViewer,
      include: readonly ProductInclude[] = [],
    ): Promise<ProductTradeOffer> {
      const row = await findOrThrow(idOrSlug, viewer);
      const [offer] = await withFavourites(
        await toTradeOffers([row], viewer, [...include, 'productSet']),
        viewer,
      );
      if (!offer) throw new DomainError('NOT_FOUND');
      return offer;
    },

    /** These trade offers as the catalogue answers them, read now (never shared); unknown ids are left out. */
    async offersByIds(ids: string[], viewer: CatalogViewer): Promise<ProductTradeOffer[]> {
      if (ids.length === 0) return [];
      const rows = await repo.listTradeOffers({
        where: { ids: [...new Set(ids)] },
        currencyId: viewer.currency.id,
        language: viewer.language,
        sort: sortOf(undefined),
        skip: 0,
        limit: ids.length,
      });
      return toTradeOffers(rows, viewer, ['productSet']);
    },

    /** The trade offers of products of one type (the personal-account top-up), as offersByIds answers them. */
    async offersOfType(
      type: (typeof productTypes)[number],
      viewer: CatalogViewer,
    ): Promise<ProductTradeOffer[]> {
      const rows = await repo.listTradeOffers({
        where: { types: [type] },
        currencyId: viewer.currency.id,
        language: viewer.language,
        sort: sortOf(undefined),
        skip: 0,
        limit: 10,
      });
      return toTradeOffers(rows, viewer, ['productSet']);
    },

    /** Takes an order's goods out of stock, all or none (false: some offer has too few left). */
    takeStock: (lines: Array<{ tradeOfferId: string; quantity: number }>, options: { backOrder: boolean }) =>
      repo.takeStock(lines, options),
    returnStock: (lines: Array<{ tradeOfferId: string; quantity: number }>) => repo.returnStock(lines),

    /** The user's own favourites, as a trade offer list (searched and narrowed to a group as the list is). */
    listFavourites(
      userId: string,
      request: FetchFavoriteTradeOfferListRequest,
      viewer: CatalogViewer,
    ): Promise<ProductTradeOfferList> {
      return favouritesPage(userId, request, viewer);
    },

    /** Keeps a trade offer (or its product's first) among the user's favourites; twice is once. */
    async addFavourite(userId: string, productTradeOfferId: string, viewer: CatalogViewer): Promise<void> {
      const { offer } = await findOrThrow(productTradeOfferId, viewer);
      await repo.addFavourite({ userId, tradeOfferId: offer.id, now: deps.now() });
    },

    /** Drops one of the user's own favourites; NOT_FOUND when they did not keep it. */
    async removeFavourite(userId: string, productTradeOfferId: string, viewer: CatalogViewer): Promise<void> {
      const { offer } = await findOrThrow(productTradeOfferId, viewer);
      if (!(await repo.removeFavourite({ userId, tradeOfferId: offer.id })))
        throw new DomainError('NOT_FOUND');
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
