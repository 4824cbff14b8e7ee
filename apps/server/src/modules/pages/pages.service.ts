import {
  blogPageSize,
  type FetchPageListRequest,
  type FileRef,
  type Language,
  languages,
  listLimits,
  type Page,
  type PageList,
  type PageSummary,
} from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import { type Placeholders, renderPageContent } from './pages.content.ts';
import type { PageRow, PagesRepo } from './pages.repo.ts';

const typeIdOf = (row: Pick<PageRow, 'type'>) => `store_pages_types.${row.type}` as const;

/** Where a page lives in a language: a post under /blog, a store page at its route. */
export interface PageAddress {
  page: PageRow;
  /** The canonical path in that language, e.g. /en/blog/api-quick-start/background-removal-api-in-ten-minutes. */
  path: string;
}

/**
 * Pages (issue 16): the blog's posts and the store's information pages, listed, read by id or by
 * an old address, and seeded from the files the product ships with.
 */
export function createPagesService(deps: {
  repo: PagesRepo;
  transactor: Pick<Transactor, 'run'>;
  /** The seller's details and the site's address in a language: what the texts' placeholders name. */
  placeholders: (language: Language) => Promise<Placeholders>;
  now: () => Date;
}) {
  const { repo } = deps;

  function summary(row: PageRow, language: Language, images: Map<string, FileRef>): PageSummary {
    const title = localized(row.title, language);
    return {
      id: row.id,
      slugifyId: row.id,
      slugifyName: localized(row.slugName, language),
      typeId: typeIdOf(row),
      name: title,
      title,
      preview: localized(row.preview, language),
      createdAt: row.createdAt.toISOString(),
      primaryImage: row.primaryImageFileId ? (images.get(row.primaryImageFileId) ?? null) : null,
    };
  }

  const imageRefs = (rows: PageRow[]) =>
    new Map(
      rows.flatMap((row) =>
        row.primaryImageFileId
          ? [[row.primaryImageFileId, { id: row.primaryImageFileId, updatedAt: row.updatedAt.toISOString() }]]
          : [],
      ),
    );

  async function present(row: PageRow, language: Language): Promise<Page> {
    const placeholders = await deps.placeholders(language);
    const description = localized(row.description, language);
    const keywords = localized(row.keywords, language);
    return {
      ...summary(row, language, imageRefs([row])),
      content: renderPageContent(localized(row.content, language), placeholders),
      htmlMetaTagItems: [
        { typeId: 'html_meta_tag_types.title', content: localized(row.title, language) },
        ...(description
          ? [{ typeId: 'html_meta_tag_types.description' as const, content: description }]
          : []),
        ...(keywords ? [{ typeId: 'html_meta_tag_types.keywords' as const, content: keywords }] : []),
      ],
      updatedAt: row.updatedAt.toISOString(),
      slugifyNames: Object.fromEntries(languages.map((code) => [code, localized(row.slugName, code)])),
    };
  }

  /** The page by its id, or by an old id it had (in the language asked). */
  async function findPublished(id: string, language: Language): Promise<PageRow | null> {
    const row = (await repo.find(id)) ?? (await oldSlugTarget(language, id));
    return row?.published ? row : null;
  }

  async function oldSlugTarget(language: Language, slug: string): Promise<PageRow | null> {
    const pageId = await repo.byOldSlug(language, slug);
    return pageId ? repo.find(pageId) : null;
  }

  return {
    /** SPEC §7.6 fetchPageList: 8 a page unless asked otherwise, newest first by default. */
    async list(request: FetchPageListRequest, language: Language): Promise<PageList> {
      const filter = request.filter ?? {};
      const typeId = filter.where?.typeId;
      const query = {
        type: typeId ? (typeId.replace('store_pages_types.', '') as PageRow['type']) : undefined,
        search: request.search,
        language,
        order: filter.order ?? 'createdAt desc',
        skip: filter.skip ?? 0,
        limit: Math.min(filter.limit ?? blogPageSize, listLimits.maxPageSize),
      };
      const [rows, totalCount] = await Promise.all([repo.list(query), repo.count(query)]);
      const images = imageRefs(rows);
      const output = rows.map((row) => summary(row, language, images));
      return { output, outputInfo: { count: output.length }, totalCount };
    },

    /** SPEC §7.6 fetchPage: by id (or an old id), with its content rendered safe. NOT_FOUND otherwise. */
    async get(id: string, language: Language): Promise<Page> {
      const row = await findPublished(id, language);
      if (!row) throw new DomainError('NOT_FOUND');
      return present(row, language);
    },

    /**
     * A blog address: the post and its canonical path in the language, whether the address is the
     * canonical one, an old slug name, or an old id; null when no post answers to it.
     */
    async resolvePost(language: Language, slugId: string, slugName?: string): Promise<PageAddress | null> {
      const byName = slugName ? await oldSlugTarget(language, `${slugId}/${slugName}`) : null;
      const row = byName ?? (await findPublished(slugId, language));
      if (!row?.published || row.type !== 'blog_post') return null;
      return { page: row, path: `/${language}/blog/${row.id}/${localized(row.slugName, language)}` };
    },

    /** A page as the head of its HTML and the sitemap need it (no rendering of the content). */
    find: (id: string) => repo.find(id),

    published: (type?: PageRow['type']) => repo.published(type),

    /** Posts the newsletter has not mailed yet, and marking one mailed. */
    unannounced: () => repo.unannounced(deps.now()),
    markAnnounced: (id: string) => repo.markAnnounced(id, deps.now()),

    present,
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
