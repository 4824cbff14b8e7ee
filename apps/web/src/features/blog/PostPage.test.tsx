import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { fakeBlogApi, postFixture } from './fake-blog-api.ts';
import { BlogTestRoutes, enterLanguageOf } from './test-routes.tsx';

/** Opens the blog's screens at `path` over the fake blog API, in the address's language. */
function openAt(path: string, options: Parameters<typeof fakeBlogApi>[0] = {}) {
  const api = fakeBlogApi(options);
  mockStoreApi(api.handle);
  const view = renderInShell(<BlogTestRoutes />, { path, language: enterLanguageOf(path) });
  return { ...view, api };
}

describe('PostPage', () => {
  it('shows the date, the title, the cover and the content the server rendered, then the subscription', async () => {
    const { api } = openAt('/en/blog/post-2/post-2', { posts: [postFixture(1), postFixture(2)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post 2' })).toBeInTheDocument();
    expect(api.callsTo('get')[0]?.path).toBe('/pages/post-2/fetchPage');
    expect(screen.getByRole('heading', { level: 2, name: 'Part one of post 2' })).toBeInTheDocument();
    expect(screen.getByText('post 2', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Jan 2, 2026')).toHaveAttribute('datetime', '2026-01-02T09:00:00.000Z');
    const cover = screen.getByRole('img', { name: 'Post 2' });
    expect(cover).toHaveAttribute('srcset', expect.stringContaining('/size/large/download'));
    expect(cover).not.toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/en/blog');
    expect(screen.getByRole('heading', { level: 2, name: 'Get new posts by e-mail' })).toBeInTheDocument();
  });

  it.each([
    ['another slug name', '/en/blog/post-2/old-name?ref=mail#part', '/en/blog/post-2/post-2?ref=mail#part'],
    ['no slug name', '/en/blog/post-2', '/en/blog/post-2/post-2'],
    ['the news-posts alias', '/en/news-posts/post-2/post-2', '/en/blog/post-2/post-2'],
    ['the slug name of the other language', '/ru/blog/post-2/post-2', '/ru/blog/post-2/statya-2'],
  ])('replaces an address with %s by the canonical one', async (_, path, canonical) => {
    const { router } = openAt(path, { posts: [postFixture(2)] });
    await waitFor(() =>
      expect(
        `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`,
      ).toBe(canonical),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: canonical.startsWith('/ru') ? 'Статья 2' : 'Post 2',
      }),
    ).toBeInTheDocument();
  });

  it('shows the not-found screen for an unknown post, or a page that is not a post', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = openAt('/en/blog/nope/nothing');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(api.callsTo('get')[0]?.path).toBe('/pages/nope/fetchPage');
  });

  it('does not show a store page as a post', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openAt('/en/blog/terms/terms', {
      posts: [postFixture(1, { id: 'terms', typeId: 'store_pages_types.store_page' })],
    });
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
  });
});
