import { and, asc, eq } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import {
  currencies,
  htmlMetaTagItems,
  locales,
  partners,
  storeCurrencies,
  storeLocales,
  storeOptions,
  stores,
} from './store.schema.ts';

export type StoreRow = typeof stores.$inferSelect;
export type LocaleRow = typeof locales.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/** Everything about a store that changes rarely, read in one go and cached by the service. */
export interface StoreSnapshot {
  store: StoreRow;
  partner: PartnerRow | null;
  locales: LocaleRow[];
  currencies: CurrencyRow[];
  options: Map<string, boolean>;
  metaTags: Array<{ pageKey: string; localeId: string; typeId: string; content: string }>;
}

export function createStoreRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async findSnapshot(storeId: string): Promise<StoreSnapshot | null> {
      const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
      if (!store) return null;
      const [partnerRows, localeRows, currencyRows, optionRows, metaRows] = await Promise.all([
        store.partnerId ? db().select().from(partners).where(eq(partners.id, store.partnerId)) : [],
        db()
          .select({ locale: locales })
          .from(storeLocales)
          .innerJoin(locales, eq(locales.id, storeLocales.localeId))
          .where(eq(storeLocales.storeId, storeId))
          .orderBy(asc(storeLocales.position)),
        db()
          .select({ currency: currencies })
          .from(storeCurrencies)
          .innerJoin(currencies, eq(currencies.id, storeCurrencies.currencyId))
          .where(eq(storeCurrencies.storeId, storeId))
          .orderBy(asc(storeCurrencies.position)),
        db().select().from(storeOptions).where(eq(storeOptions.storeId, storeId)),
        db()
          .select({
            pageKey: htmlMetaTagItems.pageKey,
            localeId: htmlMetaTagItems.localeId,
            typeId: htmlMetaTagItems.typeId,
            content: htmlMetaTagItems.content,
          })
          .from(htmlMetaTagItems)
          .where(and(eq(htmlMetaTagItems.storeId, storeId))),
      ]);
      return {
        store,
        partner: partnerRows[0] ?? null,
        locales: localeRows.map((row) => row.locale),
        currencies: currencyRows.map((row) => row.currency),
        options: new Map(optionRows.map((row) => [row.name, row.value])),
        metaTags: metaRows,
      };
    },
  };
}

export type StoreRepo = ReturnType<typeof createStoreRepo>;
