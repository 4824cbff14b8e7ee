import { fileRefSchema } from './files.ts';
import { listLimits } from './limits.ts';
import { htmlMetaTagItemSchema } from './store.ts';
import { z } from './zod.ts';

/**
 * Store pages and blog posts (SPEC §3 store page, news post; §7.6): the blog's news posts and the
 * store's information pages (terms, payment, privacy, cookies, the 1C page), each in every language.
 */
export const pageTypeIds = ['store_pages_types.blog_post', 'store_pages_types.store_page'] as const;
export type PageTypeId = (typeof pageTypeIds)[number];

/** Blog posts a page (SPEC §9). */
export const blogPageSize = 8;

/**
 * The sorts of the news list (SPEC §9): createdAt desc (the default, "newest"), createdAt asc
 * ("oldest"), name asc and name desc (by title in the request's language).
 */
export const pageSorts = ['createdAt desc', 'createdAt asc', 'name asc', 'name desc'] as const;
export type PageSort = (typeof pageSorts)[number];

/** POST /pages/fetchPageList. */
/** The furthest a page list may skip: a page beyond it is asked for as empty, not refused. */
export const pageListMaxSkip = 100_000;

export const fetchPageListRequestSchema = z.strictObject({
  filter: z
    .strictObject({
      where: z.strictObject({ typeId: z.enum(pageTypeIds).optional() }).optional(),
      /** primaryImage is always answered; accepted for clients that ask (SPEC §7.6). */
      include: z.array(z.string().min(1).max(50)).max(10).optional(),
      order: z.enum(pageSorts).optional(),
      skip: z.number().int().min(0).max(pageListMaxSkip).optional(),
      limit: z.number().int().min(1).max(listLimits.maxPageSize).optional(),
    })
    .optional(),
  /** Finds posts by words of their title or preview. */
  search: z.string().max(listLimits.maxSearchLength).optional(),
});
export type FetchPageListRequest = z.infer<typeof fetchPageListRequestSchema>;

/** A page as lists show it: no content. */
export const pageSummarySchema = z.object({
  id: z.string(),
  /** The id in addresses (SPEC §3 news post): /blog/{slugifyId}/{slugifyName}. */
  slugifyId: z.string(),
  /** The localized slug name, in the request's language. */
  slugifyName: z.string(),
  typeId: z.enum(pageTypeIds),
  name: z.string(),
  title: z.string(),
  preview: z.string(),
  createdAt: z.string(),
  primaryImage: fileRefSchema.nullable(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageListSchema = z.object({
  output: z.array(pageSummarySchema),
  outputInfo: z.object({ count: z.number().int() }),
  totalCount: z.number().int(),
});
export type PageList = z.infer<typeof pageListSchema>;

/** POST /pages/{id}/fetchPage: the page with its content as safe HTML, its meta tags and its addresses. */
export const pageSchema = pageSummarySchema.extend({
  /** Rendered on the server from Markdown with raw HTML off: nothing in it runs. */
  content: z.string(),
  htmlMetaTagItems: z.array(htmlMetaTagItemSchema),
  /** When the text last changed: a store page's edition date (that day, midnight UTC), a post's last write. */
  updatedAt: z.string(),
  /** The page's slug name in each language, for the language switcher and hreflang. */
  slugifyNames: z.record(z.string(), z.string()),
});
export type Page = z.infer<typeof pageSchema>;

/** The address of a blog post in a language (SPEC §2.1 news-posts-detail). */
export const blogPostPath = (language: string, post: { slugifyId: string; slugifyName: string }) =>
  `/${language}/blog/${encodeURIComponent(post.slugifyId)}/${encodeURIComponent(post.slugifyName)}`;

/** The store pages a route shows (SPEC §2.1: offer/terms one screen, payment-options/refund-policy one). */
export const storePageIdOfRoute: Record<string, string> = {
  offer: 'terms',
  'terms-and-conditions': 'terms',
  'payment-options': 'payment',
  'refund-policy': 'payment',
  'privacy-policy': 'privacy-policy',
  cookies: 'cookies',
  'integration/1c': 'integration-1c',
};

/**
 * Where a store page is linked in each language (SPEC §2.4 footer): the offer in Russian, the terms
 * in English; payment options in Russian, the refund policy in English.
 */
export const storePageRoute: Record<string, Record<'en' | 'ru', string>> = {
  terms: { en: 'terms-and-conditions', ru: 'offer' },
  payment: { en: 'refund-policy', ru: 'payment-options' },
  'privacy-policy': { en: 'privacy-policy', ru: 'privacy-policy' },
  cookies: { en: 'cookies', ru: 'cookies' },
  'integration-1c': { en: 'integration/1c', ru: 'integration/1c' },
};
