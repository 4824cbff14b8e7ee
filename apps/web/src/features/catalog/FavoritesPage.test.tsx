import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { mockStoreApi, signIn } from '../../test/store-api.ts';
import { fakeCatalogApi, manyOffers, offerFixture } from './fake-catalog-api.ts';

function mockCatalog(options: Parameters<typeof fakeCatalogApi>[0] = {}) {
  const api = fakeCatalogApi(options);
  mockStoreApi(api.handle);
  return api;
}

function openFavourites(path = '/en/favorites/catalog') {
  const view = renderApp(path);
  const params = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, params, user: userEvent.setup() };
}

describe('FavoritesPage', () => {
  it('asks a visitor to log in and asks the server for nothing', async () => {
    const api = mockCatalog();
    openFavourites();
    // The first render of a file loads the lazy page and modal: give it more than a second.
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(
      screen.getByText('Log in to see the products you have added to your favourites.', { ignore: false }),
    ).toBeInTheDocument();
    expect(api.callsTo('favourites')).toEqual([]);
  });

  it('turns the URL into the favourites request: search, sort, page size, page and group', async () => {
    signIn();
    const api = mockCatalog();
    openFavourites('/en/favorites/catalog/studio?search=box&sort=name%20asc&limit=64&page=2');
    await waitFor(() => expect(api.callsTo('favourites')).toHaveLength(1));
    expect(api.callsTo('favourites')[0]).toEqual({
      filter: { order: 'name asc', skip: 64, limit: 64 },
      search: 'box',
      groupId: 'studio',
    });
    const nav = await screen.findByRole('navigation', { name: 'Product groups' });
    expect(within(nav).getByRole('link', { name: 'Product photography gear' })).toHaveAttribute(
      'href',
      '/en/favorites/catalog/studio?search=box&limit=64&sort=name+asc',
    );
  });

  it('lists the favourites, pages them with "show more", and drops one whose heart is taken off', async () => {
    signIn();
    const offers = manyOffers(20);
    mockCatalog({ offers, favourites: offers.map((offer) => offer.id) });
    const { user, params } = openFavourites();
    const card = await screen.findByRole('article', { name: 'Product 1' });
    expect(screen.getAllByRole('article')).toHaveLength(16);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Product 20' })).toBeInTheDocument();
    expect(params().get('page')).toBe('2');

    await user.click(within(card).getByRole('button', { name: 'Remove “Product 1” from favourites' }));
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Product 1' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(19);
  });

  it('says when there are no favourites yet and leads to the catalogue, without list controls', async () => {
    signIn();
    mockCatalog({ offers: [offerFixture()] });
    openFavourites('/ru/favorites/catalog');
    expect(await screen.findByRole('heading', { name: 'В избранном пока пусто' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute(
      'href',
      '/ru/products/catalog',
    );
    // Nothing to sort, page or pick a group of.
    expect(screen.queryByRole('navigation', { name: 'Группы товаров' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says when a group holds none of the favourites, and leads to all of them', async () => {
    signIn();
    const offer = offerFixture({ groupId: 'group_studio' });
    mockCatalog({ offers: [offer], favourites: [offer.id] });
    openFavourites('/en/favorites/catalog/litres');
    expect(
      await screen.findByRole('heading', { name: 'None of your favourites are in this group' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All favourites' })).toHaveAttribute(
      'href',
      '/en/favorites/catalog',
    );
    expect(screen.getByRole('navigation', { name: 'Product groups' })).toBeInTheDocument();
  });

  it('answers an address naming no group with the not-found page', async () => {
    signIn();
    const offer = offerFixture({ groupId: 'group_studio' });
    mockCatalog({ offers: [offer], favourites: [offer.id] });
    // React and the router report the thrown NotFoundError on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    openFavourites('/en/favorites/catalog/no-such-group');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    // Titled as what it is, not as the favourites.
    await waitFor(() => expect(document.title).toBe('Page not found — Cutout'));
  });

  it('cannot read a bad page number', async () => {
    signIn();
    const api = mockCatalog();
    openFavourites('/en/favorites/catalog?page=0');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Could not read the request parameters' }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Favourites' })).toHaveAttribute(
      'href',
      '/en/favorites/catalog',
    );
    expect(api.callsTo('favourites')).toEqual([]);
  });
});
