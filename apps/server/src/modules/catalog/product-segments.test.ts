import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness.ts';

const token = 'operator-token-for-the-tests-0123456789';

describe.each(testDatabases)('product segments on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OPERATOR_TOKEN: token });
    off = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const call = (
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers: Record<string, string> = { 'x-operator-token': token },
  ) => t.app.inject({ method, url: `/api/stores/${path}`, payload, headers });
  const ok = async (method: 'GET' | 'POST', path: string, payload?: object) => {
    const response = await call(method, path, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const mapped = async (segmentId: string) =>
    (
      await ok(
        'GET',
        `productSegmentMappings?filter=${encodeURIComponent(JSON.stringify({ where: { segmentId }, limit: 100 }))}`,
      )
    ).output.map((mapping: { productId: string }) => mapping.productId);

  it('refuses every call without the operator token, and all calls when none is configured', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-operator-token': 'wrong' },
      { 'x-operator-token': `${token}x` },
    ];
    for (const headers of attempts) {
      const response = await call('POST', 'productSegments/litre-bundles/execute', undefined, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
      expect((await call('GET', 'productSegmentMappings', undefined, headers)).statusCode).toBe(403);
    }
    const closed = await off.app.inject({
      method: 'GET',
      url: '/api/stores/productSegments',
      headers: { 'x-operator-token': token },
    });
    expect(closed.statusCode).toBe(403);
  });

  it('executes a seeded segment into exactly the products its rule matches, again and again', async () => {
    const list = await ok('GET', 'productSegments');
    expect(list.output.map((segment: { id: string }) => segment.id)).toEqual([
      'litre-bundles',
      'studio-under-5000-rub',
    ]);
    expect(list.output[0]).toMatchObject({ executedAt: null, rule: { groupIds: ['litres'] } });

    const executed = await ok('POST', 'productSegments/litre-bundles/execute');
    expect(executed).toMatchObject({ segmentId: 'litre-bundles', count: 4, executedAt: expect.any(String) });
    expect(await mapped('litre-bundles')).toEqual([
      'product_litres_10',
      'product_litres_1000',
      'product_litres_200',
      'product_litres_50',
    ]);
    await ok('POST', 'productSegments/litre-bundles/execute');
    expect(
      await ok(
        'GET',
        `productSegmentMappings/count?where=${encodeURIComponent('{"segmentId":"litre-bundles"}')}`,
      ),
    ).toEqual({
      count: 4,
    });

    expect((await ok('POST', 'productSegments/studio-under-5000-rub/execute')).count).toBe(5);
    expect(await mapped('studio-under-5000-rub')).not.toContain('product_starter_kit');
  });

  it('creates and replaces segments with bulkUpsert, and their rules search, filter and type', async () => {
    await ok('POST', 'productSegments/bulkUpsert', {
      items: [
        { id: 'backdrops', name: { en: 'Backdrops' }, rule: { search: 'фоны', groupIds: ['backdrops'] } },
        { id: 'green', name: { en: 'Chroma green' }, rule: { features: { colour: ['chroma-green'] } } },
        { id: 'codes', name: { en: 'Codes' }, rule: { typeIds: ['product_types.pin_code'] } },
        { id: 'nowhere', name: { en: 'Nowhere' }, rule: { groupIds: ['no-such-group'] } },
      ],
    });
    expect((await ok('POST', 'productSegments/backdrops/execute')).count).toBe(2);
    expect(await mapped('green')).toEqual([]);
    await ok('POST', 'productSegments/green/execute');
    expect(await mapped('green')).toEqual(['product_paper_backdrop']);
    await ok('POST', 'productSegments/codes/execute');
    expect(await mapped('codes')).toEqual(['product_pin_code_20']);
    expect((await ok('POST', 'productSegments/nowhere/execute')).count).toBe(0);

    await ok('POST', 'productSegments/bulkUpsert', {
      items: [{ id: 'codes', name: { en: 'Gift cards' }, rule: { typeIds: ['product_types.gift_card'] } }],
    });
    await ok('POST', 'productSegments/codes/execute');
    expect(await mapped('codes')).toEqual(['product_gift_card_100', 'product_gift_card_money']);
  });

  it('puts products into a segment by hand, once per pair, and names what does not exist', async () => {
    const items = [
      { segmentId: 'nowhere', productId: 'product_tripod' },
      { segmentId: 'nowhere', productId: 'product_tripod' },
      { segmentId: 'nowhere', productId: 'product_turntable' },
    ];
    expect(await ok('POST', 'productSegmentMappings/bulkUpsert', { items })).toEqual({ count: 3 });
    expect(await mapped('nowhere')).toEqual(['product_tripod', 'product_turntable']);

    const unknown = await call('POST', 'productSegmentMappings/bulkUpsert', {
      items: [
        { segmentId: 'no-segment', productId: 'product_tripod' },
        { segmentId: 'nowhere', productId: 'no-product' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'no segment no-segment',
      'no product no-product',
    ]);
    expect(await mapped('nowhere')).toEqual(['product_tripod', 'product_turntable']);
  });

  it.each([
    ['POST', 'productSegments/bulkUpsert', { items: [{ id: 'x', name: {}, rule: { colour: 'green' } }] }],
    [
      'POST',
      'productSegments/bulkUpsert',
      { items: [{ id: 'x', name: {}, rule: { typeIds: ['product_types.car'] } }] },
    ],
    ['POST', 'productSegments/bulkUpsert', { items: [] }],
    ['POST', 'productSegmentMappings/bulkUpsert', { items: [{ segmentId: 'nowhere' }] }],
    ['GET', 'productSegmentMappings?filter=%7B', undefined],
    ['GET', 'productSegmentMappings?filter=%7B%22order%22%3A%22segmentId%20asc%22%7D', undefined],
  ] as const)('answers a bad %s %s with a 400', async (method, path, payload) => {
    const response = await call(method, path, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 404 for a segment that does not exist', async () => {
    expect((await call('POST', 'productSegments/no-such-segment/execute')).statusCode).toBe(404);
  });
});
