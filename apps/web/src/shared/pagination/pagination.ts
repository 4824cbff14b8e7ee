/** A button of numbered pagination: a page number, or a gap that stands for the pages left out. */
export type PaginationItem = number | 'gap';

export type PaginationOptions = {
  /** The current page, from 1; clamped to 1..totalPages. */
  page: number;
  totalPages: number;
  /** Pages shown on each side of the current one. */
  siblingCount?: number;
};

/**
 * The items of numbered pagination (SPEC §9).
 *
 * - When totalPages ≤ siblingCount + 5, every page is shown: 1..totalPages (none for 0 pages).
 * - Otherwise: the first page, the window page − siblingCount .. page + siblingCount (within the pages),
 *   the last page, and between them a gap wherever pages are left out. A gap is drawn only for two
 *   or more pages: a single left-out page takes no more room than its gap would, so its number is
 *   shown instead.
 *
 * With 20 pages and siblingCount 1: page 1 → 1 2 … 20; page 4 → 1 2 3 4 5 … 20;
 * page 10 → 1 … 9 10 11 … 20; page 17 → 1 … 16 17 18 19 20.
 */
export function paginationItems({ page, totalPages, siblingCount = 1 }: PaginationOptions): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  const siblings = Math.max(0, Math.floor(siblingCount));
  if (total <= siblings + 5) return pages(1, total);

  const current = Math.min(Math.max(Number.isFinite(page) ? Math.floor(page) : 1, 1), total);
  const start = Math.max(current - siblings, 2);
  const end = Math.min(current + siblings, total - 1);
  return [
    1,
    ...(start - 2 >= 2 ? (['gap'] as const) : pages(2, start - 1)),
    ...pages(start, end),
    ...(total - 1 - end >= 2 ? (['gap'] as const) : pages(end + 1, total - 1)),
    total,
  ];
}

/** first..last, or none when last < first. */
function pages(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}
