import { and, asc, count, desc, eq, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { pageSlugs, pages, type StoredPageType } from './pages.schema.ts';

export type PageRow = typeof pages.$inferSelect;

export interface PageListQuery {
  type?: StoredPageType;
  search?: string;
  language: string;
  order: 'createdAt desc' | 'createdAt asc' | 'name asc' | 'name desc';
  skip: number;
  limit: number;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The pages and their old addresses, on the transaction in progress. */
export function createPagesRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  function where(query: PageListQuery): SQL | undefined {
    const conditions: SQL[] = [eq(pages.published, true)];
    if (query.type) conditions.push(eq(pages.type, query.type));
    const words = query.search?.trim().split(/\s+/).filter(Boolean) ?? [];
    for (const word of words.slice(0, 8)) {
      const pattern = `%${likeEscaped(word)}%`;
      const condition = or(
        ilike(sql`${pages.title}->>${query.language}`, pattern),
        ilike(sql`${pages.preview}->>${query.language}`, pattern),
      );
      if (condition) conditions.push(condition);
    }
    return and(...conditions);
  }

  return {
    async list(query: PageListQuery): Promise<PageRow[]> {
      const title = sql`lower(${pages.title}->>${query.language})`;
      const order = {
        'createdAt desc': [desc(pages.createdAt), asc(pages.id)],
        'createdAt asc': [asc(pages.createdAt), asc(pages.id)],
        'name asc': [asc(title), asc(pages.id)],
        'name desc': [desc(title), asc(pages.id)],
      }[query.order];
      return db()
        .select()
        .from(pages)
        .where(where(query))
        .orderBy(...order)
        .offset(query.skip)
        .limit(query.limit);
    },

    async count(query: PageListQuery): Promise<number> {
      const [row] = await db().select({ total: count() }).from(pages).where(where(query));
      return row?.total ?? 0;
    },

    async find(id: string): Promise<PageRow | null> {
      const [row] = await db().select().from(pages).where(eq(pages.id, id));
      return row ?? null;
    },

    /** Every published page, for the sitemap and the feed. */
    async published(type?: StoredPageType): Promise<PageRow[]> {
      return db()
        .select()
        .from(pages)
        .where(and(eq(pages.published, true), type ? eq(pages.type, type) : undefined))
        .orderBy(desc(pages.createdAt), asc(pages.id));
    },

    /** The page an old address (`<slug id>` or `<slug id>/<slug name>`) in a language belonged to. */
    async byOldSlug(language: string, slug: string): Promise<string | null> {
      const [row] = await db()
        .select({ pageId: pageSlugs.pageId })
        .from(pageSlugs)
        .where(and(eq(pageSlugs.language, language), eq(pageSlugs.slug, slug)));
      return row?.pageId ?? null;
    },

    /** Published posts not yet mailed to the subscribers, oldest first. */
    async unannounced(now: Date): Promise<PageRow[]> {
      return db()
        .select()
        .from(pages)
        .where(
          and(
            eq(pages.published, true),
            eq(pages.type, 'blog_post'),
            isNull(pages.announcedAt),
            lte(pages.createdAt, now),
          ),
        )
        .orderBy(asc(pages.createdAt));
    },

    async markAnnounced(id: string, at: Date): Promise<void> {
      await db().update(pages).set({ announcedAt: at }).where(eq(pages.id, id));
    },

    async upsert(row: typeof pages.$inferInsert): Promise<void> {
      const { id, createdAt, ...changes } = row;
      await db().insert(pages).values(row).onConflictDoUpdate({ target: pages.id, set: changes });
    },

    async rememberSlug(row: typeof pageSlugs.$inferInsert): Promise<void> {
      await db()
        .insert(pageSlugs)
        .values(row)
        .onConflictDoUpdate({
          target: [pageSlugs.language, pageSlugs.slug],
          set: { pageId: row.pageId },
        });
    },
  };
}

export type PagesRepo = ReturnType<typeof createPagesRepo>;
