import type { ProductTradeOffer, ProductTradeOfferList } from '@cutout/contracts';
import { useListPages } from '../../shared/list/use-list-pages.ts';
import { type CatalogQuery, catalogQueryToSearch } from './list-request.ts';

/** The pages of trade offers a catalogue list shows (see `useListPages`). */
export function useOfferPages(options: {
  query: CatalogQuery;
  groupId: string | undefined;
  queryKey: (page: number) => readonly unknown[];
  fetchPage: (page: number, signal: AbortSignal) => Promise<ProductTradeOfferList>;
}) {
  const { items, ...pages } = useListPages<ProductTradeOffer>({
    page: options.query.page,
    queryId: `${options.groupId ?? ''}?${catalogQueryToSearch({ ...options.query, page: 1 })}`,
    queryKey: options.queryKey,
    fetchPage: options.fetchPage,
  });
  return { offers: items, ...pages };
}
