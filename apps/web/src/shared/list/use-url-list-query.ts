import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** How a list screen reads its query from the URL and writes it back (defaults left out). */
export type ListQueryCodec<Query extends { page: number }> = {
  parse: (params: URLSearchParams) => { ok: true; query: Query } | { ok: false; error: 'params' | 'filter' };
  toSearch: (query: Partial<Query>) => string;
  /** The params the screen owns; any other (an open modal's) is left as it is. */
  params: readonly string[];
};

export type UrlListQueryState<Query extends { page: number }> = {
  result: ReturnType<ListQueryCodec<Query>['parse']>;
  /** Changes the URL; any change but the page's goes back to page 1. */
  update: (patch: Partial<Query>) => void;
  /** The query string ('?…', or empty) of the query changed so, for links below another path. */
  searchOf: (patch: Partial<Query>) => string;
  /** This page's address with the query changed so. */
  hrefOf: (patch: Partial<Query>) => string;
};

/** A list screen's query of the current URL, read and written by its codec (pass a stable one). */
export function useUrlListQuery<Query extends { page: number }>(
  codec: ListQueryCodec<Query>,
): UrlListQueryState<Query> {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const result = useMemo(() => codec.parse(params), [codec, params]);

  const searchOf = useCallback(
    (patch: Partial<Query>) => {
      const base: Partial<Query> = result.ok ? result.query : {};
      const next = new URLSearchParams(codec.toSearch({ ...base, page: 1, ...patch }));
      for (const [name, value] of params) if (!codec.params.includes(name)) next.append(name, value);
      const search = next.toString();
      return search ? `?${search}` : '';
    },
    [codec, params, result],
  );

  const hrefOf = useCallback(
    (patch: Partial<Query>) => `${pathname}${searchOf(patch)}`,
    [pathname, searchOf],
  );

  const update = useCallback(
    (patch: Partial<Query>) => setParams(new URLSearchParams(searchOf(patch)), { preventScrollReset: true }),
    [searchOf, setParams],
  );

  return { result, update, searchOf, hrefOf };
}
