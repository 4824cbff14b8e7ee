import type { ProductFeatureList, ProductGroupList } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness.ts';

describe.each(testDatabases)('catalogue record controllers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
    return t.app.inject({ method: 'GET', url: `/api/stores/${path}?${params}`, headers });
  };
  const ok = async <T>(
    path: string,
    query: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const response = await get(path, query, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('lists the groups as a tree in priority order, in the asked language, with a total', async () => {
    const groups = await ok<ProductGroupList>('productGroups', {}, { 'x-locale-id': 'ru' });
    expect(groups.output.map((group) => group.slugifyId)).toEqual([
      'digital',
      'litres',
      'gift-cards',
      'personal-account',
      'plans',
      'studio',
      'backdrops',
    ]);
    expect(groups.totalCount).toBe(7);
    expect(groups.output.find((group) => group.slugifyId === 'backdrops')).toMatchObject({
      name: 'Фоны',
      parentId: 'group_studio',
    });
  });

  it('filters groups by parent (null: the top), orders by name and pages with skip and limit', async () => {
    const top = await ok<ProductGroupList>('productGroups', { filter: { where: { parentId: null } } });
    expect(top.output.map((group) => group.id)).toEqual(['group_digital', 'group_studio']);
    const page = await ok<ProductGroupList>('productGroups', {
      filter: { order: 'name desc', skip: 1, limit: 2 },
    });
    expect(page.output.map((group) => group.name)).toEqual(['Product photography gear', 'Personal account']);
    expect(page).toMatchObject({ totalCount: 7, outputInfo: { count: 2 } });
    expect(await ok('productGroups/count', { where: { parentId: 'group_digital' } })).toEqual({ count: 4 });
  });

  it('reads a group by id or slug, and answers 404 for none', async () => {
    expect(await ok('productGroups/group_backdrops')).toMatchObject({ slugifyId: 'backdrops' });
    expect(await ok('productGroups/backdrops')).toMatchObject({ id: 'group_backdrops' });
    const missing = await get('productGroups/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists the features with the values offers have, for the catalogue filters', async () => {
    const features = await ok<ProductFeatureList>('productFeatures', {}, { 'x-locale-id': 'ru' });
    const colour = features.output.find((feature) => feature.id === 'colour');
    expect(colour).toMatchObject({ name: 'Цвет' });
    expect(colour?.values.map((value) => value.value)).toEqual(
      expect.arrayContaining(['white', 'black', 'grey', 'chroma-green']),
    );
    expect(colour?.values.find((value) => value.value === 'white')?.name).toBe('Белый');
    expect(await ok('productFeatures/count')).toEqual({ count: features.totalCount });
    expect(await ok('productFeatures/size')).toMatchObject({ id: 'size' });
  });

  it('lists products by type and group in the asked order, counts them and reads one by id or slug', async () => {
    const studio = await ok<{ output: Array<{ slugifyId: string }>; totalCount: number }>('products', {
      filter: { where: { groupId: ['group_studio', 'group_backdrops'] }, order: 'name asc', limit: 3 },
    });
    expect(studio.output.map((product) => product.slugifyId)).toEqual([
      'tripod', // Camera tripod
      'light-box', // Folding light box
      'turntable', // Motorised turntable
    ]);
    expect(studio.totalCount).toBe(6);
    const pins = await ok<{ output: Array<{ slugifyId: string }> }>('products', {
      filter: { where: { typeId: 'product_types.pin_code' } },
    });
    expect(pins.output.map((product) => product.slugifyId)).toEqual(['pin-code-20']);
    expect(
      await ok('products/count', {
        where: { typeId: ['product_types.gift_card', 'product_types.pin_code'] },
      }),
    ).toEqual({
      count: 3,
    });
    expect(await ok('products/tripod')).toMatchObject({
      id: 'product_tripod',
      primaryImage: { id: expect.any(String) },
    });
    expect(await ok('products/product_tripod')).toMatchObject({ slugifyId: 'tripod' });
    expect((await get('products/no-such-product')).statusCode).toBe(404);
  });

  it.each([
    ['products', { filter: '{"where":' }, 'filter is not JSON'],
    ['products', { filter: { where: { colour: 'white' } } }, 'Unrecognized key'],
    ['products', { filter: { skip: -1 } }, ''],
    ['products', { filter: { limit: 129 } }, ''],
    ['products', { filter: { order: 'price asc' } }, 'order must be by one of'],
    ['products', { filter: { order: 'name sideways' } }, ''],
    ['products', { filter: { where: { typeId: 'product_types.car' } } }, ''],
    ['products', { filter: '[]' }, ''],
    ['productGroups', { filter: { where: { parentId: 7 } } }, ''],
    ['productGroups/count', { where: 'nope' }, 'where is not JSON'],
    ['productFeatures', { filter: { include: 'all' } }, ''],
  ])(
    'answers a bad filter for %s (%j) with a 400 VALIDATION_ERROR, never a 500',
    async (path, query, message) => {
      const response = await get(path, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(response.json().details)).toContain(message);
    },
  );
});
