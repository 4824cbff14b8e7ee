import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import type { Language } from '../../shared/i18n/languages.ts';
import { LanguageProvider } from '../../shared/routing/language-context.tsx';
import { localizedPath, paths } from '../../shared/routing/paths.ts';
import {
  getSession,
  isAuthorised,
  signOutLocally,
  updateSession,
  useSession,
} from '../../shared/session/session.ts';
import { usePreferences } from '../../shared/store-info/preferences.ts';
import { defaultCurrencyId, fetchStoreInfo, storeInfoQueryKey } from '../../shared/store-info/store-info.ts';
import { StoreInfoProvider } from '../../shared/store-info/store-info-context.tsx';
import { InitLoader } from '../loaders/InitLoader.tsx';

/** The client code of a failed initialisation (SPEC §8.1). */
export const initErrorCode = 'NAT_INIT_ERROR';

/**
 * The guard of SPEC §2.2 for an address in `language`: switches the locale to it when it differs,
 * loads the store info for that locale and the chosen currency, and renders its children with
 * both; a failed load goes to the service-unavailable page.
 */
export function StoreGate({ language, children }: { language: Language; children: ReactNode }) {
  const { currencyId, accessToken } = useSession();
  const queryClient = useQueryClient();
  const { changeLocale, rememberLocale } = usePreferences();
  /** The language the server was last told of for this user, in this page's life. */
  const told = useRef<string | null>(null);
  // Locale ids are the language codes: the address decides the locale.
  const query = useQuery({
    queryKey: storeInfoQueryKey({ localeId: language, currencyId, accessToken }),
    queryFn: ({ signal }) => fetchStoreInfo({ localeId: language, currencyId, accessToken }, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const info = query.data;
  const failed = query.isError && (!info || query.isPlaceholderData);
  const loaded = info && !query.isPlaceholderData ? info : undefined;

  // A layout effect: it runs before any child's query starts (queries fetch from passive effects),
  // so every request of a page in the new language carries that locale, whatever its query key.
  useLayoutEffect(() => {
    // A locale other than the stored one is sent to the server by changeLocale itself.
    if (getSession().localeId !== language) told.current = language;
    void changeLocale(language, language);
    document.documentElement.lang = language;
  }, [language, changeLocale]);

  // What the server answered in the other language or currency (product and group names, order
  // lines, prices) is read again in the new one, whatever its query key; store info has its own key.
  const scope = `${language} ${currencyId ?? ''}`;
  const shownScope = useRef(scope);
  useLayoutEffect(() => {
    if (shownScope.current === scope) return;
    shownScope.current = scope;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'storeInfo' });
  }, [scope, queryClient]);

  useEffect(() => {
    // The account may remember another language (chosen on another device): its mail would come in
    // that one. Told once per language shown.
    const user = loaded?.user;
    if (!user || user.anonymous || told.current === language) return;
    told.current = language;
    if (user.localeId !== language) void rememberLocale(language);
  }, [loaded, language, rememberLocale]);

  useEffect(() => {
    if (failed) console.error(initErrorCode, query.error);
  }, [failed, query.error]);

  useEffect(() => {
    if (!loaded) return;
    updateSession({ storeId: loaded.storeId, tenantClientId: loaded.tenantClientId });
    if (getSession().currencyId) return;
    // First visit: remember the default currency; the answer in hand is already for it when it matches.
    const chosen = defaultCurrencyId(loaded);
    if (chosen === loaded.currency.id) {
      queryClient.setQueryData(
        storeInfoQueryKey({ localeId: language, currencyId: chosen, accessToken }),
        loaded,
      );
    }
    updateSession({ currencyId: chosen });
  }, [loaded, queryClient, language, accessToken]);

  useEffect(() => {
    // Asked as a signed-in user but answered for a visitor: the server no longer knows the token
    // or cookie (expired, or revoked by a new password), so this browser forgets it too.
    if (loaded && !loaded.user && isAuthorised()) signOutLocally();
  }, [loaded]);

  if (failed) return <Navigate replace to={localizedPath(language, paths.serviceUnavailable)} />;
  if (!info) return <InitLoader />;
  return (
    <LanguageProvider language={language}>
      <StoreInfoProvider value={info}>{children}</StoreInfoProvider>
    </LanguageProvider>
  );
}
