import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';

/**
 * The pages a list shows. Numbered pagination shows the URL's page; "show more" appends the next
 * page under those already shown and moves the URL to it. The pages appended are remembered here,
 * for the same query only: a link, a page number or any other change shows one page again.
 */
export function useListPages<Item extends { id: string }>(options: {
  /** The URL's page. */
  page: number;
  /** The query without its page: pages of another query are never appended. */
  queryId: string;
  queryKey: (page: number) => readonly unknown[];
  fetchPage: (page: number, signal: AbortSignal) => Promise<{ output: Item[]; totalCount: number }>;
}) {
  const { page, queryId } = options;
  const [run, setRun] = useState<{ queryId: string; from: number; to: number } | null>(null);
  const from = run && run.queryId === queryId && run.to === page ? run.from : page;
  const pages = Array.from({ length: page - from + 1 }, (_, index) => from + index);

  const results = useQueries({
    queries: pages.map((number) => ({
      queryKey: options.queryKey(number),
      queryFn: ({ signal }: { signal: AbortSignal }) => options.fetchPage(number, signal),
    })),
  });

  const loaded = results.flatMap((result) => (result.data ? [result.data] : []));
  const seen = new Set<string>();
  const current = {
    items: loaded
      .flatMap((list) => list.output)
      .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id))),
    totalCount: loaded.at(-1)?.totalCount,
  };
  const pending = results[0]?.isPending ?? true;
  // While another page or query loads, the list shown before stays (dimmed) instead of blinking.
  const shown = useRef<{ items: Item[]; totalCount?: number } | null>(null);
  if (!pending) shown.current = current;
  const stale = pending && shown.current !== null;
  const view = stale && shown.current ? shown.current : current;

  return {
    items: view.items,
    /** How many items match in all, once a page has come. */
    totalCount: view.totalCount,
    /** Nothing to show yet. */
    pending: pending && !stale,
    /** The list shown is the previous one while this one loads. */
    stale,
    loadingMore: pages.length > 1 && Boolean(results.at(-1)?.isPending),
    error: results.find((result) => result.isError)?.error ?? null,
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
    /** Appends the page after the URL's one; the caller moves the URL to it. */
    markShowMore: () => setRun({ queryId, from, to: page + 1 }),
  };
}
