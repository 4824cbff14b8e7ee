import { MONEY_UNIT, parseQuantityLimitRange } from '@cutout/contracts';
import type { Db } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import type { FilesService } from '../files/files.service.ts';
import { createCatalogRepo } from './catalog.repo.ts';
import {
  productFeatures,
  productGroups,
  productImages,
  productKinds,
  productSegments,
  productSetItems,
  productSets,
  products,
  tradeOfferFeatureItemPrices,
  tradeOfferFeatureItems,
  tradeOfferPrices,
  tradeOffers,
} from './catalog.schema.ts';
import { renderSeedPicture, type SeedPicture } from './catalog.seed-images.ts';

/** A price in the store's currencies (RUB, USD, EUR), in minor units. */
type Prices = { RUB: number; USD: number; EUR: number };

interface SeedFeatureItem {
  featureId: string;
  value: string;
  name: { en: string; ru: string };
  prices: Prices;
  /** The option's own picture (the backdrop in this colour). */
  picture?: SeedPicture;
}

interface SeedProduct {
  slug: string;
  type: (typeof products.$inferInsert)['type'];
  unitId: string;
  groupId: string;
  name: { en: string; ru: string };
  description: { en: string; ru: string };
  caption?: { en: string; ru: string };
  article?: string;
  litres?: number;
  quantityLimitRange?: string;
  /** Null: unlimited (digital goods). */
  availableQuantity: number | null;
  prices: Prices;
  featureItems?: SeedFeatureItem[];
  picture: SeedPicture;
  /** Chosen by this kind's features (use_by_kind). */
  kindId?: string;
  /** A set of these products (by slug), and what an invoice prints of it. */
  set?: {
    printOption: (typeof productSets.$inferInsert)['printOption'];
    items: Array<{ slug: string; quantity: number }>;
  };
}

/** Segments an operator starts with: executed on demand (POST /productSegments/{id}/execute). */
const segments = [
  { id: 'litre-bundles', name: { en: 'Litre bundles', ru: 'Пакеты литров' }, rule: { groupIds: ['litres'] } },
  {
    id: 'studio-under-5000-rub',
    name: { en: 'Studio gear up to 5 000 ₽', ru: 'Оборудование до 5 000 ₽' },
    rule: { groupIds: ['studio'], price: { currencyId: 'RUB', to: 500_000 } },
  },
];

/** Backdrops are chosen by colour, then size, whatever else their offers say. */
const kinds = [{ id: 'kind_backdrop', name: { en: 'Backdrop', ru: 'Фон' }, featureIds: ['colour', 'size'] }];

const groups = [
  {
    id: 'group_digital',
    parentId: null,
    slug: 'digital',
    name: { en: 'Digital goods', ru: 'Цифровые товары' },
  },
  {
    id: 'group_litres',
    parentId: 'group_digital',
    slug: 'litres',
    name: { en: 'Litre bundles', ru: 'Пакеты литров' },
  },
  {
    id: 'group_gift_cards',
    parentId: 'group_digital',
    slug: 'gift-cards',
    name: { en: 'Gift cards and pin codes', ru: 'Подарочные карты и пин-коды' },
  },
  {
    id: 'group_personal_account',
    parentId: 'group_digital',
    slug: 'personal-account',
    name: { en: 'Personal account', ru: 'Лицевой счёт' },
  },
  {
    id: 'group_plans',
    parentId: 'group_digital',
    slug: 'plans',
    name: { en: 'Subscription plans', ru: 'Тарифы с подпиской' },
  },
  {
    id: 'group_studio',
    parentId: null,
    slug: 'studio',
    name: { en: 'Product photography gear', ru: 'Оборудование для предметной съёмки' },
  },
  {
    id: 'group_backdrops',
    parentId: 'group_studio',
    slug: 'backdrops',
    name: { en: 'Backdrops', ru: 'Фоны' },
  },
];

const features = [
  { id: 'size', name: { en: 'Size', ru: 'Размер' } },
  { id: 'colour', name: { en: 'Colour', ru: 'Цвет' } },
];

