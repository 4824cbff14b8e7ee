import { languages } from './store.ts';

/**
 * The web app's pages (SPEC §2.1) as route patterns below the language segment, in the router's
 * syntax: `''` is the main page, `:name` stands for one segment, `:name?` for one that may be left
 * out. The web app's route tree is tested to hold exactly these, so that the server can tell a page
 * from an address that is none and answer the latter with 404 (the app then shows its not-found
 * page either way).
 */
export const pagePatterns: readonly string[] = [
  '',
  'remove-background',
  'user/api',
  'integration/api',
  'products/catalog',
  'products/catalog/:group',
  'products/catalog/:group/:slug',
  'favorites/catalog',
  'favorites/catalog/:group',
  'favorites/catalog/:group/:slug',
  'products/:idOrSlug',
  'products/:idOrSlug/:slug',
  'pricing',
  'subscription-plans',
  'blog',
  'news-posts',
  'blog/subscription/confirm',
  'blog/subscription/unsubscribe',
  'blog/:slugId/:slugName?',
  'news-posts/:slugId/:slugName?',
  'contacts',
  'integration/order',
  'integration/1c',
  'offer',
  'terms-and-conditions',
  'payment-options',
  'refund-policy',
  'privacy-policy',
  'cookies',
  'shopping-cart',
  'shopping-cart/checkout/:paymentOptionId/validate',
  'shopping-cart/checkout/paid',
  'shopping-cart/checkout/success',
  'shopping-cart/checkout/failure',
  'user/contacts/new',
  'user/orders',
  'user/personal-account',
  'user/pincodes',
  'user/orders/:orderId',
  'user',
  'user/login',
  'user/registration',
  'user/reset-password',
  'user/set-password',
  'error',
  'error/service-unavailable',
  'error/initialization-error',
];

/**
 * The pages that show one record named in their address (a blog post, a product): such an address
 * is no page when the record is not there (the server answers 404).
 */
export const recordPagePatterns: ReadonlySet<string> = new Set(
  pagePatterns.filter((pattern) => /^(blog|news-posts|products)\/:/.test(pattern)),
);

/**
 * First segments of the pages. An address that starts with one of them but has no language
 * (/pricing) is the same page under the visitor's language; any other first segment is no page.
 */
export const pageRoots: ReadonlySet<string> = new Set(
  pagePatterns.map((pattern) => pattern.split('/')[0] as string).filter(Boolean),
);

/** How well a pattern fits: a fixed segment counts more than a parameter, as the router ranks them. */
function fit(pattern: string, segments: readonly string[]): number | null {
  const parts = pattern === '' ? [] : pattern.split('/');
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return null;
  let score = 0;
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] as string;
    if (part.startsWith(':')) score += 1;
    else if (part === segment) score += 10;
    else return null;
  }
  return score;
}

/** The pattern of the page whose path below the language has these segments, or null. */
function patternOfSegments(segments: readonly string[]): string | null {
  if (segments.some((segment) => segment === '')) return null;
  let best: { pattern: string; score: number } | null = null;
  for (const pattern of pagePatterns) {
    const score = fit(pattern, segments);
    if (score !== null && (best === null || score > best.score)) best = { pattern, score };
  }
  return best?.pattern ?? null;
}

/**
 * The pattern of the page at a path below the language (`products/7/mug`, with or without a slash
 * before it and slashes after it, as the router reads it; an empty segment between two slashes
 * makes it none), or null where the path is no page. Where several fit, the one with more fixed
 * segments wins (`blog/subscription/confirm` over `blog/:slugId/:slugName?`).
 */
export function pagePatternOf(pathBelowLanguage: string): string | null {
  const trimmed = pathBelowLanguage.replace(/^\//, '').replace(/\/+$/, '');
  return patternOfSegments(trimmed === '' ? [] : trimmed.split('/'));
}

/**
 * Whether an address (a path from the site's root) is a page of the web app: a language and a page
 * below it, the root (which leads to a language), or a page without its language (which moves under
 * one). Anything else is answered with the not-found page and status 404.
 */
export function isPageAddress(pathName: string): boolean {
  const path = pathName.replace(/\/+$/, '');
  if (path === '') return true;
  const [, first = '', ...rest] = path.split('/');
  if ((languages as readonly string[]).includes(first)) return patternOfSegments(rest) !== null;
  return pageRoots.has(first);
}
