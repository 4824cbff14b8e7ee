import type { StoreInfo } from '@cutout/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routes } from '../app/routes.tsx';
import { noAnalytics } from '../shared/analytics/analytics.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { LanguageProvider } from '../shared/routing/language-context.tsx';
import { StoreInfoProvider } from '../shared/store-info/store-info-context.tsx';
import { jsonResponse, storeInfoFixture } from './fixtures.ts';

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch: store info comes from `storeInfo` (by the x-locale-id header) unless `handler` answers. */
export function mockApi(
  options: { handler?: FetchHandler; storeInfo?: (language: Language) => StoreInfo } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (options.handler) return options.handler(url, init);
    if (url.endsWith('/api/stores/fetchStoreInfo')) {
      const headers = new Headers(init.headers);
      const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
      const currencyId = headers.get('x-currency-id') ?? undefined;
      return jsonResponse(options.storeInfo?.(language) ?? storeInfoFixture({ language, currencyId }));
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the whole app (routes, providers) at `path` in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <AppProviders queryClient={queryClient} analytics={noAnalytics}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/**
 * Renders a shell component with loaded store info at `path` (below `/:lang`), as the language
 * guard would. The router's location tells where a click led.
 */
export function renderInShell(
  ui: ReactNode,
  options: { path?: string; language?: Language; storeInfo?: StoreInfo; state?: unknown } = {},
) {
  const language = options.language ?? 'en';
  // The resources are bundled, so the switch is done by the time this returns.
  void i18n.changeLanguage(language);
  const storeInfo = options.storeInfo ?? storeInfoFixture({ language });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <LanguageProvider language={language}>
            <StoreInfoProvider value={storeInfo}>{ui}</StoreInfoProvider>
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: [{ ...parsePath(options.path ?? `/${language}`), state: options.state }] },
  );
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <AppProviders queryClient={queryClient} analytics={noAnalytics}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () =>
    `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;
  return { ...view, router, queryClient, location };
}
