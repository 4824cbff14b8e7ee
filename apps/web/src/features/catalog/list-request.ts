import {
  catalogSearchMaxLength,
  type FetchFavoriteTradeOfferListRequest,
  type FetchProductTradeOfferListRequest,
  fractionDigits,
  type ListQuery,
  type ListSort,
  listQueryToFilter,
  listQueryToSearch,
  maxInt32,
  parseListQuery,
  tradeOfferOrderProperties,
} from '@cutout/contracts';

/**
 * The URL of a catalogue list screen and the request it makes. The URL holds the list query of SPEC
 * §2.2 (search, limit, sort, page, filter of feature id → value id(s)) and a price range in major
 * units (`priceFrom`, `priceTo`: what people type); the request counts money in minor units.
 */

/** Lowest and highest price in major units (roubles, dollars), as typed. */
export type PriceRange = { from?: number; to?: number };

export type CatalogQuery = ListQuery & { price: PriceRange };

export type CatalogQueryResult =
  | { ok: true; query: CatalogQuery }
  | { ok: false; error: 'params' | 'filter' };

/** The sorts offered, the first being the default (SPEC §9: priority ascending). */
export const sortOptions = [
  { id: 'priorityAsc', sort: { property: 'priority', direction: 'asc' } },
  { id: 'nameAsc', sort: { property: 'name', direction: 'asc' } },
  { id: 'priceAsc', sort: { property: 'price', direction: 'asc' } },
  { id: 'priceDesc', sort: { property: 'price', direction: 'desc' } },
  { id: 'createdAtDesc', sort: { property: 'createdAt', direction: 'desc' } },
] as const satisfies ReadonlyArray<{ id: string; sort: ListSort }>;

export const defaultSort: ListSort = sortOptions[0].sort;

const priceParams = { from: 'priceFrom', to: 'priceTo' } as const;

/**
 * Reads a list screen's URL. Besides what `parseListQuery` refuses, a sort by a property trade
 * offers cannot be ordered by, or a price that is not a number ≥ 0, is an error about the params.
 */
export function parseCatalogQuery(params: URLSearchParams): CatalogQueryResult {
  const parsed = parseListQuery(params);
  if (!parsed.ok) return parsed;
  const { sort } = parsed.query;
  if (sort && !(tradeOfferOrderProperties as readonly string[]).includes(sort.property))
    return { ok: false, error: 'params' };
  const from = readPrice(params.get(priceParams.from));
  const to = readPrice(params.get(priceParams.to));
  if (from === null || to === null) return { ok: false, error: 'params' };
  return {
    ok: true,
    query: {
      ...parsed.query,
      price: { ...(from !== undefined && { from }), ...(to !== undefined && { to }) },
    },
  };
}

/** Writes a query back as a query string without '?', leaving out defaults: one view, one link. */
export function catalogQueryToSearch(query: Partial<CatalogQuery>): string {
  const { price, sort, ...list } = query;
  const isDefaultSort = sort?.property === defaultSort.property && sort.direction === defaultSort.direction;
  const params = new URLSearchParams(listQueryToSearch({ ...list, ...(sort && !isDefaultSort && { sort }) }));
  if (price?.from !== undefined) params.set(priceParams.from, String(price.from));
  if (price?.to !== undefined) params.set(priceParams.to, String(price.to));
  return params.toString();
}

/** Whether feature values or a price narrow the list. */
export function hasFilters(query: Pick<CatalogQuery, 'filter' | 'price'>): boolean {
  return (
    Object.keys(query.filter).length > 0 || query.price.from !== undefined || query.price.to !== undefined
  );
}

/** Whether the visitor narrowed the list (then an empty list offers to reset that). */
export function isNarrowed(query: CatalogQuery): boolean {
  return Boolean(query.search) || hasFilters(query);
}

/** The catalogue request for one page of a query; the price range in minor units of `currency`. */
export function tradeOfferListRequest(options: {
  query: CatalogQuery;
  page: number;
  groupId?: string;
  currency: string;
}): FetchProductTradeOfferListRequest {
  const { query, groupId } = options;
  const priceFrom = toMinorUnits(query.price.from, options.currency);
  const priceTo = toMinorUnits(query.price.to, options.currency);
  return {
    filter: pageFilter(query, options.page),
    ...(query.search && { search: query.search.slice(0, catalogSearchMaxLength) }),
    ...(groupId && { groupId }),
    ...(priceFrom !== undefined && { priceFrom }),
    ...(priceTo !== undefined && { priceTo }),
    ...(Object.keys(query.filter).length > 0 && { features: query.filter }),
  };
}

/** The favourites request for one page of a query: search, group, order and the page. */
export function favouriteListRequest(options: {
  query: CatalogQuery;
  page: number;
  groupId?: string;
}): FetchFavoriteTradeOfferListRequest {
  const { query, groupId } = options;
  return {
    filter: pageFilter(query, options.page),
    ...(query.search && { search: query.search.slice(0, catalogSearchMaxLength) }),
    ...(groupId && { groupId }),
  };
}

function pageFilter(query: CatalogQuery, page: number) {
  const { skip, limit } = listQueryToFilter({ ...query, page });
  const sort = query.sort ?? defaultSort;
  return { order: `${sort.property} ${sort.direction}`, skip, limit };
}

/** undefined when absent, null when not a number ≥ 0. */
function readPrice(text: string | null): number | undefined | null {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const value = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

/** 19.99 RUB → 1999; a currency money cannot be counted in is taken as having cents. */
export function toMinorUnits(amount: number | undefined, currency: string): number | undefined {
  if (amount === undefined) return undefined;
  const digits = fractionDigits(currency);
  // No price is higher than the API counts: a bound above it finds what a bound at it does.
  return Math.min(Math.round(amount * 10 ** digits), maxInt32);
}
