import type { ListMode } from '../../shared/list/use-list-mode.ts';

/** Grey cards in the shape of the list while its first page loads. */
export function ListSkeleton({ mode }: { mode: ListMode }) {
  return (
    <div aria-hidden="true" className={mode === 'list' ? 'flex flex-col gap-3' : gridClasses}>
      {Array.from({ length: mode === 'list' ? 4 : 6 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          key={index}
          className={
            mode === 'list'
              ? 'h-28 animate-pulse rounded-3xl bg-slate-200/60'
              : 'h-80 animate-pulse rounded-3xl bg-slate-200/60'
          }
        />
      ))}
    </div>
  );
}

/** One column on a phone, two on a tablet, three beside the sidebar on a desktop. */
export const gridClasses = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';
