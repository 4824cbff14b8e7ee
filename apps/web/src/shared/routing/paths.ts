import type { Language } from '../i18n/languages.ts';
import { isLanguage } from '../i18n/languages.ts';

/** Route aliases of SPEC §2.1, as paths below the language segment. */
export const paths = {
  main: '',
  removeBackground: '/remove-background',
  pricing: '/pricing',
  blog: '/blog',
  integration1c: '/integration/1c',
  integrationApi: '/integration/api',
  integrationOrder: '/integration/order',
  paymentOptions: '/payment-options',
  refundPolicy: '/refund-policy',
  offer: '/offer',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  cookies: '/cookies',
  contacts: '/contacts',
  user: '/user',
  userApi: '/user/api',
  shoppingCart: '/shopping-cart',
  checkoutPaid: '/shopping-cart/checkout/paid',
  checkoutSuccess: '/shopping-cart/checkout/success',
  checkoutFailure: '/shopping-cart/checkout/failure',
  userOrders: '/user/orders',
  userPincodes: '/user/pincodes',
  personalAccount: '/user/personal-account',
  newContactSet: '/user/contacts/new',
  catalog: '/products/catalog',
  favorites: '/favorites/catalog',
  error: '/error',
  serviceUnavailable: '/error/service-unavailable',
  initializationError: '/error/initialization-error',
} as const;

/** Paths under a language that open without store info, so that they work while the API is down. */
export const bareErrorPaths: ReadonlySet<string> = new Set([
  paths.serviceUnavailable,
  paths.initializationError,
]);

/** A checkout result page that names its order (`?order=`), so that it can lead to it. */
export function checkoutResultPath(
  path: string,
  orderId: string | null | undefined,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...(orderId ? { order: orderId } : {}), ...extra }).toString();
  return query ? `${path}?${query}` : path;
}

/** One order's page. */
export const orderPath = (orderId: string) => `${paths.userOrders}/${encodeURIComponent(orderId)}`;

export function localizedPath(language: Language, path: string): string {
  if (!path || path === '/') return `/${language}`;
  return `/${language}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The path after the language segment: '/en/pricing' → '/pricing', '/en' → ''. */
export function pathWithoutLanguage(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  if (!isLanguage(first)) return pathname;
  return rest.length ? `/${rest.join('/')}` : '';
}

/** The same address in another language: the path, query and hash are kept. */
export function switchLanguageInPath(
  location: { pathname: string; search?: string; hash?: string },
  language: Language,
): string {
  const rest = pathWithoutLanguage(location.pathname);
  return `${localizedPath(language, rest === '/' ? '' : rest)}${location.search ?? ''}${location.hash ?? ''}`;
}

/** The public offer is /offer in Russian and /terms-and-conditions in English (SPEC §2.4). */
export function offerPath(language: Language): string {
  return language === 'ru' ? paths.offer : paths.termsAndConditions;
}

/** The payment information is /payment-options in Russian and /refund-policy in English (SPEC §2.4). */
export function paymentInfoPath(language: Language): string {
  return language === 'ru' ? paths.paymentOptions : paths.refundPolicy;
}

/** The current address with `?modal=<name>` added: modals open over the page without leaving it. */
export function withModal(location: { pathname: string; search: string }, modal: string): string {
  const params = new URLSearchParams(location.search);
  // Another modal's own parameters do not carry over.
  params.delete('token');
  params.set('modal', modal);
  return `${location.pathname}?${params.toString()}`;
}

/** Query parameters that belong to one modal and go when it closes (a reset link's token). */
const modalParams = ['modal', 'token'];

/** The current address without its modal: the page under it. */
export function withoutModal(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  for (const name of modalParams) params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}
