import { isPageAddress, pagePatternOf, pagePatterns, recordPagePatterns } from '@cutout/contracts';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/** The full patterns of the routes below `/:lang`, the not-found catch-all left out. */
function patternsBelowLanguage(tree: RouteObject[], parent: string | null = null): string[] {
  return tree.flatMap((route) => {
    if (parent === null) {
      if (route.path === ':lang') return patternsBelowLanguage(route.children ?? [], '');
      return patternsBelowLanguage(route.children ?? [], null);
    }
    if (route.path === '*') return [];
    const own = route.path ? (parent ? `${parent}/${route.path}` : route.path) : parent;
    const children = patternsBelowLanguage(route.children ?? [], own);
    const isPage = route.index || route.path !== undefined;
    return isPage ? [own, ...children] : children;
  });
}

/** A path the router gives to a page rather than to the not-found catch-all. */
function routerShowsPage(path: string): boolean {
  const matched = matchRoutes(routes, path) ?? [];
  const leaf = matched[matched.length - 1];
  return leaf !== undefined && leaf.route.path !== '*';
}

/** A sample path for a pattern: every parameter filled in. */
const sample = (pattern: string) =>
  `/en/${pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? 'x1' : part))
    .join('/')}`.replace(/\/$/, '');

describe('the pages known to the server', () => {
  it('are exactly the pages of the route tree', () => {
    expect([...new Set(patternsBelowLanguage(routes))].sort()).toEqual([...pagePatterns].sort());
  });

  it('match what the router shows for the same address', () => {
    const addresses = [
      ...pagePatterns.map(sample),
      '/en/',
      '/ru/pricing/',
      '/en/blog/12',
      '/en/blog/subscription/confirm',
      '/en/products/7/mug/extra',
      '/en/no-such-page',
      '/en/user/orders/5/6',
      '/en/shopping-cart/checkout/card',
      '/en/error/other',
      '/en//pricing',
      '/en/user//orders',
      '/ru/blog/7/',
      '/en/pricing//',
      '//en/pricing',
      '/en',
    ];
    for (const address of addresses) {
      expect({ address, page: isPageAddress(address) }).toEqual({ address, page: routerShowsPage(address) });
    }
  });

  it('prefer a fixed segment over a parameter', () => {
    expect(pagePatternOf('blog/subscription/confirm')).toBe('blog/subscription/confirm');
    expect(pagePatternOf('blog/12/my-post')).toBe('blog/:slugId/:slugName?');
    expect(pagePatternOf('products/catalog/cups')).toBe('products/catalog/:group');
    expect(pagePatternOf('products/7')).toBe('products/:idOrSlug');
  });

  it('name the pages of one record: a post or a product, not the catalogue or the subscription pages', () => {
    expect([...recordPagePatterns].sort()).toEqual([
      'blog/:slugId/:slugName?',
      'news-posts/:slugId/:slugName?',
      'products/:idOrSlug',
      'products/:idOrSlug/:slug',
    ]);
  });

  it('take an address without a language as the page under one, and no other', () => {
    expect(isPageAddress('/')).toBe(true);
    expect(isPageAddress('/pricing')).toBe(true);
    expect(isPageAddress('/de/pricing')).toBe(false);
    expect(isPageAddress('/wp-admin/setup.php')).toBe(false);
  });
});
