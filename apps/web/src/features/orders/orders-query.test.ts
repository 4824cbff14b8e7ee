import { fetchOrderListRequestSchema, listLimits, orderListMaxSkip } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { orderListRequest, ordersQueryToSearch, parseOrdersQuery } from './orders-query.ts';

const parse = (search: string) => parseOrdersQuery(new URLSearchParams(search));

describe('the orders list URL', () => {
  it('defaults to 6 a page, new first, page 1', () => {
    expect(parse('')).toEqual({ ok: true, query: { limit: 6, sort: 'desc', page: 1 } });
  });

  it('reads search, status, sort, page size and page', () => {
    expect(
      parse('search=%2042%20&limit=24&sort=periodAt%20asc&page=3&filter=%7B%22status%22%3A%22paid%22%7D'),
    ).toEqual({ ok: true, query: { search: '42', limit: 24, sort: 'asc', page: 3, status: 'paid' } });
  });

  it.each([
    ['limit=16', 'params'],
    ['page=0', 'params'],
    ['sort=price%20desc', 'params'],
    ['filter=%7B%22status%22%3A%22lost%22%7D', 'filter'],
    ['filter=%7B%22colour%22%3A%22red%22%7D', 'filter'],
    ['filter=nope', 'filter'],
  ])('refuses %s as an error about the %s', (search, error) => {
    expect(parse(search)).toEqual({ ok: false, error });
  });

  it('writes a query back without its defaults, and reads it again the same', () => {
    const query = {
      search: 'litres',
      limit: 12 as const,
      sort: 'asc' as const,
      page: 2,
      status: 'cancelled' as const,
    };
    const search = ordersQueryToSearch(query);
    expect(search).toBe(
      'search=litres&sort=periodAt+asc&page=2&filter=%7B%22status%22%3A%22cancelled%22%7D&limit=12',
    );
    expect(parse(search)).toEqual({ ok: true, query });
    expect(ordersQueryToSearch({ limit: 6, sort: 'desc', page: 1 })).toBe('');
  });

  it('asks for one page: status, order, skip and limit, and the search', () => {
    expect(orderListRequest({ limit: 6, sort: 'desc', page: 1 }, 3)).toEqual({
      filter: { order: 'periodAt desc', skip: 12, limit: 6 },
    });
    expect(orderListRequest({ search: '7', limit: 12, sort: 'asc', page: 1, status: 'paid' }, 1)).toEqual({
      filter: { where: { status: 'paid' }, order: 'periodAt asc', skip: 0, limit: 12 },
      search: '7',
    });
  });

  it('asks for a page past the furthest the server reads as the empty page there, and cuts a long search', () => {
    const request = orderListRequest(
      { search: '7'.repeat(500), limit: 48, sort: 'desc', page: 99_999 },
      99_999,
    );
    expect(fetchOrderListRequestSchema.safeParse(request).success).toBe(true);
    expect(request.filter?.skip).toBe(orderListMaxSkip);
    expect(request.search).toHaveLength(listLimits.maxSearchLength);
  });
});
