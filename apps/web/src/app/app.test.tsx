import { storageKeys } from '@cutout/contracts';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { getSession } from '../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../test/fixtures.ts';
import { mockApi, renderApp } from '../test/render.tsx';

function setBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

function localeHeaders(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('x-locale-id'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('root redirect', () => {
  it('goes to the stored locale', async () => {
    mockApi();
    setBrowserLanguages(['en-US']);
    window.localStorage.setItem(storageKeys.localeId, 'ru');
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru'));
  });

  it("goes to the browser's language when nothing is stored", async () => {
    mockApi();
    setBrowserLanguages(['ru-RU', 'en']);
    const { router } = renderApp('/?utm=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru'));
    expect(router.state.location.search).toBe('?utm=1');
  });

  it('falls back to English for other browser languages', async () => {
    mockApi();
    setBrowserLanguages(['de-DE']);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });
});

describe('language guard', () => {
  it('loads the store info and shows the main page, remembering locale and the RUB currency', async () => {
    const fetchMock = mockApi();
    renderApp('/en');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: /Remove the background/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(getSession().currencyId).toBe('RUB'));
    expect(window.localStorage.getItem(storageKeys.localeId)).toBe('en');
    expect(window.localStorage.getItem(storageKeys.currencyId)).toBe('RUB');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.title).toBe('Cutout — remove the background from any photo'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Background removal',
    );
  });

  it('switches the locale to the language of the address', async () => {
    window.localStorage.setItem(storageKeys.localeId, 'en');
    const fetchMock = mockApi();
    renderApp('/ru/no-such-page');
    expect(await screen.findByRole('heading', { name: 'СТРАНИЦА НЕ НАЙДЕНА' })).toBeInTheDocument();
    expect(localeHeaders(fetchMock)).toEqual(['ru']);
    expect(window.localStorage.getItem(storageKeys.localeId)).toBe('ru');
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('reloads the store info when the language switches', async () => {
    const fetchMock = mockApi();
    const { router } = renderApp('/en');
    await screen.findByRole('heading', { level: 1, name: /Remove the background/ });
    await act(() => router.navigate('/ru'));
    expect(await screen.findByRole('heading', { level: 1, name: /Удалите фон/ })).toBeInTheDocument();
    expect(localeHeaders(fetchMock)).toEqual(['en', 'ru']);
    expect(getSession().localeId).toBe('ru');
  });

  it("asks for a page's own data in the new language at once when the language switches", async () => {
    const asked: { url: string; locale: string | null }[] = [];
    mockApi({
      handler: (url, init) => {
        const locale = new Headers(init.headers).get('x-locale-id');
        asked.push({ url, locale });
        if (url.endsWith('/api/stores/fetchStoreInfo')) {
          return jsonResponse(storeInfoFixture({ language: locale === 'ru' ? 'ru' : 'en' }));
        }
        return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
      },
    });
    const { router } = renderApp('/en/pricing');
    await waitFor(() => expect(asked.some(({ url }) => url.includes('/subscriptionPlans/'))).toBe(true));
    const before = asked.length;
    await act(() => router.navigate('/ru/pricing'));
    await waitFor(() =>
      expect(asked.slice(before).some(({ url }) => url.includes('/subscriptionPlans/'))).toBe(true),
    );
    // The plans, the litre bundles and the store info: none of them in the old language.
    expect(asked.slice(before).filter(({ locale }) => locale !== 'ru')).toEqual([]);
  });

  it('sends a known page without a language to the same page under the chosen language', async () => {
    mockApi();
    window.localStorage.setItem(storageKeys.localeId, 'ru');
    const { router } = renderApp('/pricing?plan=year');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru/pricing'));
    expect(router.state.location.search).toBe('?plan=year');
  });

  it('shows page not found for an unknown first segment, inside the shell', async () => {
    mockApi();
    setBrowserLanguages(['en']);
    const { router } = renderApp('/de/pricing');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/de/pricing');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/en');
    await waitFor(() => expect(document.title).toBe('Page not found — Cutout'));
  });

  it('shows page not found for an unknown page under a language', async () => {
    mockApi();
    renderApp('/en/no-such-page');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('goes to the service-unavailable page, without the shell, when the store info fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ handler: () => jsonResponse({ code: 'INTERNAL_ERROR', message: 'Boom' }, 500) });
    const { router } = renderApp('/ru/pricing');
    expect(await screen.findByRole('heading', { name: 'Сервис временно недоступен' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ru/error/service-unavailable');
    expect(screen.getByRole('button', { name: 'Повторить попытку' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('NAT_INIT_ERROR', expect.anything());
  });

  it('opens the service-unavailable page without loading the store', async () => {
    const fetchMock = mockApi();
    renderApp('/en/error/service-unavailable');
    expect(
      await screen.findByRole('heading', { name: 'The service is temporarily unavailable' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the generic error page at /{lang}/error', async () => {
    mockApi();
    renderApp('/en/error');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
