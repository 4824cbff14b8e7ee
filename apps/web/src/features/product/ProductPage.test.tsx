import { type ProductTradeOffer, storageKeys } from '@cutout/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { LanguageProvider } from '../../shared/routing/language-context.tsx';
import { isNotFoundError } from '../../shared/routing/not-found.ts';
import { reloadSession } from '../../shared/session/session.ts';
import { StoreInfoProvider } from '../../shared/store-info/store-info-context.tsx';
import { ToastProvider } from '../../shared/ui/toast-context.tsx';
import { cartAnswerFixture } from '../../test/cart-fixtures.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { userFixture } from '../../test/users-api.ts';
import { ProductPage } from './ProductPage.tsx';

const rub = (amountMinor: number) => ({ amountMinor, currency: 'RUB' as const });

const colour = (value: string, en: string, ru: string, price: number | null) => ({
  id: `item-${value}`,
  featureId: 'colour',
  featureName: { en: 'Colour', ru: 'Цвет' },
  value,
  displayName: { en, ru },
  price: price === null ? null : rub(price),
  image: null,
});

function offerFixture(
  overrides: Partial<ProductTradeOffer> = {},
  product: Partial<ProductTradeOffer['product']> = {},
) {
  return {
    id: 'offer-backdrop',
    productId: 'product-backdrop',
    availableQuantity: 40,
    price: rub(250_000),
    featureItems: [colour('white', 'White', 'Белый', null), colour('black', 'Black', 'Чёрный', 310_000)],
    favorite: false,
    ...overrides,
    product: {
      id: 'product-backdrop',
      slugifyId: 'paper-backdrop',
      typeId: 'product_types.goods',
      unitId: 'units.piece',
      groupId: 'group_backdrops',
      name: 'Paper backdrop roll',
      defaultName: 'Paper backdrop roll',
      displayName: { en: 'Paper backdrop roll', ru: 'Бумажные фоны в рулоне' },
      description: { en: 'A seamless paper backdrop.', ru: 'Бесшовный бумажный фон.' },
      caption: { en: 'Seamless sweep' },
      article: 'BD-P135',
      litres: null,
      useQuantityLimit: true,
      quantityLimitRange: '1,2,5-7',
      vatRatePercent: 22,
      useFeatureOptionId: 'use_feature_options.use_by_product',
      kindId: null,
      productSet: null,
      images: [
        { id: 'file-1', updatedAt: '2026-01-01T00:00:00.000Z' },
        { id: 'file-2', updatedAt: '2026-01-01T00:00:00.000Z' },
      ],
      primaryImage: { id: 'file-1', updatedAt: '2026-01-01T00:00:00.000Z' },
      ...product,
    },
  } satisfies ProductTradeOffer;
}

const groups = {
  output: [
    {
      id: 'group_backdrops',
      slugifyId: 'backdrops',
      parentId: null,
      name: 'Backdrops',
      displayName: { en: 'Backdrops', ru: 'Фоны' },
      description: {},
      priority: 1,
    },
  ],
  outputInfo: { count: 1 },
  totalCount: 1,
};

