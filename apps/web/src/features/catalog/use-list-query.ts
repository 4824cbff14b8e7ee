import {
  type ListQueryCodec,
  type UrlListQueryState,
  useUrlListQuery,
} from '../../shared/list/use-url-list-query.ts';
import {
  type CatalogQuery,
  type CatalogQueryResult,
  catalogQueryToSearch,
  parseCatalogQuery,
} from './list-request.ts';

export type ListQueryState = UrlListQueryState<CatalogQuery> & { result: CatalogQueryResult };

const catalogCodec: ListQueryCodec<CatalogQuery> = {
  parse: parseCatalogQuery,
  toSearch: catalogQueryToSearch,
  params: ['search', 'limit', 'sort', 'page', 'filter', 'priceFrom', 'priceTo'],
};

/** The catalogue's list query of the current URL, and how to change it so that a link reproduces the view. */
export function useListQuery(): ListQueryState {
  return useUrlListQuery(catalogCodec);
}
