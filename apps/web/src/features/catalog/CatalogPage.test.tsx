import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { expectCardRingInFull } from '../../test/card-focus.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { mockStoreApi, signIn } from '../../test/store-api.ts';
import { fakeCatalogApi, manyOffers, offerFixture } from './fake-catalog-api.ts';

function mockCatalog(options: Parameters<typeof fakeCatalogApi>[0] = {}) {
  const api = fakeCatalogApi(options);
  mockStoreApi(api.handle);
  return api;
}

async function openCatalog(path = '/en/products/catalog') {
  const view = renderApp(path);
  const location = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  const params = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, location, params, user: userEvent.setup() };
}

const cards = () => screen.queryAllByRole('article');

describe('CatalogPage', () => {
  it('turns the URL into the list request: search, sort, page size, page, filter, price and group', async () => {
    const api = mockCatalog();
    const filter = encodeURIComponent(JSON.stringify({ colour: ['white', 'black'] }));
    await openCatalog(
      `/en/products/catalog/studio?search=lamp&limit=32&sort=price%20desc&page=3&filter=${filter}&priceFrom=10.5&priceTo=200`,
    );
    // The first render of a file loads the lazy page: give it more than a second.
    await waitFor(() => expect(api.callsTo('list')).toHaveLength(1));
    expect(api.callsTo('list')[0]).toEqual({
      filter: { order: 'price desc', skip: 64, limit: 32 },
      search: 'lamp',
      groupId: 'studio',
      priceFrom: 1050,
      priceTo: 20000,
      features: { colour: ['white', 'black'] },
    });
    expect(await screen.findByText('Results for “lamp”')).toBeInTheDocument();
  });

  it('shows each offer as a card: name, caption, price, stock, litres and a link to its page', async () => {
    mockCatalog({
      offers: [
        offerFixture({ id: 'box', name: 'Folding light box', caption: 'Even light', amountMinor: 199_050 }),
        offerFixture({
          id: 'litres',
          name: '100 litres',
          litres: 100,
          amountMinor: null,
          groupId: 'group_litres',
        }),
        offerFixture({ id: 'tripod', name: 'Camera tripod', availableQuantity: 0 }),
      ],
    });
    await openCatalog();
    const box = await screen.findByRole('article', { name: 'Folding light box' });
    expect(box).toHaveTextContent('Even light');
    // Intl puts a no-break space in a price; the text matcher sees a plain one.
    expect(box).toHaveTextContent(formatPrice(1990.5, { locale: 'en', currency: 'RUB' }).replace(/\s/g, ' '));
    expect(within(box).getByRole('link', { name: 'Folding light box' })).toHaveAttribute(
      'href',
      '/en/products/box/folding-light-box',
    );
    const litres = screen.getByRole('article', { name: '100 litres' });
    expect(litres).toHaveTextContent('100 litres');
    expect(litres).toHaveTextContent('No price');
    // The store does not count stock: none left is an order to fill later.
    expect(screen.getByRole('article', { name: 'Camera tripod' })).toHaveTextContent('Available to order');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 products');
    expect(screen.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
  });

  it('leads to the product page for a product sold in options or by amount, and to the pricing page for a plan', async () => {
    const plan = offerFixture({ id: 'pro', name: 'Pro plan' });
    const topUp = offerFixture({ id: 'top-up', name: 'Account top-up', amountMinor: 100 });
    mockCatalog({
      offers: [
        offerFixture({ id: 'vinyl', name: 'Vinyl backdrop', colour: 'white' }),
        { ...plan, product: { ...plan.product, typeId: 'product_types.subscription_plan' } },
        { ...topUp, product: { ...topUp.product, typeId: 'product_types.personal_account' } },
      ],
    });
    await openCatalog();
    // A top-up is any amount, chosen on its page: not ₽1.00 added with one click.
    const topUpCard = await screen.findByRole('article', { name: 'Account top-up' });
    expect(topUpCard).toHaveTextContent('Any amount');
    expect(topUpCard).not.toHaveTextContent('₽1.00');
    expect(
      within(topUpCard).getByRole('link', { name: 'Choose an amount for Account top-up' }),
    ).toHaveAttribute('href', '/en/products/top-up/account-top-up');
    expect(within(topUpCard).queryByRole('button', { name: /Add to cart/ })).toBeNull();
    const planCard = await screen.findByRole('article', { name: 'Pro plan' });
    expect(within(planCard).getByRole('link', { name: 'Choose a period of Pro plan' })).toHaveAttribute(
      'href',
      '/en/pricing',
    );
    const card = await screen.findByRole('article', { name: 'Vinyl backdrop' });
    expect(within(card).getByRole('link', { name: 'Choose the options of Vinyl backdrop' })).toHaveAttribute(
      'href',
      '/en/products/vinyl/vinyl-backdrop',
    );
    expect(within(card).queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it("says 'Out of stock.' and cannot add where the store counts stock", async () => {
    const api = fakeCatalogApi({
      offers: [offerFixture({ id: 'tripod', name: 'Camera tripod', availableQuantity: 0 })],
    });
    mockStoreApi((url, init) => {
      if (url.endsWith('/api/stores/fetchStoreInfo'))
        return jsonResponse({
          ...storeInfoFixture(),
          optionItems: [{ name: 'AllowClientProductInStock', value: true }],
        });
      return api.handle(url, init);
    });
    await openCatalog();
    const card = await screen.findByRole('article', { name: 'Camera tripod' });
    expect(card).toHaveTextContent('Out of stock.');
    expect(within(card).getByRole('button', { name: 'Out of stock.' })).toBeDisabled();
  });

  it('names the group in the heading and marks it in the navigation', async () => {
    mockCatalog();
    await openCatalog('/en/products/catalog/backdrops/backdrops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Backdrops' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Product groups' });
    expect(within(nav).getByRole('link', { name: 'Backdrops' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'All products' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
  });

  it('answers an address naming no group with the not-found page, in Russian too', async () => {
    mockCatalog();
    // React and the router report the thrown NotFoundError on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openCatalog('/ru/products/catalog/no-such-group');
    expect(await screen.findByRole('heading', { name: 'СТРАНИЦА НЕ НАЙДЕНА' })).toBeInTheDocument();
    expect(screen.queryByText(/0 товаров/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Страница не найдена — Cutout'));
  });

  it('lists an unknown group as empty while the groups read are not all there are', async () => {
    // With more groups than one page holds, a group missing from the page may still exist.
    mockCatalog({ offers: [], groupsTotal: 500 });
    await openCatalog('/en/products/catalog/group-on-a-later-page');
    expect(await screen.findByRole('heading', { name: 'No products here yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'PAGE NOT FOUND' })).toBeNull();
  });

  it('moves between numbered pages through the URL', async () => {
    const api = mockCatalog({ offers: manyOffers(40) });
    const { user, params } = await openCatalog();
    await screen.findByRole('article', { name: 'Product 1' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Product 33' })).toBeInTheDocument();
    expect(params().get('page')).toBe('3');
    expect(cards()).toHaveLength(8);
    expect(api.callsTo('list').at(-1)?.filter).toEqual({ order: 'priority asc', skip: 32, limit: 16 });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('link', { name: 'Previous page' }));
    expect(await screen.findByRole('article', { name: 'Product 17' })).toBeInTheDocument();
    expect(params().get('page')).toBe('2');
  });

  it('appends the next page on "show more" and keeps what was shown', async () => {
    const api = mockCatalog({ offers: manyOffers(20) });
    const { user, params } = await openCatalog();
    await screen.findByRole('article', { name: 'Product 1' });
    expect(cards()).toHaveLength(16);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Product 20' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    expect(params().get('page')).toBe('2');
    expect(api.callsTo('list').map((body) => body.filter?.skip)).toEqual([0, 16]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('names the filters with a heading, and folds them on a phone with a button that says whether they show', async () => {
    mockCatalog({ offers: [offerFixture({ id: 'white', name: 'White backdrop', colour: 'white' })] });
    const { user } = await openCatalog('/en/products/catalog');
    // The heading is what a desktop shows, the button what a phone shows (CSS picks one).
    expect(await screen.findByRole('heading', { level: 2, name: 'Filters' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Show filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(await screen.findByRole('checkbox', { name: 'White' }));

    await user.click(toggle);
    expect(screen.getByRole('button', { name: /Hide filters/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('writes sort, page size, search clearing and feature values to the URL, back to page 1', async () => {
    const api = mockCatalog({
      offers: [offerFixture({ id: 'white', name: 'White backdrop', colour: 'white' })],
    });
    const { user, params } = await openCatalog('/en/products/catalog?search=backdrop&page=2');
    await waitFor(() => expect(api.callsTo('list')).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price, high to low');
    expect(params().get('sort')).toBe('price desc');
    expect(params().get('page')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '64');
    expect(params().get('limit')).toBe('64');

    await user.click(await screen.findByRole('checkbox', { name: 'White' }));
    expect(JSON.parse(params().get('filter') ?? '')).toEqual({ colour: 'white' });
    await waitFor(() => expect(api.callsTo('list').at(-1)?.features).toEqual({ colour: 'white' }));

    await user.type(screen.getByRole('textbox', { name: 'From' }), '15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(params().get('priceFrom')).toBe('15');
    await waitFor(() => expect(api.callsTo('list').at(-1)?.priceFrom).toBe(1500));

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(params().get('filter')).toBeNull();
    expect(params().get('priceFrom')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(params().get('search')).toBeNull();
    expect(params().get('sort')).toBe('price desc');
    expect(screen.queryByText(/Results for/)).not.toBeInTheDocument();
  });

  it('rings a card focused by the keyboard in full: the card clips nothing of its title link’s ring', async () => {
    mockCatalog();
    const { user } = await openCatalog();
    for (const mode of ['Grid', 'List'] as const) {
      await user.click(await screen.findByRole('button', { name: mode }));
      const card = await screen.findByRole('article', { name: 'Product 1' });
      expectCardRingInFull(card, within(card).getByRole('link', { name: 'Product 1' }), mode);
    }
  });

  it('keeps the list mode in local storage', async () => {
    mockCatalog();
    const { user, unmount } = await openCatalog();
    await screen.findByRole('article', { name: 'Product 1' });
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(window.localStorage.getItem('list-mode')).toBe('list');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    unmount();

    await openCatalog();
    await screen.findByRole('article', { name: 'Product 1' });
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['?page=abc', 'Could not read the request parameters'],
    ['?limit=20', 'Could not read the request parameters'],
    ['?sort=colour%20asc', 'Could not read the request parameters'],
    ['?filter={bad', 'Could not read the filter'],
  ])('says it cannot read %s, with a way back, and asks for nothing', async (search, title) => {
    const api = mockCatalog();
    await openCatalog(`/en/products/catalog${search}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Open the catalogue' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
    expect(api.callsTo('list')).toEqual([]);
  });

  it('says so when a group is empty, and offers to reset a search that found nothing', async () => {
    mockCatalog({ offers: [] });
    const { user, params } = await openCatalog(
      '/en/products/catalog?search=lamp&filter=%7B%22colour%22%3A%22white%22%7D',
    );
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset search and filters' }));
    expect(params().toString()).toBe('');
    expect(await screen.findByRole('heading', { name: 'No products here yet' })).toBeInTheDocument();
  });

  it('leads back to the first page from a page past the end', async () => {
    mockCatalog({ offers: manyOffers(3) });
    const { user, params } = await openCatalog('/en/products/catalog?page=4');
    expect(await screen.findByRole('heading', { name: 'There is no page 4' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    expect(await screen.findByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    expect(params().get('page')).toBeNull();
  });

  it('asks a visitor to log in before keeping a favourite', async () => {
    const api = mockCatalog();
    const { user } = await openCatalog();
    const card = await screen.findByRole('article', { name: 'Product 1' });
    await user.click(within(card).getByRole('button', { name: 'Add “Product 1” to favourites' }));
    expect(await screen.findByText('Log in to keep products in your favourites.')).toBeInTheDocument();
    // The login modal is loaded on demand: give it more than a second.
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(api.callsTo('add')).toEqual([]);
  });

  it('adds and removes a favourite for a user, with a notice, in Russian too', async () => {
    signIn();
    const api = mockCatalog();
    const { user } = await openCatalog('/ru/products/catalog');
    const card = await screen.findByRole('article', { name: 'Product 1' });
    await user.click(within(card).getByRole('button', { name: 'Добавить «Product 1» в избранное' }));
    expect(await screen.findByText('Добавлено в избранное')).toBeInTheDocument();
    expect(api.callsTo('add')).toEqual([{ productTradeOfferId: 'offer-1' }]);

    const remove = await within(card).findByRole('button', { name: 'Удалить «Product 1» из избранного' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await user.click(remove);
    expect(await screen.findByText('Удалено из избранного')).toBeInTheDocument();
    expect(api.callsTo('remove')).toEqual([{ productTradeOfferId: 'offer-1' }]);
  });
});
