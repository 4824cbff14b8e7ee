import { fetchPageListRequestSchema, listLimits, pageListMaxSkip } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { blogQueryToSearch, parseBlogQuery, postListRequest } from './blog-query.ts';

const parse = (search: string) => parseBlogQuery(new URLSearchParams(search));

describe('the blog list URL', () => {
  it('defaults to 8 a page, newest first, page 1', () => {
    expect(parse('')).toEqual({ ok: true, query: { limit: 8, sort: 'createdAt desc', page: 1 } });
  });

  it('reads search, page size, sort and page', () => {
    expect(parse('search=%20masks%20&limit=32&sort=name%20desc&page=3')).toEqual({
      ok: true,
      query: { search: 'masks', limit: 32, sort: 'name desc', page: 3 },
    });
    expect(parse('limit=8&sort=createdAt%20asc&filter=%7B%7D')).toEqual({
      ok: true,
      query: { limit: 8, sort: 'createdAt asc', page: 1 },
    });
  });

  it.each([
    ['limit=6', 'params'],
    ['limit=10', 'params'],
    ['page=0', 'params'],
    ['sort=priority%20asc', 'params'],
    ['sort=newest', 'params'],
    ['filter=%7B%22tag%22%3A%22news%22%7D', 'filter'],
    ['filter=nope', 'filter'],
  ])('refuses %s as an error about the %s', (search, error) => {
    expect(parse(search)).toEqual({ ok: false, error });
  });

  it('writes a query back without its defaults, and reads it again the same', () => {
    const query = { search: 'masks', limit: 16 as const, sort: 'name asc' as const, page: 2 };
    const search = blogQueryToSearch(query);
    expect(search).toBe('search=masks&limit=16&sort=name+asc&page=2');
    expect(parse(search)).toEqual({ ok: true, query });
    expect(blogQueryToSearch({ limit: 8, sort: 'createdAt desc', page: 1 })).toBe('');
  });

  it('asks for blog posts only, a page at a time', () => {
    expect(postListRequest({ search: 'masks', limit: 8, sort: 'name desc', page: 3 }, 3)).toEqual({
      filter: { where: { typeId: 'store_pages_types.blog_post' }, order: 'name desc', skip: 16, limit: 8 },
      search: 'masks',
    });
  });

  it('asks for a page past the furthest the server reads as the empty page there, and cuts a long search', () => {
    const request = postListRequest(
      { search: 'a'.repeat(500), limit: 16, sort: 'name desc', page: 99_999 },
      99_999,
    );
    expect(fetchPageListRequestSchema.safeParse(request).success).toBe(true);
    expect(request.filter?.skip).toBe(pageListMaxSkip);
    expect(request.search).toHaveLength(listLimits.maxSearchLength);
  });
});
