import { storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, reloadSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { renderApp, renderInShell } from '../../test/render.tsx';
import { mockUsersApi, userFixture } from '../../test/users-api.ts';
import { AccountMenu } from './AccountMenu.tsx';

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Account' }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('AccountMenu', () => {
  it('offers login on the current page when not authorised', async () => {
    renderInShell(<AccountMenu />, { path: '/en/blog?page=2' });
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Login / Sign up' })).toHaveAttribute(
      'href',
      '/en/blog?page=2&modal=login',
    );
    expect(screen.queryByRole('menuitem', { name: 'My account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'API keys' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'My orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows the litre balance with a link to buy more', async () => {
    renderInShell(<AccountMenu />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Balance: 7 L — buy litres' })).toHaveAttribute(
      'href',
      '/en/pricing',
    );
  });

  it('lists the languages and currencies when there are several', async () => {
    renderInShell(<AccountMenu />, { path: '/en/pricing?x=1' });
    await openMenu();
    expect(screen.getByRole('menuitemradio', { name: 'Русский' })).toHaveAttribute('href', '/ru/pricing?x=1');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: /Roubles/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: /Dollars/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('hides the language and currency lists when there is only one of each', async () => {
    const info = storeInfoFixture();
    renderInShell(<AccountMenu />, {
      storeInfo: { ...info, locales: info.locales.slice(0, 1), currencies: info.currencies.slice(0, 1) },
    });
    await openMenu();
    expect(screen.queryByRole('menuitemradio', { name: 'Русский' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitemradio')).not.toBeInTheDocument();
  });

  it('offers my account and logout when authorised', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token');
    window.localStorage.setItem(storageKeys.userId, 'user-1');
    reloadSession();
    const { location } = renderInShell(<AccountMenu />, { path: '/en/blog' });
    const { user } = await openMenu();
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/en/user');
    expect(screen.getByRole('menuitem', { name: 'My orders' })).toHaveAttribute('href', '/en/user/orders');
    expect(screen.getByRole('menuitem', { name: 'API keys' })).toHaveAttribute('href', '/en/user/api');
    expect(screen.getByRole('menuitem', { name: 'Favourites' })).toHaveAttribute(
      'href',
      '/en/favorites/catalog',
    );
    expect(screen.queryByRole('menuitem', { name: 'Login / Sign up' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(getSession()).toMatchObject({ accessToken: null, userId: null });
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(location()).toBe('/en');
    expect(await screen.findByRole('status')).toHaveTextContent('You have logged out.');
  });

  it('logs out a user signed in by the cookie alone: the server clears the cookie, the hint goes at once', async () => {
    const api = mockUsersApi({ '/logout': () => jsonResponse({ result: true }) });
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'signed_in=1; path=/';
    renderInShell(<AccountMenu />, { path: '/en/blog' });
    const { user } = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(document.cookie).not.toContain('signed_in');
    await waitFor(() => expect(api.callsTo('/logout')).toHaveLength(1));
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Login / Sign up' })).toBeInTheDocument();
  });

  it('turns into my account after logging in through the modal, without a reload', async () => {
    const user = userEvent.setup();
    mockUsersApi({ '/login': () => jsonResponse({ id: 'token-1', userId: 'user-1' }) }, (headers) => ({
      ...storeInfoFixture(),
      user: headers.get('Authorization') ? userFixture({ fullName: 'Ann Lee' }) : null,
    }));
    renderApp('/en');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Login / Sign up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
  });

  it('gives the focus back to the Account button when the login modal opened from its menu closes', async () => {
    const user = userEvent.setup();
    mockUsersApi({});
    renderApp('/en');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Login / Sign up' }));
    // The login modal leads to the sign-up one: closing that returns to what opened the first.
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(login).getByRole('link', { name: 'Sign up' }));
    await screen.findByRole('dialog', { name: 'Sign up' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus());
  });

  it('counts the signed-in hint cookie as authorised', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'signed_in=1; path=/';
    renderInShell(<AccountMenu />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'My account' })).toBeInTheDocument();
  });

  it('does not count a readable access_token cookie: the real one is HttpOnly, the hint stands for it', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'access_token=abc; path=/';
    renderInShell(<AccountMenu />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Login / Sign up' })).toBeInTheDocument();
  });
});
