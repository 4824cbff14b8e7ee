import type { FetchProductTradeOfferListRequest } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { toggleValue } from './Filters.tsx';
import { groupsFixture } from './fake-catalog-api.ts';
import { groupTree } from './groups.ts';
import {
  type CatalogQuery,
  catalogQueryToSearch,
  favouriteListRequest,
  parseCatalogQuery,
  tradeOfferListRequest,
} from './list-request.ts';

const firstPage = { order: 'priority asc', skip: 0, limit: 16 };

describe('the catalogue URL → the list request', () => {
  it.each<[string, { groupId?: string; currency?: string }, FetchProductTradeOfferListRequest]>([
    ['', {}, { filter: firstPage }],
    ['search=%20lamp%20', {}, { filter: firstPage, search: 'lamp' }],
    // A search past what the API takes (a pasted text) is cut to it, not refused.
    [`search=${'я'.repeat(201)}`, {}, { filter: firstPage, search: 'я'.repeat(200) }],
    ['page=3', {}, { filter: { ...firstPage, skip: 32 } }],
    ['limit=64&page=2', {}, { filter: { order: 'priority asc', skip: 64, limit: 64 } }],
    ['sort=price desc', {}, { filter: { ...firstPage, order: 'price desc' } }],
    ['sort=createdAt desc', {}, { filter: { ...firstPage, order: 'createdAt desc' } }],
    ['', { groupId: 'studio' }, { filter: firstPage, groupId: 'studio' }],
    ['filter={"colour":"white"}', {}, { filter: firstPage, features: { colour: 'white' } }],
    ['filter={"size":["40","60"],"colour":[]}', {}, { filter: firstPage, features: { size: ['40', '60'] } }],
    ['priceFrom=10.5&priceTo=200', {}, { filter: firstPage, priceFrom: 1050, priceTo: 20000 }],
    ['priceFrom=0', {}, { filter: firstPage, priceFrom: 0 }],
    ['priceTo=1500', { currency: 'JPY' }, { filter: firstPage, priceTo: 1500 }],
    // A price past what the API counts is asked as the most it counts: nothing costs more.
    ['priceFrom=99999999', {}, { filter: firstPage, priceFrom: 2_147_483_647 }],
  ])('?%s %o', (search, options, request) => {
    const parsed = parseCatalogQuery(new URLSearchParams(search));
    if (!parsed.ok) throw new Error(`not read: ${parsed.error}`);
    expect(
      tradeOfferListRequest({
        query: parsed.query,
        page: parsed.query.page,
        groupId: options.groupId,
        currency: options.currency ?? 'RUB',
      }),
    ).toEqual(request);
  });

  it.each([
    ['page=abc', 'params'],
    ['page=0', 'params'],
    ['limit=10', 'params'],
    ['sort=price', 'params'],
    ['sort=colour asc', 'params'],
    ['priceFrom=-1', 'params'],
    ['priceTo=ten', 'params'],
    ['filter={bad', 'filter'],
    ['filter=[1]', 'filter'],
    ['filter={"colour":5}', 'filter'],
  ])('refuses ?%s as an error about the %s', (search, error) => {
    expect(parseCatalogQuery(new URLSearchParams(search))).toEqual({ ok: false, error });
  });

  it('asks the favourites for search, group and the page only', () => {
    const parsed = parseCatalogQuery(
      new URLSearchParams('search=box&sort=name asc&page=2&filter={"colour":"white"}'),
    );
    if (!parsed.ok) throw new Error('not read');
    expect(favouriteListRequest({ query: parsed.query, page: 2, groupId: 'studio' })).toEqual({
      filter: { order: 'name asc', skip: 16, limit: 16 },
      search: 'box',
      groupId: 'studio',
    });
  });
});

describe('the list query → the URL', () => {
  it.each<[Partial<CatalogQuery>, string]>([
    [{}, ''],
    [{ page: 1, limit: 16, sort: { property: 'priority', direction: 'asc' } }, ''],
    [{ search: 'фон', page: 2 }, 'search=%D1%84%D0%BE%D0%BD&page=2'],
    [{ sort: { property: 'price', direction: 'desc' }, limit: 32 }, 'limit=32&sort=price+desc'],
    [
      { filter: { size: '40', colour: ['white'] }, price: { from: 10, to: 20.5 } },
      'filter=%7B%22colour%22%3A%5B%22white%22%5D%2C%22size%22%3A%2240%22%7D&priceFrom=10&priceTo=20.5',
    ],
  ])('%o → %s, and back', (query, search) => {
    expect(catalogQueryToSearch(query)).toBe(search);
    expect(parseCatalogQuery(new URLSearchParams(search)).ok).toBe(true);
  });

  it.each([
    [{}, 'white', { colour: 'white' }],
    [{ colour: 'white' }, 'black', { colour: ['white', 'black'] }],
    [{ colour: ['white', 'black'] }, 'white', { colour: 'black' }],
    [{ colour: 'white', size: '40' }, 'white', { size: '40' }],
  ])('a colour filter %o with %s toggled is %o', (filter, value, expected) => {
    expect(toggleValue(filter, 'colour', value)).toEqual(expected);
  });
});

describe('groupTree', () => {
  it('nests the groups under their parents in priority order', () => {
    const tree = groupTree(groupsFixture);
    expect(tree.map((node) => [node.slugifyId, node.children.map((child) => child.slugifyId)])).toEqual([
      ['digital', ['litres']],
      ['studio', ['backdrops']],
    ]);
  });
});
