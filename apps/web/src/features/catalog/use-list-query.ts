import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  type CatalogQuery,
  type CatalogQueryResult,
  catalogQueryToSearch,
  parseCatalogQuery,
} from './list-request.ts';

/** The params a list screen owns; any other (an open modal's) is left as it is. */
const ownParams = ['search', 'limit', 'sort', 'page', 'filter', 'priceFrom', 'priceTo'];

export type ListQueryState = {
  result: CatalogQueryResult;
  /** Changes the URL; any change but the page's goes back to page 1. */
  update: (patch: Partial<CatalogQuery>) => void;
  /** The query string ('?…', or empty) of the query changed so, for links below another path. */
  searchOf: (patch: Partial<CatalogQuery>) => string;
  /** This page's address with the query changed so. */
  hrefOf: (patch: Partial<CatalogQuery>) => string;
};

/** The list query of the current URL, and how to change it so that a link reproduces the view. */
export function useListQuery(): ListQueryState {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const result = useMemo(() => parseCatalogQuery(params), [params]);

  const searchOf = useCallback(
    (patch: Partial<CatalogQuery>) => {
      const base = result.ok ? result.query : {};
      const next = new URLSearchParams(catalogQueryToSearch({ ...base, page: 1, ...patch }));
      for (const [name, value] of params) if (!ownParams.includes(name)) next.append(name, value);
      const search = next.toString();
      return search ? `?${search}` : '';
    },
    [params, result],
  );

  const hrefOf = useCallback(
    (patch: Partial<CatalogQuery>) => `${pathname}${searchOf(patch)}`,
    [pathname, searchOf],
  );

  const update = useCallback(
    (patch: Partial<CatalogQuery>) =>
      setParams(new URLSearchParams(searchOf(patch)), { preventScrollReset: true }),
    [searchOf, setParams],
  );

  return { result, update, searchOf, hrefOf };
}
