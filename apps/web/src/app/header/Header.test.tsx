import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, renderInShell } from '../../test/render.tsx';
import { mockUsersApi } from '../../test/users-api.ts';
import { Header } from './Header.tsx';

describe('Header', () => {
  it('has the main navigation and the remove-background button', () => {
    renderInShell(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/en/blog');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/en/pricing');
    expect(within(nav).getByRole('button', { name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Remove background' })).toHaveAttribute(
      'href',
      '/en/remove-background',
    );
    expect(screen.getByRole('link', { name: 'Cutout — home' })).toHaveAttribute('href', '/en');
  });

  it('opens the burger menu, locks the page scroll, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderInShell(<Header />);
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await user.click(burger);
    expect(screen.getByRole('navigation', { name: 'Navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('takes the page under the open burger menu out of the tab order, and gives it back on close', async () => {
    const user = userEvent.setup();
    renderInShell(
      <>
        <Header />
        <main>
          <a href="/en/blog">Under the menu</a>
        </main>
      </>,
    );
    const page = screen.getByRole('main');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(page).toHaveAttribute('inert');
    expect(screen.getByRole('banner')).not.toHaveAttribute('inert');
    expect(document.getElementById('mobile-menu')).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(page).not.toHaveAttribute('inert');
  });

  it('gives the focus back to the burger when the login modal opened from its menu closes', async () => {
    const user = userEvent.setup();
    mockUsersApi({});
    renderApp('/en');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('region', { name: 'Account' });
    await user.click(within(menu).getByRole('link', { name: 'Login / Sign up' }));
    await screen.findByRole('dialog', { name: 'Log in' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });

  it('closes the burger menu on navigation', async () => {
    const user = userEvent.setup();
    const { location } = renderInShell(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Navigation' });
    await user.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(location()).toBe('/en/pricing');
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes the burger menu once a currency is chosen, as the desktop menu does', async () => {
    const user = userEvent.setup();
    renderInShell(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: /USD/, pressed: false }));
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('currencyId')).toBe('USD');
  });

  it('becomes sticky once the window is scrolled', () => {
    renderInShell(<Header />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header).not.toHaveClass('sticky');
    act(() => {
      window.scrollY = 200;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('sticky');
    act(() => {
      window.scrollY = 0;
      fireEvent.scroll(window);
    });
    expect(header).not.toHaveClass('sticky');
  });
});
