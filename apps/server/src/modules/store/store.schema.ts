import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A text in every language of the store: { en: '...', ru: '...' }. */
export type LocalizedText = Record<string, string>;

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenants.id),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  legalName: jsonb('legal_name').$type<LocalizedText>().notNull(),
  taxId: text('tax_id'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: jsonb('address').$type<LocalizedText>().notNull(),
});

export const locales = pgTable('locales', {
  id: text('id').primaryKey(),
  language: text('language').notNull(),
  name: text('name').notNull(),
});

export const currencies = pgTable('currencies', {
  id: text('id').primaryKey(),
  characterCode: text('character_code').notNull(),
  symbol: text('symbol').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  displayName: jsonb('display_name').$type<LocalizedText>().notNull(),
});

export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenants.id),
  partnerId: text('partner_id').references(() => partners.id),
  name: text('name').notNull(),
  defaultLocaleId: text('default_locale_id')
    .notNull()
    .references(() => locales.id),
  defaultCurrencyId: text('default_currency_id')
    .notNull()
    .references(() => currencies.id),
  siteLogoUrl: text('site_logo_url'),
  siteLogoAlt: text('site_logo_alt'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const storeLocales = pgTable(
  'store_locales',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    localeId: text('locale_id')
      .notNull()
      .references(() => locales.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.localeId] })],
);

export const storeCurrencies = pgTable(
  'store_currencies',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    currencyId: text('currency_id')
      .notNull()
      .references(() => currencies.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.currencyId] })],
);

export const storeOptions = pgTable(
  'store_options',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    value: boolean('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.name] })],
);

/** Meta tags of the store (pageKey '') and, later, of its pages and posts. */
export const htmlMetaTagItems = pgTable(
  'html_meta_tag_items',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    pageKey: text('page_key').notNull().default(''),
    localeId: text('locale_id')
      .notNull()
      .references(() => locales.id),
    typeId: text('type_id').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.pageKey, t.localeId, t.typeId] })],
);
