import { storageKeys } from '@cutout/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCatalogApi, offerFixture } from '../../features/catalog/fake-catalog-api.ts';
import { formatPrice } from '../../shared/format/price.ts';
import { getSession, reloadSession, updateSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { mockUsersApi, userFixture } from '../../test/users-api.ts';

describe('StoreGate and the session', () => {
  it('forgets a stored session that the server answers as a visitor', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'revoked');
    window.localStorage.setItem(storageKeys.userId, 'user-1');
    reloadSession();
    mockApi();
    renderApp('/en');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(getSession().accessToken).toBeNull());
    expect(window.localStorage.getItem(storageKeys.userId)).toBeNull();
  });

  it('keeps a session the server knows', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    mockUsersApi({}, () => ({ ...storeInfoFixture(), user: userFixture() }));
    renderApp('/en');
    await screen.findByRole('heading', { level: 1 });
    expect(getSession().accessToken).toBe('token-1');
  });
});

/** As Testing Library reads it: a no-break space is a space. */
const price = (amount: number, currency: string) =>
  formatPrice(amount, { locale: 'en', currency }).replace(/\s/g, ' ');

describe('StoreGate and the language or currency chosen', () => {
  /** The catalogue, its one product named in the language and priced in the currency asked in. */
  function mockLocalizedCatalogue() {
    const catalogue = fakeCatalogApi();
    return mockApi({
      handler: (url, init) => {
        const headers = new Headers(init.headers);
        const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
        const currencyId = headers.get('x-currency-id') ?? 'RUB';
        if (url.endsWith('/api/stores/fetchStoreInfo'))
          return jsonResponse(storeInfoFixture({ language, currencyId }));
        if (url.endsWith('/products/fetchProductTradeOfferList')) {
          const name = language === 'ru' ? 'Штатив' : 'Camera tripod';
          return jsonResponse({
            output: [
              {
                ...offerFixture({ name }),
                price:
                  currencyId === 'USD'
                    ? { amountMinor: 2_900, currency: 'USD' }
                    : { amountMinor: 250_000, currency: 'RUB' },
              },
            ],
            outputInfo: { count: 1 },
            totalCount: 1,
          });
        }
        return catalogue.handle(url, init) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
      },
    });
  }

  it('reads what the server named again in the language switched to', async () => {
    mockLocalizedCatalogue();
    const { router } = renderApp('/en/products/catalog');
    expect(await screen.findByText('Camera tripod')).toBeInTheDocument();
    await act(() => router.navigate('/ru/products/catalog'));
    expect(await screen.findByText('Штатив')).toBeInTheDocument();
    expect(screen.queryByText('Camera tripod')).not.toBeInTheDocument();
  });

  it('reads the prices again in the currency switched to', async () => {
    mockLocalizedCatalogue();
    renderApp('/en/products/catalog');
    expect(await screen.findByText(price(2500, 'RUB'))).toBeInTheDocument();
    act(() => updateSession({ currencyId: 'USD' }));
    expect(await screen.findByText(price(29, 'USD'))).toBeInTheDocument();
  });
});
