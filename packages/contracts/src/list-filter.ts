import { listLimits } from './limits.ts';
import { z } from './zod.ts';

/**
 * Lists, in two forms. The list filter (SPEC §7.7) is what a generic list call takes as JSON:
 * where, include, order, skip, limit. The list query (SPEC §2.2) is what a list screen keeps in its
 * URL: search, limit, sort, page and a filter of property id → value id(s); reading a bad one is an
 * error about the params or about the filter (SPEC §8.1).
 */

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** 'property direction' with one space: 'createdAt desc', 'price.amount asc'. */
const orderPattern = /^([A-Za-z_][A-Za-z0-9_.]*) (asc|desc)$/;

/** The list filter of a generic list call (SPEC §7.7); unknown keys are refused, not ignored. */
export const listFilterSchema = z.strictObject({
  where: z.record(z.string(), z.unknown()).optional(),
  include: z.array(z.string().min(1)).optional(),
  /** 'property asc' or 'property desc'. */
  order: z.string().regex(orderPattern).optional(),
  skip: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(listLimits.maxPageSize).optional(),
});
export type ListFilter = z.infer<typeof listFilterSchema>;

export type ListFilterResult = { ok: true; filter: ListFilter } | { ok: false; error: 'filter' };

/** Reads a list filter sent as JSON (`?filter=` of a generic list call). */
export function parseListFilter(text: string): ListFilterResult {
  const parsed = listFilterSchema.safeParse(parseJson(text));
  return parsed.success ? { ok: true, filter: parsed.data } : { ok: false, error: 'filter' };
}

export type ListPageSize = (typeof listLimits.pageSizes)[number];
export type ListSort = { property: string; direction: SortDirection };

const valueIdSchema = z.string().min(1);
/** Property id → one value id or a list of them; ids are strings, as everywhere in the contracts. */
const listQueryFilterSchema = z.record(z.string().min(1), z.union([valueIdSchema, z.array(valueIdSchema)]));
export type ListQueryFilter = z.infer<typeof listQueryFilterSchema>;

/** The state of a list screen as its URL holds it (SPEC §2.2). */
export type ListQuery = {
  search?: string;
  limit: ListPageSize;
  sort?: ListSort;
  /** From 1. */
  page: number;
  filter: ListQueryFilter;
};

export type ListQueryResult = { ok: true; query: ListQuery } | { ok: false; error: 'params' | 'filter' };

const defaultQuery = { limit: listLimits.defaultPageSize, page: 1 } as const;

/**
 * Reads a list screen's query params. Absent or blank params take their defaults (limit 16, page 1,
 * no search, sort or filter); search is trimmed. 'params' when page is not an integer ≥ 1, limit is not
 * one of the page sizes (16, 32, 64, 128) or sort is not 'property asc|desc'; 'filter' when filter is
 * not JSON of an object whose values are a value id (a non-empty string) or a list of them. A property
 * with an empty list filters nothing and is dropped. Params are checked before the filter.
 */
export function parseListQuery(searchParams: URLSearchParams | string): ListQueryResult {
  const params = typeof searchParams === 'string' ? new URLSearchParams(searchParams) : searchParams;
  const read = (name: string) => params.get(name)?.trim() || undefined;

  const pageText = read('page');
  const page = pageText === undefined ? defaultQuery.page : positiveInteger(pageText);
  const limitText = read('limit');
  const limit = limitText === undefined ? defaultQuery.limit : pageSize(limitText);
  const sortText = read('sort');
  const sort = sortText === undefined ? undefined : parseSort(sortText);
  if (page === null || limit === null || sort === null) return { ok: false, error: 'params' };

  const filterText = read('filter');
  const filter = filterText === undefined ? {} : parseQueryFilter(filterText);
  if (filter === null) return { ok: false, error: 'filter' };

  const search = read('search');
  return { ok: true, query: { ...(search && { search }), limit, ...(sort && { sort }), page, filter } };
}

/**
 * Writes a list query back as a query string without '?' (search, limit, sort, page, filter in that
 * order), leaving out what holds its default, so that a link reproduces the view. Filter keys are
 * sorted and empty lists dropped: one view, one link.
 */
export function listQueryToSearch(query: Partial<ListQuery>): string {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (query.limit !== undefined && query.limit !== defaultQuery.limit)
    params.set('limit', String(query.limit));
  if (query.sort) params.set('sort', `${query.sort.property} ${query.sort.direction}`);
  if (query.page !== undefined && query.page !== defaultQuery.page) params.set('page', String(query.page));
  const filter = withoutEmptyLists(query.filter ?? {});
  const keys = Object.keys(filter).sort();
  if (keys.length > 0)
    params.set('filter', JSON.stringify(Object.fromEntries(keys.map((key) => [key, filter[key]]))));
  return params.toString();
}

/** The order, skip and limit of the list filter that fetches a list query's page. */
export function listQueryToFilter(query: ListQuery): ListFilter {
  return {
    ...(query.sort && { order: `${query.sort.property} ${query.sort.direction}` }),
    skip: (query.page - 1) * query.limit,
    limit: query.limit,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function positiveInteger(text: string): number | null {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

function pageSize(text: string): ListPageSize | null {
  return listLimits.pageSizes.find((size) => String(size) === text) ?? null;
}

function parseSort(text: string): ListSort | null {
  const match = orderPattern.exec(text);
  return match ? { property: match[1]!, direction: match[2] as SortDirection } : null;
}

function parseQueryFilter(text: string): ListQueryFilter | null {
  const parsed = listQueryFilterSchema.safeParse(parseJson(text));
  return parsed.success ? withoutEmptyLists(parsed.data) : null;
}

function withoutEmptyLists(filter: ListQueryFilter): ListQueryFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => !Array.isArray(value) || value.length > 0),
  );
}
