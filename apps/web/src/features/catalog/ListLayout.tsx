import type { ReactNode } from 'react';
import type { ProductGroup } from '../../shared/catalog/catalog-api.ts';
import { GroupNav } from './GroupNav.tsx';
import type { CatalogQuery } from './list-request.ts';
import { SearchNotice } from './SearchNotice.tsx';
import type { ListQueryState } from './use-list-query.ts';

/**
 * The frame of a list screen under its heading: "Results for …" while a search is on, then the
 * groups tree (and whatever else the screen puts beside the list) in a sidebar, and the list.
 */
export function ListLayout({
  query,
  listQuery,
  groups,
  group,
  basePath,
  sidebar,
  children,
}: {
  query: CatalogQuery;
  listQuery: ListQueryState;
  groups: ProductGroup[] | undefined;
  group: ProductGroup | undefined;
  /** Where the groups tree leads: '/products/catalog' or '/favorites/catalog'. */
  basePath: string;
  sidebar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {query.search && (
        <SearchNotice search={query.search} onClear={() => listQuery.update({ search: undefined })} />
      )}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-24">
          {groups && groups.length > 0 && (
            <div className="rounded-3xl border border-slate-200 bg-white p-3 shadow-sm">
              {/* Another group has other features: its link keeps the search, sort and page size only. */}
              <GroupNav
                groups={groups}
                active={group}
                basePath={basePath}
                search={listQuery.searchOf({ filter: {}, price: {} })}
              />
            </div>
          )}
          {sidebar}
        </aside>
        {children}
      </div>
    </>
  );
}
