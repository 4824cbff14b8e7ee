import type { Db } from '../../platform/db/client.ts';
import {
  currencies,
  htmlMetaTagItems,
  locales,
  partners,
  storeCurrencies,
  storeLocales,
  storeOptions,
  stores,
  tenants,
} from './store.schema.ts';

export const defaultTenantId = 'cutout';
export const defaultStoreId = 'cutout';

/** Store option flags of SPEC §3 with their defaults. */
export const defaultStoreOptions: Record<string, boolean> = {
  UserEmailRequired: true,
  UserPhoneNumberRequired: false,
  UserEmailVerificationRequired: true,
  UserPhoneNumberVerificationRequired: false,
  AllowAnonymousUser: true,
  AllowDelivery: true,
  RecipientContactsRequired: false,
  AllowPersonalAccount: true,
  AllowClientProductInStock: false,
};

const metaTags = {
  en: {
    'html_meta_tag_types.title': 'Cutout — remove the background from any photo in seconds',
    'html_meta_tag_types.description':
      'Remove image backgrounds automatically with a neural network: JPG, PNG, WEBP and AVIF, on a transparent ' +
      'background, a colour or another image. Free previews, 5 free litres a month, REST API.',
    'html_meta_tag_types.keywords':
      'remove background, background remover, transparent background, cut out photo, product photo, API',
  },
  ru: {
    'html_meta_tag_types.title': 'Cutout — удаление фона с фотографии за секунды',
    'html_meta_tag_types.description':
      'Автоматическое удаление фона с изображений нейросетью: JPG, PNG, WEBP и AVIF — на прозрачном фоне, ' +
      'цветном или другой картинке. Бесплатный предпросмотр, 5 литров в месяц бесплатно, REST API.',
    'html_meta_tag_types.keywords':
      'удалить фон, удаление фона, прозрачный фон, вырезать объект, фото товара, API удаления фона',
  },
};

/**
 * Inserts the default tenant and store when they are missing. Rows that exist are left alone, so
 * that an operator's edits survive restarts.
 */
export async function seedStore(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id: defaultTenantId, name: 'Cutout' }).onConflictDoNothing();
    await tx
      .insert(locales)
      .values([
        { id: 'en', language: 'en', name: 'English' },
        { id: 'ru', language: 'ru', name: 'Русский' },
      ])
      .onConflictDoNothing();
    await tx
      .insert(currencies)
      .values([
        {
          id: 'RUB',
          characterCode: 'RUB',
          symbol: '₽',
          name: { en: 'Russian rouble', ru: 'Российский рубль' },
          displayName: { en: 'Roubles', ru: 'Рубли' },
        },
        {
          id: 'USD',
          characterCode: 'USD',
          symbol: '$',
          name: { en: 'US dollar', ru: 'Доллар США' },
          displayName: { en: 'Dollars', ru: 'Доллары' },
        },
        {
          id: 'EUR',
          characterCode: 'EUR',
          symbol: '€',
          name: { en: 'Euro', ru: 'Евро' },
          displayName: { en: 'Euros', ru: 'Евро' },
        },
      ])
      .onConflictDoNothing();
    await tx
      .insert(partners)
      .values({
        id: 'cutout-seller',
        tenantId: defaultTenantId,
        name: { en: 'Cutout', ru: 'Cutout' },
        legalName: { en: 'Cutout Ltd.', ru: 'ООО «Катаут»' },
        taxId: null,
        email: 'support@cutout.example',
        phone: '+7 800 000-00-00',
        address: { en: '1 Example Street, Moscow, Russia', ru: 'Россия, Москва, ул. Примерная, 1' },
      })
      .onConflictDoNothing();
    await tx
      .insert(stores)
      .values({
        id: defaultStoreId,
        tenantId: defaultTenantId,
        partnerId: 'cutout-seller',
        name: 'Cutout',
        defaultLocaleId: 'en',
        defaultCurrencyId: 'RUB',
        siteLogoUrl: '/logo.svg',
        siteLogoAlt: 'Cutout',
      })
      .onConflictDoNothing();
    await tx
      .insert(storeLocales)
      .values([
        { storeId: defaultStoreId, localeId: 'en', position: 0 },
        { storeId: defaultStoreId, localeId: 'ru', position: 1 },
      ])
      .onConflictDoNothing();
    await tx
      .insert(storeCurrencies)
      .values(
        ['RUB', 'USD', 'EUR'].map((currencyId, position) => ({
          storeId: defaultStoreId,
          currencyId,
          position,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(storeOptions)
      .values(
        Object.entries(defaultStoreOptions).map(([name, value]) => ({
          storeId: defaultStoreId,
          name,
          value,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(htmlMetaTagItems)
      .values(
        Object.entries(metaTags).flatMap(([localeId, tags]) =>
          Object.entries(tags).map(([typeId, content]) => ({
            storeId: defaultStoreId,
            localeId,
            typeId,
            content,
          })),
        ),
      )
      .onConflictDoNothing();
  });
}
