import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
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
