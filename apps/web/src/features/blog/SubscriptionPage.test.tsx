import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { fakeBlogApi } from './fake-blog-api.ts';
import { BlogTestRoutes, enterLanguageOf } from './test-routes.tsx';

/** Opens the blog's screens at `path` over the fake blog API, in the address's language. */
function openAt(path: string, options: Parameters<typeof fakeBlogApi>[0] = {}) {
  const api = fakeBlogApi(options);
  mockStoreApi(api.handle);
  renderInShell(<BlogTestRoutes />, { path, language: enterLanguageOf(path) });
  return { api, user: userEvent.setup() };
}

describe('SubscriptionPage', () => {
  it('confirms only when the button is pressed, not when the link is opened', async () => {
    const { api, user } = openAt('/en/blog/subscription/confirm?token=fresh', {
      confirmTokens: { fresh: 'confirmed' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(api.callsTo('confirm')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' });
    expect(heading).toHaveFocus();
    expect(api.callsTo('confirm').map((call) => call.body)).toEqual([{ token: 'fresh' }]);
    expect(screen.getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/en/blog');
  });

  it('says when a confirmation link has expired and offers to subscribe again', async () => {
    const { api, user } = openAt('/en/blog/subscription/confirm?token=old');
    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm');
    expect(api.callsTo('subscribe')).toHaveLength(1);
  });

  it('unsubscribes on the button, and tells an unknown link', async () => {
    const { api, user } = openAt('/en/blog/subscription/unsubscribe?token=known', {
      unsubscribeTokens: ['known'],
    });
    expect(api.callsTo('unsubscribe')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' }),
    ).toBeInTheDocument();
    expect(api.callsTo('unsubscribe').map((call) => call.body)).toEqual([{ token: 'known' }]);
  });

  it('tells a link the server does not know', async () => {
    const { user } = openAt('/en/blog/subscription/unsubscribe?token=stranger');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the blog' })).toHaveAttribute('href', '/en/blog');
  });

  it('tells a link without its token at once, with nothing to press', () => {
    const { api } = openAt('/en/blog/subscription/confirm');
    expect(screen.getByRole('heading', { level: 1, name: 'Unknown link' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('speaks Russian', async () => {
    const { user } = openAt('/ru/blog/subscription/confirm?token=old');
    expect(screen.getByRole('heading', { level: 1, name: 'Подтвердите подписку' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Подтвердить подписку' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Срок действия ссылки истёк' });
    expect(
      within(heading.closest('section') as HTMLElement).getByRole('link', { name: 'Перейти в блог' }),
    ).toHaveAttribute('href', '/ru/blog');
  });
});
