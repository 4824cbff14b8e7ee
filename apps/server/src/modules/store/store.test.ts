import { storeInfoSchema } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness.ts';

describe.each(testDatabases)('store module on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const storeInfo = async (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/stores/fetchStoreInfo', headers });

  it('answers the store info of SPEC §3 for the default store', async () => {
    const response = await storeInfo();
    expect(response.statusCode).toBe(200);
    const info = storeInfoSchema.parse(response.json());
    expect(info.storeId).toBe('cutout');
    expect(info.locales.map((locale) => locale.id)).toEqual(['en', 'ru']);
    expect(info.currencies.map((currency) => currency.characterCode)).toEqual(['RUB', 'USD', 'EUR']);
    expect(info.currency.characterCode).toBe('RUB');
    expect(info.localeId).toBe('en');
    expect(info.user).toBeNull();
    expect(info.partnerActions).toEqual([]);
    expect(info.siteLogo?.url).toBe('/logo.svg');
    expect(info.partner?.email).toContain('@');
    expect(info.htmlMetaTagItems.map((tag) => tag.typeId)).toEqual([
      'html_meta_tag_types.title',
      'html_meta_tag_types.description',
      'html_meta_tag_types.keywords',
    ]);
  });

  it('has the option flags with their defaults', async () => {
    const info = storeInfoSchema.parse((await storeInfo()).json());
    const options = Object.fromEntries(info.optionItems.map((item) => [item.name, item.value]));
    expect(options).toEqual({
      UserEmailRequired: true,
      UserPhoneNumberRequired: false,
      UserEmailVerificationRequired: true,
      UserPhoneNumberVerificationRequired: false,
      AllowAnonymousUser: true,
      AllowDelivery: true,
      RecipientContactsRequired: false,
      AllowPersonalAccount: true,
      AllowClientProductInStock: false,
    });
  });

  it('speaks the locale and currency of the headers', async () => {
    const info = storeInfoSchema.parse(
      (await storeInfo({ 'x-locale-id': 'ru', 'x-currency-id': 'USD' })).json(),
    );
    expect(info.localeId).toBe('ru');
    expect(info.locale.language).toBe('ru');
    expect(info.currency.id).toBe('USD');
    expect(info.currency.name).toBe('Доллар США');
    expect(info.partner?.address).toMatch(/Москва/);
    expect(info.htmlMetaTagItems[0]?.content).toMatch(/удаление фона/);
  });

  it('falls back to the store defaults for a locale or currency it does not have', async () => {
    const info = storeInfoSchema.parse(
      (await storeInfo({ 'x-locale-id': 'de', 'x-currency-id': 'JPY' })).json(),
    );
    expect(info.localeId).toBe('en');
    expect(info.currency.id).toBe('RUB');
  });

  it('refuses an unknown store with a clear error, in the language of the request', async () => {
    const response = await storeInfo({ 'x-store-id': 'nowhere', 'x-locale-id': 'ru' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'STORE_NOT_FOUND',
      message: 'Магазин «nowhere» не существует.',
      details: { storeId: 'nowhere' },
    });
  });

  it('refuses a store of another tenant', async () => {
    const response = await storeInfo({ 'x-store-id': 'cutout', 'x-tenant-client-id': 'someone-else' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('STORE_NOT_FOUND');
  });

  it('checks the store on every call under /api/stores', async () => {
    for (const url of ['/api/stores/constants', '/api/stores/locales']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-store-id': 'nowhere' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('lists the locales, by GET and by POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/stores/locales' });
      expect(response.statusCode).toBe(200);
      expect(response.json().locales).toEqual([
        { id: 'en', language: 'en', name: 'English' },
        { id: 'ru', language: 'ru', name: 'Русский' },
      ]);
    }
  });

  it('answers the business constants of SPEC §9', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/stores/constants' });
    expect(response.json()).toMatchObject({
      litreCostFull: 1,
      freeLitresPerMonth: 5,
      maxFileBytes: 32 * 1024 * 1024,
      maxWidth: 6250,
      previewWidth: 625,
      previewHeight: 400,
      toastDurationMs: 4000,
      taskPanelHideDelayMs: 2500,
    });
  });

  it('seeds only once: a second seed leaves the data as it was', async () => {
    const { seedStore } = await import('./store.seed.ts');
    await seedStore(t.database.db);
    const info = storeInfoSchema.parse((await storeInfo()).json());
    expect(info.currencies).toHaveLength(3);
    expect(info.htmlMetaTagItems).toHaveLength(3);
  });
});

describe('store option defaults', () => {
  it('a flag the store has no value for takes the SPEC default: e-mail verification on, the rest off', async () => {
    const { storeOption } = await import('./store.service.ts');
    const store = { snapshot: { options: new Map([['UserEmailRequired', true]]) } } as unknown as Parameters<
      typeof storeOption
    >[0];
    expect(storeOption(store, 'UserEmailRequired')).toBe(true);
    expect(storeOption(store, 'UserEmailVerificationRequired')).toBe(true);
    expect(storeOption(store, 'AllowAnonymousUser')).toBe(false);
  });
});
