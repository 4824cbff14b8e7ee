import { type StoreInfo, storeHeaderNames, storeInfoSchema } from '@cutout/contracts';
import { apiRequest } from '../api/client.ts';

export type { StoreInfo };

export interface StoreInfoKeyParts {
  localeId: string;
  currencyId: string | null;
  accessToken: string | null;
}

/** Store info depends on the locale, the currency and who asks: each is part of the key. */
export function storeInfoQueryKey(parts: StoreInfoKeyParts) {
  return ['storeInfo', parts.localeId, parts.currencyId, parts.accessToken] as const;
}

/** GET /api/stores/fetchStoreInfo for the given locale and currency (the session's may lag behind). */
export function fetchStoreInfo(parts: StoreInfoKeyParts, signal?: AbortSignal): Promise<StoreInfo> {
  const headers: Record<string, string> = { [storeHeaderNames.localeId]: parts.localeId };
  if (parts.currencyId) headers[storeHeaderNames.currencyId] = parts.currencyId;
  return apiRequest('/fetchStoreInfo', { parse: (data) => storeInfoSchema.parse(data), headers, signal });
}

/** The litre balance: the sum of the partner action quantities (SPEC §3). */
export function litreBalance(info: Pick<StoreInfo, 'partnerActions'>): number {
  return info.partnerActions.reduce((sum, action) => sum + action.quantity, 0);
}

/** The currency to use when none is chosen yet: the one coded RUB, else the store's (SPEC §4). */
export function defaultCurrencyId(info: Pick<StoreInfo, 'currencies' | 'currency'>): string {
  return info.currencies.find((currency) => currency.characterCode === 'RUB')?.id ?? info.currency.id;
}