/** The store, the groups and one offer (found by any of its addresses); favourites kept in memory. */
function mockCatalogApi(offer: ProductTradeOffer | null = offerFixture()) {
  let favourite = offer?.favorite ?? false;
  const favouriteCalls: Array<{ call: string; body: unknown }> = [];
  const cartCalls: unknown[] = [];
  const fetchMock = mockApi({
    handler: (url, init) => {
      const headers = new Headers(init.headers);
      if (url.endsWith('/api/stores/fetchStoreInfo')) {
        const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
        return jsonResponse({
          ...storeInfoFixture({ language }),
          user: headers.get('Authorization') ? userFixture() : null,
        });
      }
      if (url.includes('/api/stores/productGroups')) return jsonResponse(groups);
      if (url.endsWith('/shoppingCarts/updateShoppingCart')) {
        cartCalls.push(JSON.parse(String(init.body)));
        return jsonResponse(cartAnswerFixture({ productCount: 1 }));
      }
      const favouriteCall = url.match(/\/products\/favorites\/(addTradeOffer|removeTradeOffer)$/);
      if (favouriteCall) {
        favourite = favouriteCall[1] === 'addTradeOffer';
        favouriteCalls.push({ call: favouriteCall[1] ?? '', body: JSON.parse(String(init.body)) });
        return jsonResponse({ result: true });
      }
      const address = url.match(/\/products\/([^/]+)\/fetchProductTradeOffer$/)?.[1];
      if (offer && address && [offer.id, offer.productId, offer.product.slugifyId].includes(address)) {
        return jsonResponse({ ...offer, favorite: favourite });
      }
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
  return { fetchMock, favouriteCalls, cartCalls };
}

/** As Testing Library reads it: a no-break space is a space. */
const price = (amount: number, locale = 'en') =>
  formatPrice(amount, { locale, currency: 'RUB' }).replace(/\s/g, ' ');

async function openProduct(path = '/en/products/paper-backdrop') {
  const view = renderApp(path);
  // The page and the login modal load lazily: slow on a busy machine.
  const heading = await screen.findByRole('heading', { level: 1 });
  return { ...view, heading, user: userEvent.setup() };
}

function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

describe('ProductPage', () => {
  it('shows the product: name, caption, article, stock, price, pictures and where it belongs', async () => {
    mockCatalogApi();
    const { heading } = await openProduct();
    expect(heading).toHaveTextContent('Paper backdrop roll');
    expect(screen.getByText('Seamless sweep')).toBeInTheDocument();
    expect(screen.getByText('A seamless paper backdrop.')).toBeInTheDocument();
    expect(screen.getByText('BD-P135')).toBeInTheDocument();
    expect(screen.getByText('In stock: 40')).toBeInTheDocument();
    // The unit price first, then the total of one.
    expect(within(screen.getByRole('region', { name: 'Price' })).getAllByText(price(2500))).toHaveLength(2);

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Catalogue' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
    expect(await within(crumbs).findByRole('link', { name: 'Backdrops' })).toHaveAttribute(
      'href',
      '/en/products/catalog/group_backdrops',
    );

    const gallery = screen.getByRole('region', { name: 'Pictures' });
    expect(
      within(gallery).getByRole('img', { name: 'Paper backdrop roll — Picture 1 of 2' }),
    ).toHaveAttribute('src', expect.stringContaining('/files/file-1/size/large/download'));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Paper backdrop roll — Cutout'));
    // The first test of the file also pays for the page's first render: seconds on a loaded CI machine.
  }, 20_000);

  it('switches pictures with the thumbnails, by click and by arrow keys', async () => {
    mockCatalogApi();
    const { user } = await openProduct();
    const gallery = screen.getByRole('region', { name: 'Pictures' });
    await user.click(within(gallery).getByRole('button', { name: 'Picture 2 of 2' }));
    expect(
      within(gallery).getByRole('img', { name: 'Paper backdrop roll — Picture 2 of 2' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('button', { name: 'Picture 1 of 2' })).toHaveFocus();
    expect(within(gallery).getByRole('button', { name: 'Picture 1 of 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the price of the chosen option and keeps the choice in the address', async () => {
    mockCatalogApi();
    const { user, router } = await openProduct();
    const panel = screen.getByRole('region', { name: 'Price' });
    expect(screen.getByRole('radio', { name: 'White' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Black/ }));
    expect(within(panel).getAllByText(price(3100))).toHaveLength(3);
    expect(router.state.location.search).toBe('?colour=black');
    await user.click(screen.getByRole('radio', { name: 'White' }));
    expect(within(panel).getAllByText(price(2500))).toHaveLength(2);
  });

  it("shows the chosen option's own picture first, then the product's, and opens on it", async () => {
    const own = (id: string) => ({ id, updatedAt: '2026-02-01T00:00:00.000Z' });
    const [white, black] = [
      colour('white', 'White', 'Белый', null),
      colour('black', 'Black', 'Чёрный', null),
    ];
    mockCatalogApi(
      offerFixture({
        featureItems: [
          { ...white, image: own('file-white') },
          // The product's second picture is this option's too: it is not shown twice.
          { ...black, image: own('file-2') },
        ],
      }),
    );
    const { user } = await openProduct('/en/products/paper-backdrop?colour=black');
    const gallery = () => screen.getByRole('region', { name: 'Pictures' });
    expect(
      within(gallery()).getByRole('img', { name: 'Paper backdrop roll — Picture 1 of 2' }),
    ).toHaveAttribute('src', expect.stringContaining('/files/file-2/size/large/download'));
    expect(within(gallery()).getAllByRole('button')).toHaveLength(2);

    await user.click(within(gallery()).getByRole('button', { name: 'Picture 2 of 2' }));
    await user.click(screen.getByRole('radio', { name: 'White' }));
    expect(
      within(gallery()).getByRole('img', { name: 'Paper backdrop roll — Picture 1 of 3' }),
    ).toHaveAttribute('src', expect.stringContaining('/files/file-white/size/large/download'));
    const thumbnails = within(gallery())
      .getAllByRole('button')
      .map(
        (button) =>
          button
            .querySelector('img')
            ?.getAttribute('src')
            ?.match(/files\/([^/]+)\//)?.[1],
      );
    expect(thumbnails).toEqual(['file-white', 'file-1', 'file-2']);
  });

  it('opens with the option the address names, and with the first one for an unknown value', async () => {
    mockCatalogApi();
    await openProduct('/en/products/paper-backdrop?colour=black');
    expect(screen.getByRole('radio', { name: /Black/ })).toBeChecked();
  });

  it('offers the allowed quantities of a limited product and totals the price', async () => {
    mockCatalogApi();
    const { user } = await openProduct();
    const quantity = screen.getByRole('combobox', { name: 'Quantity' });
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '5', '6', '7']);
    await user.selectOptions(quantity, '6');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent(price(15_000));
  });

  it('takes a typed quantity within the stock where the store counts it, any quantity where not', async () => {
    mockCatalogApi(offerFixture({ availableQuantity: 8, featureItems: [] }, { useQuantityLimit: false }));
    countStock();
    const { user, unmount } = await openProduct();
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '30');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent(price(20_000));
    await user.tab();
    expect(quantity).toHaveValue(8);
    unmount();

    mockCatalogApi(offerFixture({ availableQuantity: 8, featureItems: [] }, { useQuantityLimit: false }));
    const again = await openProduct();
    const typed = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(screen.queryByText(/more than in stock/)).not.toBeInTheDocument();
    await again.user.clear(typed);
    await again.user.type(typed, '30');
    await again.user.tab();
    expect(typed).toHaveValue(30);
    // As many as the cart takes, no fewer: one limit from the product page to the cart.
    expect(typed).toHaveAccessibleDescription('From 1 to 100,000.');
    // What is past the stock is said to come later, not taken silently.
    expect(screen.getByText('22 more than in stock: they ship when they come in.')).toBeInTheDocument();
  });

  it("says 'Available to order' where the store does not count stock and none is left, and litres in words, in both languages", async () => {
    mockCatalogApi(offerFixture({ availableQuantity: 0, featureItems: [] }, { litres: 200 }));
    const { unmount } = await openProduct();
    expect(screen.getByText('Available to order: ships when it comes in.')).toBeInTheDocument();
    expect(screen.getByText('200 litres')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    unmount();
    await openProduct('/ru/products/paper-backdrop');
    expect(screen.getByText('Под заказ: отправим, когда поступит.')).toBeInTheDocument();
    expect(screen.getByText('200 литров')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Бумажные фоны в рулоне');
  });

  it("says 'No price' without a price and nothing of the stock for unlimited goods", async () => {
    mockCatalogApi(offerFixture({ price: null, availableQuantity: null, featureItems: [] }));
    const { unmount } = await openProduct();
    expect(screen.getByText('No price')).toBeInTheDocument();
    expect(screen.queryByText(/In stock/)).not.toBeInTheDocument();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
    unmount();
    await openProduct('/ru/products/paper-backdrop');
    expect(screen.getByText('Нет цены')).toBeInTheDocument();
  });

  it('lists what a set holds, each item linking to its page', async () => {
    mockCatalogApi(
      offerFixture(
        { featureItems: [] },
        {
          productSet: {
            id: 'set-1',
            printOptionId: 'product_set_print_options.set_and_products',
            setPriceCalculationMethodId: 'set_price_calculation_methods.fixed',
            items: [
              { productId: 'product-box', slugifyId: 'light-box', name: 'Folding light box', quantity: 1 },
              {
                productId: 'product-roll',
                slugifyId: 'paper-backdrop',
                name: 'Paper backdrop roll',
                quantity: 2,
              },
            ],
          },
        },
      ),
    );
    await openProduct();
    const set = screen.getByRole('region', { name: 'In this set' });
    expect(within(set).getByRole('link', { name: 'Folding light box' })).toHaveAttribute(
      'href',
      '/en/products/light-box',
    );
    expect(within(set).getAllByRole('listitem')[1]).toHaveTextContent('Paper backdrop roll× 2');
  });

  it('asks a visitor to log in instead of keeping a favourite', async () => {
    const api = mockCatalogApi();
    const { user } = await openProduct();
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(
      screen.getByText('Log in to keep products in your favourites.', { exact: false }),
    ).toBeInTheDocument();
    expect(api.favouriteCalls).toEqual([]);
  });

  it("adds to and removes from a user's favourites, saying so", async () => {
    signIn();
    const api = mockCatalogApi();
    const { user } = await openProduct();
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(await screen.findByText('Added to favourites')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove from favourites' }));
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
    expect(api.favouriteCalls).toEqual([
      { call: 'addTradeOffer', body: { productTradeOfferId: 'offer-backdrop' } },
      { call: 'removeTradeOffer', body: { productTradeOfferId: 'offer-backdrop' } },
    ]);
    expect(await screen.findByRole('button', { name: 'Add to favourites' })).toBeInTheDocument();
  });

  it('hands a 404 answer to the route as not found', async () => {
    // React reports the error the route catches.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockCatalogApi(null);
    renderProductRoute('/en/products/no-such-thing');
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });

  it('adds the chosen option and quantity to the cart', async () => {
    signIn();
    const { cartCalls } = mockCatalogApi();
    const { user } = await openProduct('/en/products/paper-backdrop?colour=black');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '5');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(cartCalls).toEqual([
      { productItems: [{ tradeOfferId: 'offer-backdrop', optionId: 'item-black', quantity: 5 }] },
    ]);
  });

  it('sends a plan to the pricing page to choose its period instead of adding it', async () => {
    signIn();
    const { cartCalls } = mockCatalogApi(
      offerFixture(
        { featureItems: [], availableQuantity: null },
        { typeId: 'product_types.subscription_plan', useQuantityLimit: false },
      ),
    );
    const { unmount } = await openProduct();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a period on the pricing page' })).toHaveAttribute(
      'href',
      '/en/pricing',
    );
    unmount();
    await openProduct('/ru/products/paper-backdrop');
    expect(screen.getByRole('link', { name: 'Выбрать срок на странице тарифов' })).toHaveAttribute(
      'href',
      '/ru/pricing',
    );
    expect(cartCalls).toEqual([]);
  });

  it('sells a personal-account top-up by its amount in money, not as a count of 1.00 units', async () => {
    signIn();
    const { cartCalls } = mockCatalogApi(
      offerFixture(
        { featureItems: [], availableQuantity: null, price: rub(100) },
        {
          typeId: 'product_types.personal_account',
          unitId: 'units.money',
          useQuantityLimit: false,
          quantityLimitRange: null,
        },
      ),
    );
    const { user, unmount } = await openProduct();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount, ₽' });
    // The first one-click amount is chosen to begin with, and the price shows what it comes to.
    expect(amount).toHaveValue('500');
    expect(screen.getByRole('button', { name: price(500) })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(`Any amount from ${price(1)} to ${price(100_000)}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: price(3000) }));
    expect(amount).toHaveValue('3000');
    expect(screen.getByRole('region', { name: 'Price' })).toHaveTextContent(price(3000));
    // Neither a fraction of the unit nor more than the cart holds is an amount to buy.
    for (const typed of ['12.345', 'abc', '0', '100001']) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(amount).toHaveAccessibleDescription(`Enter an amount from ${price(1)} to ${price(100_000)}.`);
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
      // The price keeps the last amount the field held.
      expect(screen.getByRole('region', { name: 'Price' })).toHaveTextContent(price(3000));
    }
    await user.clear(amount);
    await user.type(amount, '1 250');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(cartCalls).toEqual([{ productItems: [{ tradeOfferId: 'offer-backdrop', quantity: 1250 }] }]);
    unmount();
    await openProduct('/ru/products/paper-backdrop');
    expect(screen.getByRole('textbox', { name: 'Сумма, ₽' })).toHaveValue('500');
  });

  it("reads 'Out of stock.' and cannot be added when the store counts stock and none is left", async () => {
    mockCatalogApi(offerFixture({ availableQuantity: 0 }));
    countStock();
    await openProduct();
    expect(screen.getByRole('button', { name: 'Out of stock.' })).toBeDisabled();
    // The stock line says so too.
    expect(screen.getAllByText('Out of stock.')).toHaveLength(2);
  });
});

/** The store of the mocked API counts stock from now on (AllowClientProductInStock). */
function countStock() {
  const fetchMock = vi.mocked(fetch);
  const answer = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/api/stores/fetchStoreInfo'))
      return jsonResponse({
        ...storeInfoFixture(),
        optionItems: [{ name: 'AllowClientProductInStock', value: true }],
      });
    return (answer as typeof fetch)(input, init);
  });
}

/**
 * The page alone under a route whose error element tells what it caught: the app's own error element
 * is another feature's.
 */
function renderProductRoute(path: string) {
  void i18n.changeLanguage('en');
  const router = createMemoryRouter(
    [{ path: '/:lang/products/:idOrSlug', element: <ProductPage />, errorElement: <CaughtError /> }],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <LanguageProvider language="en">
          <StoreInfoProvider value={storeInfoFixture()}>
            <RouterProvider router={router} />
          </StoreInfoProvider>
        </LanguageProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

function CaughtError() {
  return <p>{isNotFoundError(useRouteError()) ? 'not found' : 'another error'}</p>;
}
