import type { ProductTradeOfferList } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesFor } from '../../services.ts';
import { createTestApp, registerUser, type TestApp, testDatabases } from '../../test/harness.ts';
import { seedCatalog } from './catalog.seed.ts';

const bySeedPriority = [
  'litres-10',
  'litres-50',
  'litres-200',
  'litres-1000',
  'gift-card-100',
  'gift-card-money',
  'pin-code-20',
  'personal-account-top-up',
  'light-box',
  'paper-backdrop',
  'vinyl-backdrop',
  'turntable',
  'tripod',
  'starter-kit',
  'plan-10',
  'plan-40',
  'plan-100',
  'plan-200',
  'plan-500',
];
/** The first page of the list: 16 by default. */
const firstPage = bySeedPriority.slice(0, 16);

describe.each(testDatabases)('catalogue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Every list reads the database: the shared list cache has its own test below.
    t = await createTestApp(kind, { CATALOG_CACHE_SECONDS: '0' });
  });
  afterAll(() => t.close());

  const call = (path: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores/products/${path}`, payload, headers });
  const list = async (payload: object = {}, headers: Record<string, string> = {}) => {
    const response = await call('fetchProductTradeOfferList', payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductTradeOfferList;
  };
  const slugs = async (payload: object = {}, headers: Record<string, string> = {}) =>
    (await list(payload, headers)).output.map((item) => item.product.slugifyId);

  it('lists the seed in priority order, 16 at most by default, with prices in the asked currency', async () => {
    const rub = await list();
    expect(rub.output.map((item) => item.product.slugifyId)).toEqual(firstPage);
    expect(rub.totalCount).toBe(bySeedPriority.length);
    expect(rub.outputInfo.count).toBe(firstPage.length);
    expect(rub.output[0]).toMatchObject({
      id: 'offer_litres_10',
      productId: 'product_litres_10',
      availableQuantity: null,
      price: { amountMinor: 29_000, currency: 'RUB' },
      favorite: false,
      product: {
        typeId: 'product_types.goods',
        displayName: { en: '10 litres', ru: '10 литров' },
        name: '10 litres',
        litres: 10,
        useQuantityLimit: false,
        quantityLimitRange: null,
      },
    });
    const usd = await list({}, { 'x-currency-id': 'USD', 'x-locale-id': 'ru' });
    expect(usd.output[0]).toMatchObject({
      price: { amountMinor: 399, currency: 'USD' },
      product: { name: '10 литров' },
    });
    // Bigger bundles are cheaper per litre, in every currency.
    for (const currency of ['RUB', 'USD', 'EUR']) {
      const bundles = (await list({ groupId: 'litres' }, { 'x-currency-id': currency })).output;
      const perLitre = bundles.map((item) => (item.price?.amountMinor ?? 0) / (item.product.litres ?? 1));
      expect(bundles.every((item) => item.price?.currency === currency)).toBe(true);
      expect(perLitre).toEqual([...perLitre].sort((a, b) => b - a));
    }
  });

  it('answers the product fields of SPEC §3: types, quantity limit range, stock and feature items', async () => {
    const items = (await list({}, { 'x-currency-id': 'EUR' })).output;
    const bySlug = Object.fromEntries(items.map((item) => [item.product.slugifyId, item]));
    expect(bySlug['gift-card-100']?.product.typeId).toBe('product_types.gift_card');
    expect(bySlug['pin-code-20']?.product.typeId).toBe('product_types.pin_code');
    expect(bySlug['personal-account-top-up']?.product.typeId).toBe('product_types.personal_account');
    expect(bySlug['paper-backdrop']?.product).toMatchObject({
      useQuantityLimit: true,
      quantityLimitRange: '1,2,5-10',
    });
    expect(bySlug['vinyl-backdrop']?.availableQuantity).toBe(0);
    expect(bySlug['light-box']?.availableQuantity).toBe(25);
    expect(bySlug['light-box']?.featureItems).toEqual([
      expect.objectContaining({
        featureId: 'size',
        value: '40cm',
        price: { amountMinor: 5_500, currency: 'EUR' },
      }),
      expect.objectContaining({
        featureId: 'size',
        value: '60cm',
        displayName: { en: '60 cm', ru: '60 см' },
      }),
      expect.objectContaining({
        featureId: 'size',
        value: '80cm',
        featureName: { en: 'Size', ru: 'Размер' },
      }),
    ]);
  });

  it('finds by words in Russian and English, stemmed, the last word as a prefix', async () => {
    // 'фон' finds the backdrops ('фоны', 'фон') and the litres that remove one ('без фона').
    const background = await slugs({ search: 'фон' });
    expect(background).toEqual(expect.arrayContaining(['paper-backdrop', 'vinyl-backdrop', 'litres-10']));
    expect(background).not.toContain('tripod');
    // The starter kit holds backdrops and a tripod, and says so.
    expect(await slugs({ search: 'Фоны', groupId: 'studio' })).toEqual([
      'paper-backdrop',
      'vinyl-backdrop',
      'starter-kit',
    ]);
    expect(await slugs({ search: 'backdrops' })).toEqual(['paper-backdrop', 'vinyl-backdrop', 'starter-kit']);
    expect(await slugs({ search: 'бумажный фон' })).toEqual(['paper-backdrop', 'starter-kit']);
    expect(await slugs({ search: 'штати' })).toEqual(['tripod', 'starter-kit']);
    expect(await slugs({ search: 'turnt' })).toEqual(['turntable']);
    expect(await slugs({ search: 'gift card' })).toEqual(['gift-card-100', 'gift-card-money']);
    expect(await slugs({ search: 'nothing-like-this' })).toEqual([]);
    // Quotes, operators and wildcards are only text, and no product has words of signs alone.
    expect(await slugs({ search: "' & | ! :* (" })).toEqual([]);
    expect(await slugs({ search: '%' })).toEqual([]);
    expect(await slugs({ search: '  ' })).toEqual(firstPage);
  });

  it('filters by group (id or slug, with subgroups), type, price range and features', async () => {
    expect(await slugs({ groupId: 'studio' })).toEqual([
      'light-box',
      'paper-backdrop',
      'vinyl-backdrop',
      'turntable',
      'tripod',
      'starter-kit',
    ]);
    expect(await slugs({ groupId: 'group_backdrops' })).toEqual(['paper-backdrop', 'vinyl-backdrop']);
    expect(await slugs({ groupId: 'digital' })).toEqual([
      ...bySeedPriority.slice(0, 8),
      ...bySeedPriority.filter((slug) => slug.startsWith('plan-')),
    ]);
    expect(await slugs({ groupId: 'no-such-group' })).toEqual([]);
    expect(await slugs({ filter: { where: { typeId: 'product_types.pin_code' } } })).toEqual(['pin-code-20']);
    expect(await slugs({ priceFrom: 350_000, priceTo: 420_000 })).toEqual([
      'litres-200',
      'vinyl-backdrop',
      'turntable',
      'tripod',
    ]);
    expect(await slugs({ priceTo: 1_000 }, { 'x-currency-id': 'USD' })).toEqual([
      'litres-10',
      'pin-code-20',
      'personal-account-top-up',
      'plan-10',
      'plan-40',
    ]);
    expect(await slugs({ features: { colour: 'chroma-green' } })).toEqual(['paper-backdrop']);
    expect(await slugs({ features: { colour: ['white', 'black'] } })).toEqual([
      'paper-backdrop',
      'vinyl-backdrop',
    ]);
    expect(await slugs({ features: { colour: 'white', size: '40cm' } })).toEqual([]);
    expect(await slugs({ groupId: 'studio', search: 'light' })).toEqual(['light-box', 'starter-kit']);
  });

  it('pages with skip and limit, counts the whole, and orders by price or name', async () => {
    const page = await list({ filter: { skip: 3, limit: 4 } });
    expect(page.output.map((item) => item.product.slugifyId)).toEqual(bySeedPriority.slice(3, 7));
    expect(page.outputInfo.count).toBe(4);
    expect(page.totalCount).toBe(bySeedPriority.length);
    expect((await list({ filter: { skip: 100 } })).output).toEqual([]);
    expect((await list({ filter: { skip: 2_147_483_647 }, priceTo: 2_147_483_647 })).output).toEqual([]);
    const cheapest = await slugs({ filter: { order: 'price asc', limit: 2 } });
    // The smallest plan's monthly price (249 ₽) is below the smallest bundle's (290 ₽).
    expect(cheapest).toEqual(['personal-account-top-up', 'plan-10']);
    expect(await slugs({ groupId: 'studio', filter: { order: 'price desc' } })).toEqual([
      'starter-kit',
      'light-box',
      'tripod',
      'vinyl-backdrop',
      'turntable',
      'paper-backdrop',
    ]);
    expect(
      await slugs({ groupId: 'backdrops', filter: { order: ['name desc'] } }, { 'x-locale-id': 'ru' }),
    ).toEqual(['vinyl-backdrop', 'paper-backdrop']);
    // Names with numbers in them go by the numbers' values, not their digits.
    expect(await slugs({ groupId: 'litres', filter: { order: ['name asc'] } })).toEqual([
      'litres-10',
      'litres-50',
      'litres-200',
      'litres-1000',
    ]);
    expect(await slugs({ groupId: 'litres', filter: { order: ['name desc'] } })).toEqual([
      'litres-1000',
      'litres-200',
      'litres-50',
      'litres-10',
    ]);
  });

  it('refuses bad filters with a 400 VALIDATION_ERROR', async () => {
    const bad = [
      { filter: { skip: -1 } },
      { filter: { limit: 129 } },
      { filter: { limit: 0 } },
      { filter: { page: 2 } },
      { filter: { limit: '10' } },
      { filter: { order: 'password asc' } },
      { filter: { order: 'priority sideways' } },
      { filter: { where: { secret: 1 } } },
      { filter: { where: { typeId: 'product_types.cars' } } },
      { priceFrom: -5 },
      { priceFrom: Number.MAX_SAFE_INTEGER },
      { filter: { skip: Number.MAX_SAFE_INTEGER } },
      { priceTo: 1.5 },
      { features: { colour: 5 } },
      { search: 42 },
      { groupId: ['a'] },
      { unknown: true },
    ];
    for (const payload of bad) {
      const response = await call('fetchProductTradeOfferList', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const order = await call('fetchProductTradeOfferList', { filter: { order: 'password asc' } });
    expect(order.json().details.issues[0]).toMatchObject({
      path: 'filter.order',
      message: expect.stringContaining('priority, name, price, createdAt'),
    });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/stores/products/fetchProductTradeOfferList',
    });
    expect(noBody.json().totalCount).toBe(bySeedPriority.length);
  });

  it('answers one trade offer by its id, its product id or slug, else 404', async () => {
    for (const key of ['offer_tripod', 'product_tripod', 'tripod']) {
      const response = await call(`${key}/fetchProductTradeOffer`, {}, { 'x-currency-id': 'USD' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: 'offer_tripod',
        price: { amountMinor: 4_900, currency: 'USD' },
        product: { slugifyId: 'tripod', article: 'TR-170' },
      });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/stores/products/tripod/fetchProductTradeOffer',
    });
    expect(empty.statusCode).toBe(200);
    const missing = await call('no-such-thing/fetchProductTradeOffer', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('keeps favourites per user: each sees and removes only their own; a visitor gets 401', async () => {
    const alice = { authorization: await registerUser(t, 'alice-favourites@example.com') };
    const bob = { authorization: await registerUser(t, 'bob-favourites@example.com') };
    const favourites = async (headers: Record<string, string>) =>
      (await call('favorites/fetchTradeOfferList', {}, headers))
        .json()
        .output.map((item: { id: string }) => item.id);

    expect(
      (await call('favorites/addTradeOffer', { productTradeOfferId: 'offer_tripod' }, alice)).json(),
    ).toEqual({
      result: true,
    });
    // Twice is once; a product's slug stands for its trade offer.
    expect((await call('favorites/addTradeOffer', { productTradeOfferId: 'tripod' }, alice)).statusCode).toBe(
      200,
    );
    await call('favorites/addTradeOffer', { productTradeOfferId: 'offer_light_box' }, alice);
    expect(await favourites(alice)).toEqual(['offer_light_box', 'offer_tripod']);
    expect(await favourites(bob)).toEqual([]);

    const listed = await list({ filter: { where: { id: 'offer_tripod' } } }, alice);
    expect(listed.output[0]).toMatchObject({ favorite: true });
    expect((await list({ filter: { where: { id: 'offer_tripod' } } }, bob)).output[0]).toMatchObject({
      favorite: false,
    });

    const bobRemoves = await call('favorites/removeTradeOffer', { productTradeOfferId: 'offer_tripod' }, bob);
    expect(bobRemoves.statusCode).toBe(404);
    expect(await favourites(alice)).toEqual(['offer_light_box', 'offer_tripod']);
    expect(
      (await call('favorites/removeTradeOffer', { productTradeOfferId: 'offer_tripod' }, alice)).statusCode,
    ).toBe(200);
    expect(await favourites(alice)).toEqual(['offer_light_box']);

    expect(
      (await call('favorites/addTradeOffer', { productTradeOfferId: 'nothing' }, alice)).statusCode,
    ).toBe(404);
    expect((await call('favorites/addTradeOffer', {}, alice)).statusCode).toBe(400);
    // A visitor is told to sign in, whatever the body (the list's filter refuses this one).
    for (const path of ['fetchTradeOfferList', 'addTradeOffer', 'removeTradeOffer']) {
      const visitor = await call(`favorites/${path}`, { productTradeOfferId: 'offer_tripod' });
      expect(visitor.statusCode, path).toBe(401);
    }
    const visitorList = await call('favorites/fetchTradeOfferList', {});
    expect(visitorList.statusCode).toBe(401);
    expect(visitorList.json().code).toBe('AUTHORIZATION_REQUIRED');
  });

  it('searches and narrows favourites to a group, as the catalogue list does', async () => {
    const carol = { authorization: await registerUser(t, 'carol-favourites@example.com') };
    for (const id of ['offer_paper_backdrop', 'offer_tripod', 'offer_litres_50'])
      await call('favorites/addTradeOffer', { productTradeOfferId: id }, carol);
    const favourites = async (payload: object) => {
      const response = await call('favorites/fetchTradeOfferList', payload, {
        ...carol,
        'x-locale-id': 'ru',
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as ProductTradeOfferList).output.map((item) => item.product.slugifyId);
    };
    expect(await favourites({})).toEqual(['litres-50', 'paper-backdrop', 'tripod']);
    expect(await favourites({ search: 'бумажный' })).toEqual(['paper-backdrop']);
    expect(await favourites({ groupId: 'studio' })).toEqual(['paper-backdrop', 'tripod']);
    expect(await favourites({ groupId: 'studio', filter: { order: 'name desc', limit: 1 } })).toEqual([
      'tripod',
    ]);
  });

  it('answers a set with what it holds on the detail, and kinds and sets in a list when asked', async () => {
    const kit = await call('starter-kit/fetchProductTradeOffer', {}, { 'x-locale-id': 'ru' });
    expect(kit.statusCode, kit.body).toBe(200);
    expect(kit.json().product).toMatchObject({
      kindId: null,
      productSet: {
        id: 'set_starter_kit',
        printOptionId: 'product_set_print_options.set_and_products',
        setPriceCalculationMethodId: 'set_price_calculation_methods.fixed',
        items: [
          { slugifyId: 'light-box', name: 'Складной лайтбокс', quantity: 1 },
          { slugifyId: 'paper-backdrop', name: 'Бумажные фоны в рулоне', quantity: 2 },
          { slugifyId: 'tripod', name: 'Штатив для камеры', quantity: 1 },
        ],
      },
    });
    expect(kit.json().product).not.toHaveProperty('kind');
    const tripod = (await call('tripod/fetchProductTradeOffer', { filter: { include: ['kind'] } })).json();
    expect(tripod.product).toMatchObject({ productSet: null, kind: null });

    const plain = await list({ groupId: 'backdrops' });
    expect(plain.output[0]?.product).not.toHaveProperty('kind');
    expect(plain.output[0]?.product).not.toHaveProperty('productSet');
    const withKinds = await list(
      { groupId: 'studio', filter: { include: ['primaryImage', 'kind', 'productSet'] } },
      { 'x-locale-id': 'ru' },
    );
    const bySlug = new Map(withKinds.output.map((offer) => [offer.product.slugifyId, offer.product]));
    expect(bySlug.get('paper-backdrop')).toMatchObject({
      useFeatureOptionId: 'use_feature_options.use_by_kind',
      kindId: 'kind_backdrop',
      kind: { id: 'kind_backdrop', name: 'Фон', featureIds: ['colour', 'size'] },
      productSet: null,
    });
    expect(bySlug.get('light-box')).toMatchObject({
      useFeatureOptionId: 'use_feature_options.use_by_product',
      kind: null,
    });
    expect(bySlug.get('starter-kit')?.productSet?.items).toHaveLength(3);

    for (const include of [['everything'], 'kind', ['kind', 'kind', 'kind', 'kind', 'kind']]) {
      const response = await call('fetchProductTradeOfferList', { filter: { include } });
      expect(response.statusCode, JSON.stringify(include)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers each product with its seeded picture, in the list and the detail', async () => {
    const items = (await list()).output;
    const ids = new Set<string>();
    for (const { product } of items) {
      expect(product.images, product.slugifyId).toHaveLength(1);
      expect(product.primaryImage).toEqual(product.images[0]);
      expect(product.primaryImage?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      ids.add(String(product.primaryImage?.id));
    }
    expect(ids.size).toBe(items.length);
    const detail = await call('tripod/fetchProductTradeOffer', {});
    const tripod = items.find((item) => item.product.slugifyId === 'tripod');
    expect(detail.json().product.images).toEqual(tripod?.product.images);
    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/stores/files/${tripod?.product.primaryImage?.id}/size/original/download`,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it("answers each backdrop colour with its own picture, one file a colour, beside the product's", async () => {
    const detail = await call('paper-backdrop/fetchProductTradeOffer', {});
    const { featureItems, product } = detail.json() as ProductTradeOfferList['output'][number];
    const pictures = featureItems.map((item) => item.image);
    expect(featureItems.map((item) => item.value)).toEqual(['white', 'black', 'grey', 'chroma-green']);
    expect(new Set(pictures.map((image) => image?.id)).size).toBe(4);
    for (const image of pictures) expect(image?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The product's own picture is drawn in chroma green: the same file as that colour's.
    expect(pictures[3]).toEqual(product.primaryImage);
    // The vinyl backdrop comes in two of the colours, drawn alike: the same files.
    const vinyl = (await call('vinyl-backdrop/fetchProductTradeOffer', {})).json();
    expect(vinyl.featureItems.map((item: { image: unknown }) => item.image)).toEqual(pictures.slice(0, 2));
    // The list answers them as the detail does.
    const listed = (await list()).output.find((item) => item.product.slugifyId === 'paper-backdrop');
    expect(listed?.featureItems.map((item) => item.image)).toEqual(pictures);
    const black = await t.app.inject({
      method: 'GET',
      url: `/api/stores/files/${pictures[1]?.id}/size/thumbnail/download`,
    });
    expect(black.statusCode).toBe(200);
    expect(black.headers['content-type']).toMatch(/^image\//);
  });

  it('seeds once: a second run leaves edited rows alone and adds no pictures', async () => {
    const optionPictures = async () =>
      (await call('paper-backdrop/fetchProductTradeOffer', {}))
        .json()
        .featureItems.map((item: { image: unknown }) => item.image);
    const optionsBefore = await optionPictures();
    const before = (await list()).output.map((item) => item.product.images);
    const files = createFilesFor({ db: t.database.db, filesDir: t.config.filesDir });
    await seedCatalog(t.database.db, { files });
    expect(await slugs()).toEqual(firstPage);
    expect((await list()).output.map((item) => item.product.images)).toEqual(before);
    expect(await optionPictures()).toEqual(optionsBefore);
  });
});
