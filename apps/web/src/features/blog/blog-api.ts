import { type FetchPageListRequest, resultSchema } from '@cutout/contracts';
import { apiRequest } from '../../shared/api/client.ts';
import { type Page, type PageList, pagesApi } from '../../shared/content/pages-api.ts';

export type { Page, PageList };
/** A post as the list shows it: no content. */
export type PostSummary = PageList['output'][number];

/** What a confirmation link did: confirmed, or nothing because it is old, used or unknown. */
export type ConfirmStatus = 'confirmed' | 'expired';

function parseConfirmStatus(data: unknown): ConfirmStatus {
  const status = (data as { status?: unknown } | null)?.status;
  if (status === 'confirmed' || status === 'expired') return status;
  throw new Error('Unexpected confirmation status');
}

/** The blog's posts: the content calls of SPEC §7.6, for blog posts. */
export const blogApi = {
  /** A page of posts (the request names the type, the order and the page). */
  posts: (request: FetchPageListRequest, signal?: AbortSignal) => pagesApi.list(request, signal),
  /** A post by the id of its address (or an old one); 404 NOT_FOUND otherwise. */
  post: (id: string, signal?: AbortSignal) => pagesApi.get(id, signal),
};

/** The news subscription (double opt-in): ask, confirm by the mailed link, leave by any mail's link. */
export const newsApi = {
  /** Mails a confirmation link; 400 VALIDATION_ERROR for a bad address, 429 RATE_LIMITED when asked too often. */
  subscribe: (email: string) =>
    apiRequest('/news/subscribe', { method: 'POST', body: { email }, parse: resultSchema.parse }),

  confirm: (token: string) =>
    apiRequest('/news/confirm', { method: 'POST', body: { token }, parse: parseConfirmStatus }),

  /** false for a link the server does not know. */
  unsubscribe: (token: string) =>
    apiRequest('/news/unsubscribe', {
      method: 'POST',
      body: { token },
      parse: (data) => resultSchema.parse(data).result,
    }),
};

/**
 * React Query keys. Titles, previews, contents and slug names come in the session's language, so
 * the keys name it: a switch asks again.
 */
export const blogQueryKeys = {
  all: ['blog'] as const,
  posts: (request: FetchPageListRequest, localeId: string | null) =>
    ['blog', 'posts', request, { localeId }] as const,
  post: (id: string, localeId: string | null) => ['blog', 'post', id, { localeId }] as const,
};
