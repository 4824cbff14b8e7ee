import type { StoreInfo } from '@cutout/contracts';

const metaTags = {
  en: {
    title: 'Cutout — remove the background from any photo',
    description: 'Background removal',
    keywords: 'remove background',
  },
  ru: { title: 'Cutout — удаление фона с фото', description: 'Удаление фона', keywords: 'удалить фон' },
};

/** A store info answer like the server's seed store, in English or Russian. */
export function storeInfoFixture(options: { language?: 'en' | 'ru'; currencyId?: string } = {}): StoreInfo {
  const language = options.language ?? 'en';
  const currencies = [
    { id: 'RUB', name: 'Russian rouble', displayName: 'Roubles', characterCode: 'RUB', symbol: '₽' },
    { id: 'USD', name: 'US dollar', displayName: 'Dollars', characterCode: 'USD', symbol: '$' },
    { id: 'EUR', name: 'Euro', displayName: 'Euros', characterCode: 'EUR', symbol: '€' },
  ];
  const locales = [
    { id: 'en', language: 'en' as const, name: 'English' },
    { id: 'ru', language: 'ru' as const, name: 'Русский' },
  ];
  const meta = metaTags[language];
  return {
    storeId: 'cutout',
    tenantClientId: 'cutout',
    name: 'Cutout',
    locale: locales.find((locale) => locale.id === language) ?? locales[0]!,
    localeId: language,
    locales,
    currency: currencies.find((currency) => currency.id === (options.currencyId ?? 'RUB')) ?? currencies[0]!,
    currencies,
    passports: [],
    partnerActions: [
      { id: 'grant', quantity: 5 },
      { id: 'purchase', quantity: 2 },
    ],
    partner: {
      id: 'cutout-seller',
      name: 'Cutout',
      legalName: language === 'ru' ? 'ООО «Катаут»' : 'Cutout Ltd.',
      taxId: '7700000000',
      email: 'support@cutout.example',
      phone: '+7 800 000-00-00',
      address: language === 'ru' ? 'Россия, Москва, ул. Примерная, 1' : '1 Example Street, Moscow, Russia',
    },
    user: null,
    siteLogo: null,
    htmlMetaTagItems: [
      { typeId: 'html_meta_tag_types.title', content: meta.title },
      { typeId: 'html_meta_tag_types.description', content: meta.description },
      { typeId: 'html_meta_tag_types.keywords', content: meta.keywords },
    ],
    optionItems: [{ name: 'UserEmailRequired', value: true }],
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
