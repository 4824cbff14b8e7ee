import {
  type FetchFavoriteTradeOfferListRequest,
  type FetchProductTradeOfferListRequest,
  isCurrencyCode,
  listLimits,
  type Money,
  type ProductTradeOffer,
  type ProductTradeOfferList,
  type ProductTypeId,
  type TradeOfferListFilter,
} from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { FilesService } from '../files/files.service.ts';
import { imagesOf, presentProduct } from './catalog.present.ts';
import type {
  CatalogRepo,
  FeatureItemRow,
  ProductGroupRow,
  ProductRow,
  TradeOfferConditions,
  TradeOfferListRow,
  TradeOfferSort,
} from './catalog.repo.ts';

/** Who asks and in what: the request's language and currency, and the signed-in user if any. */
export interface CatalogViewer {
  language: string;
  currency: { id: string; characterCode: string };
  userId: string | null;
}

const typeOf = (typeId: ProductTypeId) => typeId.replace('product_types.', '') as ProductRow['type'];

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
}) {
  const { repo } = deps;

  function moneyOf(amountMinor: number | null, viewer: CatalogViewer): Money | null {
    const code = viewer.currency.characterCode;
    return amountMinor === null || !isCurrencyCode(code) ? null : { amountMinor, currency: code };
  }

  async function toTradeOffers(
    rows: TradeOfferListRow[],
    viewer: CatalogViewer,
  ): Promise<ProductTradeOffer[]> {
    const ids = rows.map((row) => row.offer.id);
    const features = await repo.featureItemsOf(ids, viewer.currency.id);
    const favourites = viewer.userId ? await repo.favouriteIdsOf(viewer.userId, ids) : new Set<string>();
    const images = await imagesOf(deps, [...new Set(rows.map((row) => row.product.id))]);
    const featuresOf = (id: string) => features.filter((item: FeatureItemRow) => item.tradeOfferId === id);
    return rows.map(({ offer, product, amountMinor }) => ({
      id: offer.id,
      productId: product.id,
      product: presentProduct(product, images.get(product.id) ?? [], viewer.language),
      availableQuantity: offer.availableQuantity,
      price: moneyOf(amountMinor, viewer),
      featureItems: featuresOf(offer.id).map((item) => ({
        id: item.id,
        featureId: item.featureId,
        featureName: item.featureName,
        value: item.value,
        displayName: item.displayName,
        price: moneyOf(item.amountMinor, viewer),
      })),
      favorite: favourites.has(offer.id),
    }));
  }

  async function conditionsOf(
    request: FetchProductTradeOfferListRequest,
  ): Promise<TradeOfferConditions | null> {
    const where = request.filter?.where ?? {};
    const conditions: TradeOfferConditions = {};
    if (where.id) conditions.ids = [where.id];
    if (where.productId) conditions.productId = where.productId;
    if (where.typeId)
      conditions.types = (Array.isArray(where.typeId) ? where.typeId : [where.typeId]).map(typeOf);
    if (request.groupId) {
      conditions.groupIds = groupWithSubgroups(await repo.listGroups(), request.groupId);
      // An unknown group has no products.
      if (conditions.groupIds.length === 0) return null;
    }
    if (request.search !== undefined) {
      const words = searchWordsOf(request.search);
      if (words.length > 0) conditions.searchWords = words;
    }
    conditions.priceFrom = request.priceFrom;
    conditions.priceTo = request.priceTo;
    if (request.features) {
      conditions.features = Object.fromEntries(
        Object.entries(request.features).map(([id, value]) => [id, Array.isArray(value) ? value : [value]]),
      );
    }
    return conditions;
  }

  async function list(
    request: FetchProductTradeOfferListRequest & { favouriteOf?: string },
    viewer: CatalogViewer,
  ): Promise<ProductTradeOfferList> {
    const filter = request.filter ?? {};
    const conditions = await conditionsOf(request);
    if (!conditions) return { output: [], outputInfo: { count: 0 }, totalCount: 0 };
    if (request.favouriteOf) conditions.favouriteOf = request.favouriteOf;
    const { rows, total } = await repo.listTradeOffers({
      where: conditions,
      currencyId: viewer.currency.id,
      language: viewer.language,
      sort: sortOf(filter.order),
      skip: filter.skip ?? 0,
      limit: filter.limit ?? listLimits.defaultPageSize,
    });
    const output = await toTradeOffers(rows, viewer);
    return { output, outputInfo: { count: output.length }, totalCount: total };
  }

  async function findOrThrow(idOrSlug: string, viewer: CatalogViewer): Promise<TradeOfferListRow> {
    const row = await repo.findTradeOffer({ idOrSlug, currencyId: viewer.currency.id });
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  return {
    list: (request: FetchProductTradeOfferListRequest, viewer: CatalogViewer) => list(request, viewer),

    /** A trade offer by its id, or its product's id or slug; NOT_FOUND when none. */
    async get(idOrSlug: string, viewer: CatalogViewer): Promise<ProductTradeOffer> {
      const [offer] = await toTradeOffers([await findOrThrow(idOrSlug, viewer)], viewer);
      if (!offer) throw new DomainError('NOT_FOUND');
      return offer;
    },

    /** The user's own favourites, as a trade offer list (searched and narrowed to a group as the list is). */
    listFavourites(
      userId: string,
      request: FetchFavoriteTradeOfferListRequest,
      viewer: CatalogViewer,
    ): Promise<ProductTradeOfferList> {
      return list({ ...request, favouriteOf: userId }, { ...viewer, userId });
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
