import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../store/store.schema.ts';

export const pageTypes = ['blog_post', 'store_page'] as const;
export type StoredPageType = (typeof pageTypes)[number];

/**
 * Store pages and blog posts (issue 16): every text per language, the content as Markdown (rendered
 * with raw HTML off when it is read), meta tags, and a primary image in the files module. The id is
 * the slug id of the address (`/blog/{id}/{slug name}`); the slug name is per language.
 */
export const pages = pgTable(
  'pages',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: pageTypes }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    slugName: jsonb('slug_name').$type<LocalizedText>().notNull(),
    preview: jsonb('preview').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    keywords: jsonb('keywords').$type<LocalizedText>().notNull(),
    /** A file of the files module (no foreign key: that module owns its tables). */
    primaryImageFileId: text('primary_image_file_id'),
    published: boolean('published').notNull().default(true),
    /** A digest of the shipped source it was seeded from: the seed rewrites it only when that changes. */
    seedHash: text('seed_hash'),
    /** When a post was mailed to the news subscribers (null: not yet; the newsletter job does it). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pages_type_created_idx').on(t.type, t.createdAt)],
);

/**
 * Addresses a page had before: an old slug id or an old slug name in a language. A post opened by
 * one is redirected (301) to its address now, so links and search results keep working.
 */
export const pageSlugs = pgTable(
  'page_slugs',
  {
    language: text('language').notNull(),
    /** `<old slug id>` or `<slug id>/<old slug name>`. */
    slug: text('slug').notNull(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.slug] })],
);
