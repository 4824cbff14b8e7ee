import { describe, expect, it } from 'vitest';
import {
  type ListQuery,
  listFilterSchema,
  listQueryToFilter,
  listQueryToSearch,
  parseListFilter,
  parseListQuery,
} from './list-filter.ts';

const defaults: ListQuery = { limit: 16, page: 1, filter: {} };

describe('listFilterSchema', () => {
  it.each([
    ['nothing', {}],
    [
      'every key',
      {
        where: { deleted: false },
        include: ['contacts', 'pickupPoint'],
        order: 'createdAt desc',
        skip: 0,
        limit: 128,
      },
    ],
    ['a dotted order property', { order: 'price.amount asc' }],
  ])('accepts %s', (_, filter) => {
    expect(listFilterSchema.safeParse(filter)).toEqual({ success: true, data: filter });
  });

  it.each([
    ['an unknown key', { orderBy: 'createdAt desc' }],
    ['a where that is a list', { where: [1] }],
    ['an empty include', { include: [''] }],
    ['an order without direction', { order: 'createdAt' }],
    ['an order with another direction', { order: 'createdAt down' }],
    ['an order with two spaces', { order: 'createdAt  desc' }],
    ['an upper-case direction', { order: 'createdAt DESC' }],
    ['a negative skip', { skip: -1 }],
    ['a fractional skip', { skip: 1.5 }],
    ['a zero limit', { limit: 0 }],
    ['a limit over 128', { limit: 129 }],
  ])('refuses %s', (_, filter) => {
    expect(listFilterSchema.safeParse(filter).success).toBe(false);
  });
});

describe('parseListFilter', () => {
  it('reads a filter sent as JSON', () => {
    expect(parseListFilter('{"where":{"deleted":false},"order":"createdAt desc","limit":16}')).toEqual({
      ok: true,
      filter: { where: { deleted: false }, order: 'createdAt desc', limit: 16 },
    });
  });

  it.each([
    ['not JSON', '{where'],
    ['JSON that is not an object', '[]'],
    ['a bad key', '{"skip":-1}'],
  ])('refuses %s', (_, text) => {
    expect(parseListFilter(text)).toEqual({ ok: false, error: 'filter' });
  });
});

describe('parseListQuery', () => {
  it.each<[string, string, ListQuery]>([
    ['no params', '', defaults],
    ['blank params', 'search=%20&page=&limit=&sort=&filter=', defaults],
    ['a search, trimmed', 'search=%20cup+tea%20', { ...defaults, search: 'cup tea' }],
    ['a page size', 'limit=128', { ...defaults, limit: 128 }],
    ['a page', 'page=3', { ...defaults, page: 3 }],
    ['a sort', 'sort=createdAt+desc', { ...defaults, sort: { property: 'createdAt', direction: 'desc' } }],
    [
      'a filter of ids and lists of ids',
      `filter=${encodeURIComponent('{"color":"red","size":["s","m"]}')}`,
      { ...defaults, filter: { color: 'red', size: ['s', 'm'] } },
    ],
    [
      'a filter with an empty list, which is dropped',
      `filter=${encodeURIComponent('{"color":[],"size":"s"}')}`,
      { ...defaults, filter: { size: 's' } },
    ],
  ])('reads %s', (_, search, query) => {
    expect(parseListQuery(search)).toEqual({ ok: true, query });
  });

  it('takes URLSearchParams as well', () => {
    expect(parseListQuery(new URLSearchParams({ page: '2', limit: '32' }))).toEqual({
      ok: true,
      query: { ...defaults, page: 2, limit: 32 },
    });
  });

  it.each([
    ['a page that is not a number', 'page=two', 'params'],
    ['page 0', 'page=0', 'params'],
    ['a negative page', 'page=-1', 'params'],
    ['a fractional page', 'page=1.5', 'params'],
    ['a page past the safe integers', 'page=99999999999999999999', 'params'],
    ['a limit that is not a number', 'limit=all', 'params'],
    ['a limit that is not a page size', 'limit=20', 'params'],
    ['a sort without direction', 'sort=createdAt', 'params'],
    ['a sort with another direction', 'sort=createdAt+up', 'params'],
    ['filter that is not JSON', 'filter=%7Bcolor', 'filter'],
    ['filter that is a list', 'filter=%5B1%5D', 'filter'],
    ['filter that is a string', 'filter=%22red%22', 'filter'],
    ['filter that is null', 'filter=null', 'filter'],
    ['a filter value that is an object', `filter=${encodeURIComponent('{"color":{"id":1}}')}`, 'filter'],
    ['a filter value that is an empty id', `filter=${encodeURIComponent('{"color":""}')}`, 'filter'],
    ['a filter value that is a boolean', `filter=${encodeURIComponent('{"inStock":true}')}`, 'filter'],
    ['a filter value that is a number', `filter=${encodeURIComponent('{"brand":7}')}`, 'filter'],
    ['a filter list holding a number', `filter=${encodeURIComponent('{"brand":["a",7]}')}`, 'filter'],
    ['a filter with an empty property id', `filter=${encodeURIComponent('{"":"red"}')}`, 'filter'],
    ['bad params and a bad filter: params first', 'page=x&filter=%7B', 'params'],
  ])('refuses %s', (_, search, error) => {
    expect(parseListQuery(search)).toEqual({ ok: false, error });
  });
});

describe('listQueryToSearch', () => {
  it.each<[string, Partial<ListQuery>, string]>([
    ['defaults as an empty string', defaults, ''],
    ['nothing as an empty string', {}, ''],
    ['a page alone', { page: 2 }, 'page=2'],
    [
      'every param, in order',
      {
        search: 'cup tea',
        limit: 32,
        sort: { property: 'price', direction: 'asc' },
        page: 4,
        filter: { size: ['s', 'm'], color: 'red' },
      },
      `search=cup+tea&limit=32&sort=price+asc&page=4&filter=${encodeURIComponent('{"color":"red","size":["s","m"]}')}`,
    ],
    ['a blank search left out', { search: '  ' }, ''],
    ['a filter of empty lists left out', { filter: { color: [] } }, ''],
  ])('writes %s', (_, query, search) => {
    expect(listQueryToSearch(query)).toBe(search);
  });

  it.each<ListQuery>([
    defaults,
    {
      search: 'a&b=c',
      limit: 64,
      sort: { property: 'createdAt', direction: 'desc' },
      page: 9,
      filter: { x: ['1', 'y'], 'ü z': 'a&b' },
    },
  ])('reads back what it writes: %j', (query) => {
    expect(parseListQuery(listQueryToSearch(query))).toEqual({ ok: true, query });
  });
});

describe('listQueryToFilter', () => {
  it.each<[string, ListQuery, object]>([
    ['the first page', defaults, { skip: 0, limit: 16 }],
    [
      'a later page with a sort',
      { ...defaults, page: 3, limit: 32, sort: { property: 'createdAt', direction: 'desc' } },
      { order: 'createdAt desc', skip: 64, limit: 32 },
    ],
  ])('%s', (_, query, filter) => {
    expect(listQueryToFilter(query)).toEqual(filter);
    expect(listFilterSchema.safeParse(filter).success).toBe(true);
  });
});
