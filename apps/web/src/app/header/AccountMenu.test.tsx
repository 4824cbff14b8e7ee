import { storageKeys } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, reloadSession } from '../../shared/session/session.ts';
import { storeInfoFixture } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
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
    expect(screen.getByRole('menuitem', { name: 'Русский' })).toHaveAttribute('href', '/ru/pricing?x=1');
    expect(screen.getByRole('menuitemradio', { name: /Rubles/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: /Dollars/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('hides the language and currency lists when there is only one of each', async () => {
    const info = storeInfoFixture();
    renderInShell(<AccountMenu />, {
      storeInfo: { ...info, locales: info.locales.slice(0, 1), currencies: info.currencies.slice(0, 1) },
    });
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Русский' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitemradio')).not.toBeInTheDocument();
  });

  it('offers my account and logout when authorised', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token');
    window.localStorage.setItem(storageKeys.userId, 'user-1');
    reloadSession();
    const { location } = renderInShell(<AccountMenu />, { path: '/en/blog' });
    const { user } = await openMenu();
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/en/user');
    expect(screen.queryByRole('menuitem', { name: 'Login / Sign up' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(getSession()).toMatchObject({ accessToken: null, userId: null });
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(location()).toBe('/en');
    expect(await screen.findByRole('status')).toHaveTextContent('You have logged out.');
  });

  it('counts an access_token cookie as authorised', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'access_token=abc; path=/';
    renderInShell(<AccountMenu />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'My account' })).toBeInTheDocument();
  });
});
