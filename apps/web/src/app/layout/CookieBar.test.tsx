import { storageKeys } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { CookieBar } from './CookieBar.tsx';

describe('CookieBar', () => {
  it('is shown until accepted, and links to the cookie policy', () => {
    renderInShell(<CookieBar />, { language: 'ru', path: '/ru' });
    expect(screen.getByRole('region', { name: 'Согласие на использование cookie' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Подробнее' })).toHaveAttribute('href', '/ru/cookies');
  });

  it('hides on accept and remembers it', async () => {
    const user = userEvent.setup();
    const first = renderInShell(<CookieBar />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.cookieAccepted)).toBe('true');

    first.unmount();
    renderInShell(<CookieBar />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});
