import {
  type FetchOrderListRequest,
  type ListSort,
  listLimits,
  listQueryToSearch,
  type OrderStatus,
  orderListMaxSkip,
  orderStatuses,
  parseListQuery,
} from '@cutout/contracts';
import type { ListQueryCodec } from '../../shared/list/use-url-list-query.ts';

/**
 * The URL of the orders list (SPEC §2.2): search, limit, sort, page and filter, the filter being
 * `{"status": "<status>"}`. Orders come 6 a page (SPEC §9); sort is by periodAt only, new first by
 * default (SPEC §2.5).
 */

/** Page sizes of the orders list: the first is the default. */
export const orderPageSizes = [6, 12, 24, 48] as const;
export type OrderPageSize = (typeof orderPageSizes)[number];

export type OrderSortDirection = 'desc' | 'asc';

export type OrdersQuery = {
  search?: string;
  limit: OrderPageSize;
  sort: OrderSortDirection;
  page: number;
  status?: OrderStatus;
};

export type OrdersQueryResult = { ok: true; query: OrdersQuery } | { ok: false; error: 'params' | 'filter' };

const sortProperty = 'periodAt';
const defaultLimit = orderPageSizes[0];

/** Reads the orders list's URL; a limit, sort or status this list does not offer is an error. */
export function parseOrdersQuery(params: URLSearchParams): OrdersQueryResult {
  // The page sizes differ from the catalogue's: the limit is read here, the rest by the contracts.
  const rest = new URLSearchParams(params);
  rest.delete('limit');
  const parsed = parseListQuery(rest);
  if (!parsed.ok) return parsed;
  const limitText = params.get('limit')?.trim();
  const limit = limitText ? orderPageSizes.find((size) => String(size) === limitText) : defaultLimit;
  const { sort, filter, page, search } = parsed.query;
  if (!limit || (sort && sort.property !== sortProperty)) return { ok: false, error: 'params' };
  const { status, ...others } = filter;
  if (Object.keys(others).length > 0 || (status !== undefined && !isOrderStatus(status)))
    return { ok: false, error: 'filter' };
  return {
    ok: true,
    query: {
      ...(search && { search }),
      limit,
      sort: sort?.direction ?? 'desc',
      page,
      ...(status !== undefined && { status }),
    },
  };
}

/** Writes the query back as a query string without '?', leaving out defaults. */
export function ordersQueryToSearch(query: Partial<OrdersQuery>): string {
  const sort: ListSort | undefined =
    query.sort === 'asc' ? { property: sortProperty, direction: 'asc' } : undefined;
  const params = new URLSearchParams(
    listQueryToSearch({
      ...(query.search && { search: query.search }),
      ...(sort && { sort }),
      ...(query.page !== undefined && { page: query.page }),
      filter: query.status ? { status: query.status } : {},
    }),
  );
  if (query.limit !== undefined && query.limit !== defaultLimit) params.set('limit', String(query.limit));
  return params.toString();
}

export const ordersQueryCodec: ListQueryCodec<OrdersQuery> = {
  parse: parseOrdersQuery,
  toSearch: ordersQueryToSearch,
  params: ['search', 'limit', 'sort', 'page', 'filter'],
};

/** The list request for one page of a query. */
export function orderListRequest(query: OrdersQuery, page: number): FetchOrderListRequest {
  return {
    filter: {
      ...(query.status && { where: { status: query.status } }),
      order: `${sortProperty} ${query.sort}`,
      skip: Math.min((page - 1) * query.limit, orderListMaxSkip),
      limit: query.limit,
    },
    ...(query.search && { search: query.search.slice(0, listLimits.maxSearchLength) }),
  };
}

/** Whether a search or a status narrows the list (then an empty list is "no match", not "no orders"). */
export function isNarrowed(query: OrdersQuery): boolean {
  return Boolean(query.search) || query.status !== undefined;
}

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}
