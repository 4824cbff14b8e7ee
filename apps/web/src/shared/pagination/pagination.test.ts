import { describe, expect, it } from 'vitest';
import { type PaginationItem, paginationItems } from './pagination.ts';

const g = 'gap';
const pageNumbers = [1, 2, 3, 4, 10, 17, 18, 19, 20];

describe('paginationItems', () => {
  // [totalPages, siblingCount, page, items]; pages past the last are read as the last.
  it.each<[number, number, number, PaginationItem[]]>([
    ...pageNumbers.flatMap((page): [number, number, number, PaginationItem[]][] => [
      [0, 1, page, []],
      [0, 2, page, []],
      [1, 1, page, [1]],
      [1, 2, page, [1]],
      [6, 1, page, [1, 2, 3, 4, 5, 6]],
      [6, 2, page, [1, 2, 3, 4, 5, 6]],
      [7, 2, page, [1, 2, 3, 4, 5, 6, 7]],
    ]),

    [7, 1, 1, [1, 2, g, 7]],
    [7, 1, 2, [1, 2, 3, g, 7]],
    [7, 1, 3, [1, 2, 3, 4, g, 7]],
    [7, 1, 4, [1, 2, 3, 4, 5, 6, 7]],
    ...pageNumbers
      .slice(4)
      .map((page): [number, number, number, PaginationItem[]] => [7, 1, page, [1, g, 6, 7]]),

    [20, 1, 1, [1, 2, g, 20]],
    [20, 1, 2, [1, 2, 3, g, 20]],
    [20, 1, 3, [1, 2, 3, 4, g, 20]],
    [20, 1, 4, [1, 2, 3, 4, 5, g, 20]],
    [20, 1, 5, [1, g, 4, 5, 6, g, 20]],
    [20, 1, 10, [1, g, 9, 10, 11, g, 20]],
    [20, 1, 16, [1, g, 15, 16, 17, g, 20]],
    [20, 1, 17, [1, g, 16, 17, 18, 19, 20]],
    [20, 1, 18, [1, g, 17, 18, 19, 20]],
    [20, 1, 19, [1, g, 18, 19, 20]],
    [20, 1, 20, [1, g, 19, 20]],

    [20, 2, 1, [1, 2, 3, g, 20]],
    [20, 2, 2, [1, 2, 3, 4, g, 20]],
    [20, 2, 3, [1, 2, 3, 4, 5, g, 20]],
    [20, 2, 4, [1, 2, 3, 4, 5, 6, g, 20]],
    [20, 2, 5, [1, 2, 3, 4, 5, 6, 7, g, 20]],
    [20, 2, 6, [1, g, 4, 5, 6, 7, 8, g, 20]],
    [20, 2, 10, [1, g, 8, 9, 10, 11, 12, g, 20]],
    [20, 2, 17, [1, g, 15, 16, 17, 18, 19, 20]],
    [20, 2, 18, [1, g, 16, 17, 18, 19, 20]],
    [20, 2, 19, [1, g, 17, 18, 19, 20]],
    [20, 2, 20, [1, g, 18, 19, 20]],
  ])('%i pages, siblingCount %i, page %i', (totalPages, siblingCount, page, items) => {
    expect(paginationItems({ page, totalPages, siblingCount })).toEqual(items);
  });

  it('takes one sibling by default', () => {
    expect(paginationItems({ page: 10, totalPages: 20 })).toEqual([1, g, 9, 10, 11, g, 20]);
  });

  it('reads a page before the first as the first', () => {
    expect(paginationItems({ page: 0, totalPages: 20 })).toEqual([1, 2, g, 20]);
    expect(paginationItems({ page: Number.NaN, totalPages: 20 })).toEqual([1, 2, g, 20]);
  });

  it.each([1, 2, 3])('keeps its rule on every page of 1..40 pages with siblingCount %i', (siblingCount) => {
    for (let totalPages = 1; totalPages <= 40; totalPages++) {
      for (let page = 1; page <= totalPages; page++) {
        const items = paginationItems({ page, totalPages, siblingCount });
        const shown = items.filter((item) => item !== 'gap');
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(totalPages);
        expect(shown).toEqual([...shown].sort((a, b) => a - b));
        for (let near = page - siblingCount; near <= page + siblingCount; near++) {
          if (near >= 1 && near <= totalPages) expect(shown).toContain(near);
        }
        items.forEach((item, index) => {
          if (item !== 'gap') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before - 1).toBeGreaterThanOrEqual(2);
        });
        if (totalPages <= siblingCount + 5) expect(items).toHaveLength(totalPages);
      }
    }
  });
});