const litreBundle = (litres: number, prices: Prices): SeedProduct => ({
  slug: `litres-${litres}`,
  type: 'goods',
  unitId: 'units.piece',
  groupId: 'group_litres',
  name: { en: `${litres} litres`, ru: `${litres} литров` },
  description: {
    en: `A bundle of ${litres} litres: ${litres} full-size images with the background removed. Litres do not expire.`,
    ru: `Пакет из ${litres} литров: ${litres} изображений в полном размере без фона. Литры не сгорают.`,
  },
  litres,
  availableQuantity: null,
  prices,
  picture: { kind: 'litres', litres },
});

/** The backdrops' colours: value, names, and the colour their pictures are drawn in. */
const colours: Array<[string, string, string, string]> = [
  ['white', 'White', 'Белый', '#fbfbf9'],
  ['black', 'Black', 'Чёрный', '#26262b'],
  ['grey', 'Grey', 'Серый', '#8d939c'],
  ['chroma-green', 'Chroma key green', 'Хромакей зелёный', '#3cb371'],
];
const colourItems = (prices: Prices): SeedFeatureItem[] =>
  colours.map(([value, en, ru, colour]) => ({
    featureId: 'colour',
    value,
    name: { en, ru },
    prices,
    picture: { kind: 'backdrop', colour },
  }));

/**
 * A subscription plan as the catalogue sells it (issue 15): its price is the monthly one; the
 * subscriptions module holds its litres a month and its price for each period.
 */
const plan = (litres: number, prices: Prices): SeedProduct => ({
  slug: `plan-${litres}`,
  type: 'subscription_plan',
  unitId: 'units.piece',
  groupId: 'group_plans',
  name: { en: `Plan: ${litres} images a month`, ru: `Тариф: ${litres} изображений в месяц` },
  description: {
    en: `${litres} litres every month: ${litres} full-size images without background. Unused litres roll over while you are subscribed. Pay monthly, or for a year at half the price.`,
    ru: `${litres} литров каждый месяц: ${litres} изображений в полном размере без фона. Неиспользованные литры переносятся, пока действует подписка. Оплата помесячно или за год за полцены.`,
  },
  availableQuantity: null,
  prices,
  picture: { kind: 'plan', litres },
});

/** The plans' monthly prices: cheaper per litre than bundles, and cheaper per litre as they grow. */
export const planMonthlyPrices: Record<number, Prices> = {
  10: { RUB: 24_900, USD: 299, EUR: 279 },
  40: { RUB: 79_000, USD: 999, EUR: 899 },
  100: { RUB: 159_000, USD: 1_999, EUR: 1_799 },
  200: { RUB: 279_000, USD: 3_499, EUR: 3_199 },
  500: { RUB: 590_000, USD: 7_499, EUR: 6_899 },
};

