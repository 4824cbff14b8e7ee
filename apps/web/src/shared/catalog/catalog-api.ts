import {
  type FetchFavoriteTradeOfferListRequest,
  type FetchProductTradeOfferListRequest,
  type ProductFeature,
  type ProductGroup,
  type ProductTradeOffer,
  type ProductTradeOfferList,
  productFeatureListSchema,
  productGroupListSchema,
  productTradeOfferListSchema,
  productTradeOfferSchema,
  resultSchema,
} from '@cutout/contracts';
import { apiRequest } from '../api/client.ts';

export type { ProductFeature, ProductGroup, ProductTradeOffer, ProductTradeOfferList };

/** The groups as the catalogue reads them: the list, and whether it is all of them. */
export interface ProductGroups {
  list: ProductGroup[];
  complete: boolean;
}

const post = <T>(path: string, body: unknown, parse: (data: unknown) => T, signal?: AbortSignal) =>
  apiRequest(`/products${path}`, { method: 'POST', body, parse, signal });

/** The catalogue calls of SPEC §7.5; prices come in the session's currency, names in its language. */
export const catalogApi = {
  list: (request: FetchProductTradeOfferListRequest, signal?: AbortSignal) =>
    post('/fetchProductTradeOfferList', request, (data) => productTradeOfferListSchema.parse(data), signal),

  /** By a trade offer's id, or a product's id or slug. */
  get: (idOrSlug: string, signal?: AbortSignal) =>
    post(
      `/${encodeURIComponent(idOrSlug)}/fetchProductTradeOffer`,
      {},
      (data) => productTradeOfferSchema.parse(data),
      signal,
    ),

  /** The signed-in user's favourites (401 AUTHORIZATION_REQUIRED for a visitor). */
  favourites: (request: FetchFavoriteTradeOfferListRequest, signal?: AbortSignal) =>
    post(
      '/favorites/fetchTradeOfferList',
      request,
      (data) => productTradeOfferListSchema.parse(data),
      signal,
    ),

  addFavourite: (productTradeOfferId: string) =>
    post('/favorites/addTradeOffer', { productTradeOfferId }, (data) => resultSchema.parse(data)),

  removeFavourite: (productTradeOfferId: string) =>
    post('/favorites/removeTradeOffer', { productTradeOfferId }, (data) => resultSchema.parse(data)),

  /**
   * The product groups (a small tree), for the catalogue's navigation; `complete` when the page
   * holds every group there is, so that a group missing from it does not exist.
   */
  groups: (signal?: AbortSignal): Promise<ProductGroups> =>
    apiRequest(`/productGroups?filter=${encodeURIComponent(JSON.stringify({ limit: 128 }))}`, {
      signal,
      parse: (data) => {
        const { output, totalCount } = productGroupListSchema.parse(data);
        return { list: output, complete: output.length >= totalCount };
      },
    }),

  /** The features offers are filtered by (size, colour), each with the values offers have. */
  features: (signal?: AbortSignal) =>
    apiRequest('/productFeatures', { signal, parse: (data) => productFeatureListSchema.parse(data).output }),
};

/** React Query keys: everything under ['catalog'] is refetched when a favourite changes. */
export const catalogQueryKeys = {
  all: ['catalog'] as const,
  list: (request: FetchProductTradeOfferListRequest) => ['catalog', 'list', request] as const,
  offer: (idOrSlug: string) => ['catalog', 'offer', idOrSlug] as const,
  favourites: (request: FetchFavoriteTradeOfferListRequest) => ['catalog', 'favourites', request] as const,
  groups: ['catalog', 'groups'] as const,
  features: ['catalog', 'features'] as const,
};

/** The product page of an offer, below the language: /products/{offer id}/{product slug}. */
export function productPagePath(offer: Pick<ProductTradeOffer, 'id' | 'product'>): string {
  return `/products/${encodeURIComponent(offer.id)}/${encodeURIComponent(offer.product.slugifyId)}`;
}
