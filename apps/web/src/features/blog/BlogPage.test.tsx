import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectCardRingInFull } from '../../test/card-focus.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { fakeBlogApi, manyPosts, postFixture } from './fake-blog-api.ts';
import { BlogTestRoutes, enterLanguageOf } from './test-routes.tsx';

/** Opens the blog's screens at `path` over the fake blog API, in the address's language. */
function openAt(path: string, options: Parameters<typeof fakeBlogApi>[0] = {}) {
  const api = fakeBlogApi(options);
  mockStoreApi(api.handle);
  const view = renderInShell(<BlogTestRoutes />, { path, language: enterLanguageOf(path) });
  const params = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, api, params, user: userEvent.setup() };
}

const cards = () => screen.queryAllByRole('article');
const blogPosts = { typeId: 'store_pages_types.blog_post' };

describe('BlogPage', () => {
  it('shows 8 posts a page, newest first: cover, date, title and "read more" linking to the post', async () => {
    const { api } = openAt('/en/blog', { posts: manyPosts(10) });
    const newest = await screen.findByRole('article', { name: 'Post 10' });
    expect(cards()).toHaveLength(8);
    expect(api.callsTo('list')[0]?.body).toEqual({
      filter: { where: blogPosts, order: 'createdAt desc', skip: 0, limit: 8 },
    });

    const cover = within(newest).getByRole('img', { name: 'Post 10' });
    expect(cover).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/api\/stores\/files\/cover-post-10\/size\/medium\/download\?t=2026-01-10/),
    );
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(within(newest).getByRole('link', { name: 'Post 10' })).toHaveAttribute(
      'href',
      '/en/blog/post-10/post-10',
    );
    expect(within(newest).getByRole('link', { name: 'Read more: Post 10' })).toHaveAttribute(
      'href',
      '/en/blog/post-10/post-10',
    );
    expect(newest).toHaveTextContent('Jan 10, 2026');
    expect(newest).toHaveTextContent('What post 10 is about.');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('10 posts');
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('href', '/en/blog?page=2');
  });

  it('rings a card focused by the keyboard in full: the card clips nothing of its title link’s ring', async () => {
    const { user } = openAt('/en/blog', { posts: manyPosts(2) });
    for (const mode of ['Grid', 'List'] as const) {
      await user.click(
        within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: mode }),
      );
      const card = await screen.findByRole('article', { name: 'Post 2' });
      expectCardRingInFull(card, within(card).getByRole('link', { name: 'Post 2' }), mode);
    }
  });

  it('turns the URL into the request: search, sort, page size and page', async () => {
    const { api } = openAt('/en/blog?search=post&limit=16&sort=name%20asc&page=2', { posts: manyPosts(20) });
    await waitFor(() => expect(api.callsTo('list')).toHaveLength(1));
    expect(api.callsTo('list')[0]?.body).toEqual({
      filter: { where: blogPosts, order: 'name asc', skip: 16, limit: 16 },
      search: 'post',
    });
    expect(await screen.findByRole('article', { name: 'Post 17' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('post');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name asc');
  });

  it('writes the sort, the search and the page into the URL and the request', async () => {
    const { api, user, params } = openAt('/en/blog?page=2', { posts: manyPosts(20) });
    await screen.findByRole('article', { name: 'Post 12' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Oldest');
    expect(params().get('sort')).toBe('createdAt asc');
    expect(params().get('page')).toBeNull();
    expect(await screen.findByRole('article', { name: 'Post 1' })).toBeInTheDocument();
    expect(api.callsTo('list').at(-1)?.body.filter).toMatchObject({ order: 'createdAt asc', skip: 0 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title Z–A');
    expect(params().get('sort')).toBe('name desc');

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'post 1{Enter}');
    expect(params().get('search')).toBe('post 1');
    await waitFor(() => expect(api.callsTo('list').at(-1)?.body.search).toBe('post 1'));
    expect(await screen.findByRole('article', { name: 'Post 19' })).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 2' }),
    );
    expect(params().get('page')).toBe('2');
    await waitFor(() => expect(api.callsTo('list').at(-1)?.body.filter?.skip).toBe(8));
    expect(await screen.findByRole('article', { name: 'Post 1' })).toBeInTheDocument();
    expect(params().get('search')).toBe('post 1');
    expect(params().get('sort')).toBe('name desc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    expect(params().get('sort')).toBeNull();

    // Escape empties the box and the search at once, not only the box.
    await user.click(screen.getByRole('searchbox', { name: 'Search posts' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
    expect(params().get('search')).toBeNull();
    // The hidden submit button is no Tab stop.
    expect(screen.getByRole('button', { name: 'Search', hidden: true })).toHaveAttribute('tabindex', '-1');
  });

  it('appends the next page on "show more" and keeps what was shown', async () => {
    const { api, user, params } = openAt('/en/blog', { posts: manyPosts(20) });
    await screen.findByRole('article', { name: 'Post 20' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Post 5' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Post 20' })).toBeInTheDocument();
    expect(cards()).toHaveLength(16);
    expect(params().get('page')).toBe('2');
    expect(api.callsTo('list').map((call) => call.body.filter?.skip)).toEqual([0, 8]);
  });

  it('switches between cards and rows and remembers the choice under list-mode', async () => {
    const { user, unmount } = openAt('/en/blog');
    await screen.findByRole('article', { name: 'Post 1' });
    const view = screen.getByRole('group', { name: 'View' });
    expect(within(view).getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(view).getByRole('button', { name: 'List' }));
    expect(within(view).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('list-mode')).toBe('list');
    unmount();

    openAt('/en/blog');
    await screen.findByRole('article', { name: 'Post 1' });
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when the blog has no posts yet, without a search or sort to use', async () => {
    openAt('/en/blog', { posts: [] });
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Get new posts by e-mail' })).toBeInTheDocument();
  });

  it('says when nothing matches the search and offers all posts again', async () => {
    const { user, params } = openAt('/en/blog?search=zebra');
    expect(await screen.findByRole('heading', { name: 'Nothing found for “zebra”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all posts' }));
    expect(await screen.findByRole('article', { name: 'Post 3' })).toBeInTheDocument();
    expect(params().get('search')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
  });

  it('shows a failed load with the server’s message and loads again on retry', async () => {
    const { user } = openAt('/en/blog', { failingLists: 1 });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'The posts could not be loaded.' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('The service failed. Try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Post 3' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['limit=10', 'Could not read the request parameters'],
    ['sort=price%20asc', 'Could not read the request parameters'],
    ['filter=%7B%22tag%22%3A%22news%22%7D', 'Could not read the filter'],
  ])('shows the read error for %s', async (search, title) => {
    const { api } = openAt(`/en/blog?${search}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Open the blog' })).toHaveAttribute('href', '/en/blog');
    expect(api.callsTo('list')).toHaveLength(0);
  });

  it('speaks Russian, with the posts’ Russian addresses', async () => {
    const { api } = openAt('/ru/blog', { posts: [postFixture(1), postFixture(2, { cover: false })] });
    expect(screen.getByRole('heading', { level: 1, name: 'Блог' })).toBeInTheDocument();
    const post = await screen.findByRole('article', { name: 'Статья 2' });
    expect(within(post).getByRole('link', { name: 'Читать далее: Статья 2' })).toHaveAttribute(
      'href',
      '/ru/blog/post-2/statya-2',
    );
    // A post without a cover shows a plain tint, nothing for a screen reader.
    expect(within(post).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 статьи');
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveDisplayValue('Сначала новые');
    expect(api.callsTo('list')[0]?.language).toBe('ru');
  });
});