/** Cheaper per litre as the bundle grows. */
const catalogue: SeedProduct[] = [
  litreBundle(10, { RUB: 29_000, USD: 399, EUR: 349 }),
  litreBundle(50, { RUB: 119_000, USD: 1_499, EUR: 1_399 }),
  litreBundle(200, { RUB: 399_000, USD: 4_999, EUR: 4_599 }),
  litreBundle(1000, { RUB: 1_499_000, USD: 17_900, EUR: 16_500 }),
  {
    slug: 'gift-card-100',
    type: 'gift_card',
    unitId: 'units.piece',
    groupId: 'group_gift_cards',
    name: { en: 'Gift card: 100 litres', ru: 'Подарочная карта на 100 литров' },
    description: {
      en: 'A gift card for 100 litres, sent by e-mail: the one who gets it removes backgrounds from 100 images.',
      ru: 'Подарочная карта на 100 литров приходит на почту: получатель удалит фон со 100 изображений.',
    },
    litres: 100,
    availableQuantity: null,
    picture: { kind: 'gift-card', litres: 100 },
    prices: { RUB: 249_000, USD: 2_999, EUR: 2_799 },
  },
  {
    // No litres: its code gives its price (in the currency it was bought in) on the personal account.
    slug: 'gift-card-money',
    type: 'gift_card',
    unitId: 'units.piece',
    groupId: 'group_gift_cards',
    name: { en: 'Gift card for the personal account', ru: 'Подарочная карта на лицевой счёт' },
    description: {
      en: 'A gift card worth its price, sent by e-mail: the one who applies it gets the money on their personal account, to pay for plans and litres.',
      ru: 'Подарочная карта на сумму её цены приходит на почту: тот, кто её применит, получит деньги на лицевой счёт и оплатит ими тарифы и литры.',
    },
    availableQuantity: null,
    picture: { kind: 'gift-card-money' },
    prices: { RUB: 100_000, USD: 1_500, EUR: 1_500 },
  },
  {
    slug: 'pin-code-20',
    type: 'pin_code',
    unitId: 'units.piece',
    groupId: 'group_gift_cards',
    name: { en: 'Pin code: 20 litres', ru: 'Пин-код на 20 литров' },
    description: {
      en: 'A pin code that credits 20 litres when applied on the pin codes page of an account: keep it or give it away.',
      ru: 'Пин-код, который начисляет 20 литров при вводе на странице пин-кодов в личном кабинете: оставьте его себе или подарите.',
    },
    litres: 20,
    availableQuantity: null,
    picture: { kind: 'pin-code', litres: 20 },
    prices: { RUB: 54_900, USD: 699, EUR: 649 },
  },
  {
    slug: 'personal-account-top-up',
    type: 'personal_account',
    unitId: MONEY_UNIT,
    groupId: 'group_personal_account',
    name: { en: 'Personal account top-up', ru: 'Пополнение лицевого счёта' },
    description: {
      en: 'Money on your personal account, to pay for litres and plans later.',
      ru: 'Деньги на лицевом счёте, чтобы потом оплачивать литры и тарифы.',
    },
    availableQuantity: null,
    picture: { kind: 'wallet' },
    prices: { RUB: 100, USD: 100, EUR: 100 },
  },
  {
    slug: 'light-box',
    type: 'goods',
    unitId: 'units.piece',
    groupId: 'group_studio',
    name: { en: 'Folding light box', ru: 'Складной лайтбокс' },
    caption: { en: 'Even light, no shadows', ru: 'Ровный свет без теней' },
    description: {
      en: 'A folding light box with LED strips for shooting products on a clean white sweep.',
      ru: 'Складной лайтбокс со светодиодными лентами для съёмки товаров на чистом белом.',
    },
    article: 'LB-100',
    availableQuantity: 25,
    picture: { kind: 'light-box' },
    prices: { RUB: 490_000, USD: 5_900, EUR: 5_500 },
    featureItems: [
      {
        featureId: 'size',
        value: '40cm',
        name: { en: '40 cm', ru: '40 см' },
        prices: { RUB: 490_000, USD: 5_900, EUR: 5_500 },
      },
      {
        featureId: 'size',
        value: '60cm',
        name: { en: '60 cm', ru: '60 см' },
        prices: { RUB: 690_000, USD: 8_400, EUR: 7_800 },
      },
      {
        featureId: 'size',
        value: '80cm',
        name: { en: '80 cm', ru: '80 см' },
        prices: { RUB: 990_000, USD: 11_900, EUR: 10_900 },
      },
    ],
  },
  {
    slug: 'paper-backdrop',
    type: 'goods',
    unitId: 'units.piece',
    groupId: 'group_backdrops',
    name: { en: 'Paper backdrop roll', ru: 'Бумажные фоны в рулоне' },
    description: {
      en: 'A seamless paper backdrop, 1.35 × 10 m, in four colours. Sold by the roll: 1, 2 or 5 to 10 rolls.',
      ru: 'Бесшовные бумажные фоны 1,35 × 10 м четырёх цветов. Продаются рулонами: 1, 2 или от 5 до 10.',
    },
    article: 'BD-P135',
    kindId: 'kind_backdrop',
    quantityLimitRange: '1,2,5-10',
    availableQuantity: 40,
    picture: { kind: 'backdrop', colour: '#3cb371' },
    prices: { RUB: 250_000, USD: 2_900, EUR: 2_700 },
    featureItems: colourItems({ RUB: 250_000, USD: 2_900, EUR: 2_700 }),
  },
  {
    slug: 'vinyl-backdrop',
    type: 'goods',
    unitId: 'units.piece',
    groupId: 'group_backdrops',
    name: { en: 'Vinyl backdrop', ru: 'Виниловый фон' },
    description: {
      en: 'A washable vinyl backdrop, 1.5 × 3 m, matte.',
      ru: 'Моющийся виниловый фон 1,5 × 3 м, матовый.',
    },
    article: 'BD-V150',
    kindId: 'kind_backdrop',
    availableQuantity: 0,
    picture: { kind: 'backdrop', colour: '#3a3a3a' },
    prices: { RUB: 390_000, USD: 4_500, EUR: 4_200 },
    featureItems: colourItems({ RUB: 390_000, USD: 4_500, EUR: 4_200 }).slice(0, 2),
  },
  {
    slug: 'turntable',
    type: 'goods',
    unitId: 'units.piece',
    groupId: 'group_studio',
    name: { en: 'Motorised turntable', ru: 'Поворотный столик с мотором' },
    description: {
      en: 'A motorised turntable for 360° product shots, up to 10 kg.',
      ru: 'Поворотный столик с мотором для съёмки товара на 360°, нагрузка до 10 кг.',
    },
    article: 'TT-360',
    availableQuantity: 12,
    picture: { kind: 'turntable' },
    prices: { RUB: 350_000, USD: 4_200, EUR: 3_900 },
  },
  {
    slug: 'tripod',
    type: 'goods',
    unitId: 'units.piece',
    groupId: 'group_studio',
    name: { en: 'Camera tripod', ru: 'Штатив для камеры' },
    description: {
      en: 'An aluminium tripod with a ball head, 45–170 cm.',
      ru: 'Алюминиевый штатив с шаровой головой, 45–170 см.',
    },
    article: 'TR-170',
    availableQuantity: 8,
    picture: { kind: 'tripod' },
    prices: { RUB: 420_000, USD: 4_900, EUR: 4_600 },
  },
  {
    slug: 'starter-kit',
    type: 'goods',
    unitId: 'units.piece',
    groupId: 'group_studio',
    name: { en: 'Product photo starter kit', ru: 'Стартовый набор для предметной съёмки' },
    caption: { en: 'Light box, two backdrops and a tripod', ru: 'Лайтбокс, два фона и штатив' },
    description: {
      en: 'Everything to start shooting products at home: a folding light box, two paper backdrop rolls and a camera tripod, for less than apart.',
      ru: 'Всё, чтобы начать снимать товары дома: складной лайтбокс, два рулона бумажного фона и штатив — дешевле, чем по отдельности.',
    },
    article: 'KIT-01',
    availableQuantity: 8,
    picture: { kind: 'starter-kit' },
    prices: { RUB: 1_190_000, USD: 13_900, EUR: 12_900 },
    set: {
      printOption: 'set_and_products',
      items: [
        { slug: 'light-box', quantity: 1 },
        { slug: 'paper-backdrop', quantity: 2 },
        { slug: 'tripod', quantity: 1 },
      ],
    },
  },
  ...Object.entries(planMonthlyPrices).map(([litres, prices]) => plan(Number(litres), prices)),
];

