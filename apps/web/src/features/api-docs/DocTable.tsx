import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface DocColumn {
  label: string;
  /** Left out on a narrow screen, where its content is repeated in another cell or can go. */
  wideOnly?: boolean;
}

/** A documentation table that fits a narrow screen: secondary columns go, the rest wrap. */
export function DocTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly DocColumn[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
}) {
  const hidden = (index: number) => (columns[index]?.wideOnly ? 'max-sm:hidden' : undefined);
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      aria-label={caption}
      className="overflow-x-auto rounded-2xl border border-slate-200"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={column.label} scope="col" className={clsx('px-3 py-2.5 sm:px-4', hidden(index))}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key} className="align-top">
              {row.cells.map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                  key={index}
                  // Anywhere, not break-word: only 'anywhere' lets a long token (a header's value,
                  // a code in brackets) shrink the column on a phone instead of widening the table.
                  className={clsx('px-3 py-3 text-slate-700 [overflow-wrap:anywhere] sm:px-4', hidden(index))}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A name in code type; kept on one line unless it may wrap. */
export function Mono({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <code
      className={clsx(
        'rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-900',
        wrap ? 'break-all' : 'whitespace-nowrap',
      )}
    >
      {children}
    </code>
  );
}

/**
 * Shown on a narrow screen only, in the first cell: the content of a `wideOnly` column, so that a
 * row reads top to bottom there instead of squeezing its columns.
 */
export function NarrowOnly({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={clsx('sm:hidden', className)}>{children}</span>;
}
