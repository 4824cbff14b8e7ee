import {
  blogPageSize,
  type FetchPageListRequest,
  listLimits,
  type PageSort,
  pageListMaxSkip,
  pageSorts,
  parseListQuery,
} from '@cutout/contracts';
import type { ListQueryCodec } from '../../shared/list/use-url-list-query.ts';

/**
 * The URL of the blog list (SPEC §2.2): search, limit, sort ('property direction'), page and filter.
 * Posts come 8 a page (SPEC §9), so the page sizes are 8 and then the catalogue's; the sorts are
 * those of SPEC §9, newest first by default. The blog has no filter of its own: any property in
 * `filter` is an error about the filter, as an unknown limit or sort is about the params.
 */

/** Page sizes of the blog: the first is the default. */
export const blogPageSizes = [blogPageSize, ...listLimits.pageSizes] as const;
export type BlogPageSize = (typeof blogPageSizes)[number];

export type BlogQuery = {
  search?: string;
  limit: BlogPageSize;
  sort: PageSort;
  page: number;
};

export type BlogQueryResult = { ok: true; query: BlogQuery } | { ok: false; error: 'params' | 'filter' };

export const defaultBlogSort: PageSort = 'createdAt desc';
const defaultLimit = blogPageSizes[0];

/** Reads the blog's URL; a limit, sort or filter the blog does not offer is an error. */
export function parseBlogQuery(params: URLSearchParams): BlogQueryResult {
  // The page sizes differ from the catalogue's: the limit is read here, the rest by the contracts.
  const rest = new URLSearchParams(params);
  rest.delete('limit');
  const parsed = parseListQuery(rest);
  if (!parsed.ok) return parsed;
  const limitText = params.get('limit')?.trim();
  const limit = limitText ? blogPageSizes.find((size) => String(size) === limitText) : defaultLimit;
  const { sort, filter, page, search } = parsed.query;
  const sortText = sort ? `${sort.property} ${sort.direction}` : defaultBlogSort;
  if (!limit || !isPageSort(sortText)) return { ok: false, error: 'params' };
  if (Object.keys(filter).length > 0) return { ok: false, error: 'filter' };
  return { ok: true, query: { ...(search && { search }), limit, sort: sortText, page } };
}

/** Writes the query back as a query string without '?' (search, limit, sort, page), leaving out defaults. */
export function blogQueryToSearch(query: Partial<BlogQuery>): string {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (query.limit !== undefined && query.limit !== defaultLimit) params.set('limit', String(query.limit));
  if (query.sort && query.sort !== defaultBlogSort) params.set('sort', query.sort);
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export const blogQueryCodec: ListQueryCodec<BlogQuery> = {
  parse: parseBlogQuery,
  toSearch: blogQueryToSearch,
  params: ['search', 'limit', 'sort', 'page', 'filter'],
};

/** The list request for one page of a query: blog posts only. */
export function postListRequest(query: BlogQuery, page: number): FetchPageListRequest {
  return {
    filter: {
      where: { typeId: 'store_pages_types.blog_post' },
      order: query.sort,
      skip: Math.min((page - 1) * query.limit, pageListMaxSkip),
      limit: query.limit,
    },
    ...(query.search && { search: query.search.slice(0, listLimits.maxSearchLength) }),
  };
}

function isPageSort(text: string): text is PageSort {
  return (pageSorts as readonly string[]).includes(text);
}