const priceRows = <K extends string>(key: K, id: string, prices: Prices) =>
  Object.entries(prices).map(
    ([currencyId, amountMinor]) =>
      ({ [key]: id, currencyId, amountMinor }) as Record<K, string> & {
        currencyId: string;
        amountMinor: number;
      },
  );

const productIdOf = (item: SeedProduct) => `product_${item.slug.replaceAll('-', '_')}`;
const featureItemIdOf = (item: SeedProduct, feature: SeedFeatureItem) =>
  `offer_${item.slug.replaceAll('-', '_')}_${feature.featureId}_${feature.value.replaceAll('-', '_')}`;

/**
 * The first catalogue, in English and Russian, priced in the store's currencies. Rows that exist
 * are left alone, so that an operator's edits survive restarts. Call after `seedStore`. Each
 * product without images gets its picture, stored through the files service (without one, as
 * a benchmark seeds, products stay without pictures).
 */
export async function seedCatalog(
  db: Db,
  options: { files?: Pick<FilesService, 'put'> } = {},
): Promise<void> {
  await seedProducts(db);
  if (options.files) await seedPictures(db, options.files);
}

async function seedProducts(db: Db): Promise<void> {
  for (const item of catalogue) {
    if (item.quantityLimitRange === undefined) continue;
    const range = parseQuantityLimitRange(item.quantityLimitRange);
    if (!range.ok)
      throw new Error(`seed product ${item.slug}: quantity limit range ${range.error} at '${range.part}'`);
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(productGroups)
      .values(groups.map((group, index) => ({ ...group, priority: (index + 1) * 10 })))
      .onConflictDoNothing();
    await tx.insert(productFeatures).values(features).onConflictDoNothing();
    await tx.insert(productKinds).values(kinds).onConflictDoNothing();
    await tx.insert(productSegments).values(segments).onConflictDoNothing();
    for (const [index, item] of catalogue.entries()) {
      const productId = productIdOf(item);
      const offerId = `offer_${item.slug.replaceAll('-', '_')}`;
      const inserted = await tx
        .insert(products)
        .values({
          id: productId,
          slug: item.slug,
          type: item.type,
          unitId: item.unitId,
          groupId: item.groupId,
          name: item.name,
          description: item.description,
          caption: item.caption ?? {},
          article: item.article ?? null,
          litres: item.litres ?? null,
          useQuantityLimit: item.quantityLimitRange !== undefined,
          quantityLimitRange: item.quantityLimitRange ?? null,
          priority: (index + 1) * 10,
          kindId: item.kindId ?? null,
          useFeatureOption: item.kindId ? 'use_by_kind' : 'use_by_product',
        })
        .onConflictDoNothing()
        .returning({ id: products.id });
      // A product that exists keeps its offers as its operator left them.
      if (inserted.length === 0) continue;
      await tx
        .insert(tradeOffers)
        .values({ id: offerId, productId, availableQuantity: item.availableQuantity });
      await tx.insert(tradeOfferPrices).values(priceRows('tradeOfferId', offerId, item.prices));
      if (item.set) {
        const setId = `set_${item.slug.replaceAll('-', '_')}`;
        await tx.insert(productSets).values({ id: setId, productId, printOption: item.set.printOption });
        await tx.insert(productSetItems).values(
          item.set.items.map(({ slug, quantity }, priority) => ({
            setId,
            productId: `product_${slug.replaceAll('-', '_')}`,
            quantity,
            priority,
          })),
        );
      }
      for (const [position, feature] of (item.featureItems ?? []).entries()) {
        const featureItemId = featureItemIdOf(item, feature);
        await tx.insert(tradeOfferFeatureItems).values({
          id: featureItemId,
          tradeOfferId: offerId,
          featureId: feature.featureId,
          value: feature.value,
          displayName: feature.name,
          priority: position,
        });
        await tx
          .insert(tradeOfferFeatureItemPrices)
          .values(priceRows('featureItemId', featureItemId, feature.prices));
      }
    }
  });
}

