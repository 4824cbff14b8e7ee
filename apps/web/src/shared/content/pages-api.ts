import {
  type FetchPageListRequest,
  type Page,
  type PageList,
  pageListSchema,
  pageSchema,
  storeHeaderNames,
} from '@cutout/contracts';
import { apiRequest } from '../api/client.ts';

export type { Page, PageList };

/** The content calls (SPEC §7.6): blog posts and store pages, open to everyone. */
export const pagesApi = {
  /** A page of the list: 8 blog posts unless `filter.limit` says otherwise, newest first by default. */
  list: (request: FetchPageListRequest, signal?: AbortSignal): Promise<PageList> =>
    apiRequest('/pages/fetchPageList', {
      method: 'POST',
      body: request,
      signal,
      parse: pageListSchema.parse,
    }),

  /**
   * A page by its id (or an old id), its content already safe HTML; 404 NOT_FOUND otherwise. In
   * `language` where given: the page's own, which the stored locale may not be yet right after a
   * switch (children load before the address's locale is stored).
   */
  get: (id: string, signal?: AbortSignal, language?: string): Promise<Page> =>
    apiRequest(`/pages/${encodeURIComponent(id)}/fetchPage`, {
      method: 'POST',
      body: { filter: { include: ['htmlMetaTagItems', 'primaryImage'] } },
      signal,
      parse: pageSchema.parse,
      ...(language && { headers: { [storeHeaderNames.localeId]: language } }),
    }),
};
