import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LoadError, MissingPage } from '../../shared/list/ListStates.tsx';
import { ListPaging } from '../../shared/list/ShowMore.tsx';
import { useListMode } from '../../shared/list/use-list-mode.ts';
import { gridClasses, ListSkeleton } from './ListStates.tsx';
import type { CatalogQuery } from './list-request.ts';
import { ProductCard } from './ProductCard.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { ListQueryState } from './use-list-query.ts';
import type { useOfferPages } from './use-offer-pages.ts';

/**
 * A list of trade offers with its controls: the toolbar above, the cards (grid or rows), then
 * "show more" and the page numbers. What an empty list says is the screen's to tell.
 */
export function ProductList({
  query,
  listQuery,
  pages,
  empty,
}: {
  query: CatalogQuery;
  listQuery: ListQueryState;
  pages: ReturnType<typeof useOfferPages>;
  empty: ReactNode;
}) {
  const [mode, setMode] = useListMode();
  const { totalCount } = pages;
  const totalPages = totalCount === undefined ? 0 : Math.ceil(totalCount / query.limit);

  function showMore() {
    pages.markShowMore();
    listQuery.update({ page: query.page + 1 });
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Toolbar
        totalCount={totalCount}
        sort={query.sort}
        limit={query.limit}
        mode={mode}
        onSort={(sort) => listQuery.update({ sort })}
        onLimit={(limit) => listQuery.update({ limit })}
        onMode={setMode}
      />
      {pages.error ? (
        <LoadError error={pages.error} onRetry={pages.retry} />
      ) : pages.pending ? (
        <ListSkeleton mode={mode} />
      ) : pages.offers.length === 0 && query.page > 1 && totalCount ? (
        <MissingPage page={query.page} firstPageHref={listQuery.hrefOf({ page: 1 })} />
      ) : pages.offers.length === 0 ? (
        empty
      ) : (
        <ul
          aria-busy={pages.stale || undefined}
          className={clsx(
            mode === 'list' ? 'flex flex-col gap-3' : gridClasses,
            pages.stale && 'opacity-60 transition-opacity',
          )}
        >
          {pages.offers.map((offer) => (
            <li key={offer.id} className="flex min-w-0 flex-col [&>article]:flex-1">
              <ProductCard offer={offer} mode={mode} />
            </li>
          ))}
        </ul>
      )}
      <ListPaging
        page={query.page}
        totalPages={totalPages}
        pages={pages}
        onShowMore={showMore}
        hrefOf={(page) => listQuery.hrefOf({ page })}
      />
    </div>
  );
}