/**
 * A picture for each seeded product that has no image (a product whose operator removed every
 * image gets it back), and one for each seeded option drawn apart that has none. Options drawn
 * alike share one file. Outside the products' transaction: the files service runs on its own
 * connection, and PGlite has only one.
 */
async function seedPictures(db: Db, files: Pick<FilesService, 'put'>): Promise<void> {
  const stored = new Map<string, string>();
  const fileOf = async (picture: SeedPicture): Promise<string> => {
    const key = JSON.stringify(picture);
    const known = stored.get(key);
    if (known) return known;
    const file = await files.put({ bytes: await renderSeedPicture(picture), mime: 'image/png' });
    stored.set(key, file.id);
    return file.id;
  };
  const pictured = new Set(
    (await db.selectDistinct({ productId: productImages.productId }).from(productImages)).map(
      (row) => row.productId,
    ),
  );
  for (const item of catalogue) {
    const productId = productIdOf(item);
    if (pictured.has(productId)) continue;
    const fileId = await fileOf(item.picture);
    await db.insert(productImages).values({ productId, fileId, position: 0 }).onConflictDoNothing();
  }
  const repo = createCatalogRepo(createTransactor(db));
  const unpictured = await repo.featureItemsWithoutImage();
  for (const item of catalogue) {
    for (const feature of item.featureItems ?? []) {
      const id = featureItemIdOf(item, feature);
      if (feature.picture && unpictured.has(id))
        await repo.setFeatureItemImage(id, await fileOf(feature.picture));
    }
  }
}
