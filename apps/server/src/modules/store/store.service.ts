import {
  businessConstants,
  type Currency,
  type HtmlMetaTagItem,
  htmlMetaTagTypes,
  type Language,
  type Locale,
  languageSchema,
  type StoreConstants,
  type StoreInfo,
  type StoreOptionName,
  type StoreSelection,
  storeOptionDefaults,
  storeOptionNames,
  type User,
} from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { CurrencyRow, LocaleRow, StoreRepo, StoreSnapshot } from './store.repo.ts';

export type { StoreSelection };

/** A store's option flag (SPEC §3): its own value, else the contracts' default. */
export const storeOption = (store: ResolvedStore, name: StoreOptionName): boolean =>
  store.snapshot.options.get(name) ?? storeOptionDefaults[name];

/** A store with the locale and currency a request resolved to. */
export interface ResolvedStore {
  snapshot: StoreSnapshot;
  locale: LocaleRow;
  language: Language;
  currency: CurrencyRow;
}

/** The business constants of SPEC §9 (the contracts hold them). */
export const storeConstants: StoreConstants = businessConstants;

export function createStoreService(deps: {
  repo: StoreRepo;
  defaultStoreId: string;
  cacheTtlMs?: number;
  now?: () => number;
}) {
  const ttl = deps.cacheTtlMs ?? 30_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { snapshot: StoreSnapshot; expiresAt: number }>();

  async function snapshotOf(storeId: string): Promise<StoreSnapshot | null> {
    const hit = cache.get(storeId);
    if (hit && hit.expiresAt > now()) return hit.snapshot;
    const snapshot = await deps.repo.findSnapshot(storeId);
    if (snapshot) cache.set(storeId, { snapshot, expiresAt: now() + ttl });
    return snapshot;
  }

  function toLocale(row: LocaleRow): Locale {
    return { id: row.id, language: languageSchema.parse(row.language), name: row.name };
  }

  function toCurrency(row: CurrencyRow, language: string): Currency {
    return {
      id: row.id,
      name: localized(row.name, language),
      displayName: localized(row.displayName, language),
      characterCode: row.characterCode,
      symbol: row.symbol,
    };
  }

  /** The meta tags of a page (pageKey '' is the store itself) in a language, falling back to the store's. */
  function metaTagsOf(resolved: ResolvedStore, pageKey = ''): HtmlMetaTagItem[] {
    const { snapshot, locale } = resolved;
    const pick = (key: string, localeId: string) =>
      snapshot.metaTags.filter((tag) => tag.pageKey === key && tag.localeId === localeId);
    const tags = [pageKey, ''].map((key) => pick(key, locale.id)).find((found) => found.length > 0) ?? [];
    return htmlMetaTagTypes.flatMap((typeId) => {
      const tag = tags.find((item) => item.typeId === typeId);
      return tag ? [{ typeId, content: tag.content }] : [];
    });
  }

  return {
    /** Finds the store of a request and the locale and currency it speaks; unknown store → STORE_NOT_FOUND. */
    async resolve(selection: StoreSelection): Promise<ResolvedStore> {
      const storeId = selection.storeId ?? deps.defaultStoreId;
      const snapshot = await snapshotOf(storeId);
      const tenantMatches =
        !selection.tenantClientId || snapshot?.store.tenantId === selection.tenantClientId;
      if (!snapshot || !tenantMatches) {
        throw new DomainError('STORE_NOT_FOUND', { params: { storeId }, details: { storeId } });
      }
      // A stale locale or currency id (kept in a browser) falls back to the store's default.
      const locale =
        snapshot.locales.find((row) => row.id === selection.localeId) ??
        snapshot.locales.find((row) => row.id === snapshot.store.defaultLocaleId) ??
        snapshot.locales[0];
      const currency =
        snapshot.currencies.find((row) => row.id === selection.currencyId) ??
        snapshot.currencies.find((row) => row.id === snapshot.store.defaultCurrencyId) ??
        snapshot.currencies[0];
      if (!locale || !currency) throw new DomainError('SERVICE_UNAVAILABLE');
      return { snapshot, locale, language: languageSchema.parse(locale.language), currency };
    },

    metaTags: metaTagsOf,

    /** The store info object of SPEC §3. */
    storeInfo(
      resolved: ResolvedStore,
      viewer: {
        user: User | null;
        partnerActions: StoreInfo['partnerActions'];
        passports: StoreInfo['passports'];
      },
    ): StoreInfo {
      const { snapshot, locale, language, currency } = resolved;
      const { store, partner } = snapshot;
      return {
        storeId: store.id,
        tenantClientId: store.tenantId,
        name: store.name,
        locale: toLocale(locale),
        localeId: locale.id,
        locales: snapshot.locales.map(toLocale),
        currency: toCurrency(currency, language),
        currencies: snapshot.currencies.map((row) => toCurrency(row, language)),
        passports: viewer.passports,
        partnerActions: viewer.partnerActions,
        partner: partner && {
          id: partner.id,
          name: localized(partner.name, language),
          legalName: localized(partner.legalName, language),
          taxId: partner.taxId,
          email: partner.email,
          phone: partner.phone,
          address: localized(partner.address, language),
        },
        user: viewer.user,
        siteLogo: store.siteLogoUrl ? { url: store.siteLogoUrl, alt: store.siteLogoAlt ?? store.name } : null,
        htmlMetaTagItems: metaTagsOf(resolved),
        optionItems: storeOptionNames.map((name) => ({
          name,
          value: snapshot.options.get(name) ?? storeOptionDefaults[name],
        })),
      };
    },

    locales(resolved: ResolvedStore): Locale[] {
      return resolved.snapshot.locales.map(toLocale);
    },

    constants(): StoreConstants {
      return storeConstants;
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
