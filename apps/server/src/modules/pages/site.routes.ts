import { blogPostPath, type Language, languages, listLimits, storePageRoute } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PageRow } from './pages.repo.ts';
import type { PagesService } from './pages.service.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** A page of the sitemap: its address in each language, and when it last changed. */
export interface SitemapEntry {
  paths: Partial<Record<Language, string>>;
  lastModified?: Date;
}

/** The screens every visitor may open, the same path in each language. */
const publicScreens = [
  '',
  'remove-background',
  'pricing',
  'blog',
  'products/catalog',
  'integration/api',
  'integration/order',
  'contacts',
];

/** Renders a sitemap with every language's address of each page and its hreflang alternates. */
export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const url = (path: string) => escapeXml(`${siteUrl}${encodeURI(path)}`);
  const blocks = entries.flatMap((entry) => {
    const alternates = Object.entries(entry.paths).map(
      ([language, path]) =>
        `    <xhtml:link rel="alternate" hreflang="${language}" href="${url(path as string)}"/>`,
    );
    return Object.values(entry.paths).map((path) =>
      [
        '  <url>',
        `    <loc>${url(path as string)}</loc>`,
        ...(entry.lastModified ? [`    <lastmod>${entry.lastModified.toISOString()}</lastmod>`] : []),
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...blocks,
    '</urlset>',
    '',
  ].join('\n');
}

/** The blog's RSS 2.0 feed in a language: the newest posts with their previews. */
export function renderFeed(input: {
  siteUrl: string;
  language: Language;
  storeName: string;
  posts: PageRow[];
}): string {
  const { siteUrl, language } = input;
  const title = language === 'ru' ? `Блог ${input.storeName}` : `${input.storeName} blog`;
  const description =
    language === 'ru'
      ? 'Статьи о съёмке товаров, фото для маркетплейсов и автоматическом удалении фона.'
      : 'Articles on product photography, pictures for marketplaces and automatic background removal.';
  const items = input.posts.map((post) => {
    const link = `${siteUrl}${blogPostPath(language, { slugifyId: post.id, slugifyName: localized(post.slugName, language) })}`;
    return [
      '    <item>',
      `      <title>${escapeXml(localized(post.title, language))}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`${post.id}-${language}`)}</guid>`,
      `      <pubDate>${post.createdAt.toUTCString()}</pubDate>`,
      `      <description>${escapeXml(localized(post.preview, language))}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/${language}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${siteUrl}/${language}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(description)}</description>`,
    `    <language>${language}</language>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Every public page: the screens, the posts and store pages (with lastmod), the products. */
async function sitemapEntries(options: {
  pages: Pick<PagesService, 'published'>;
  catalog: Pick<CatalogService, 'list'>;
}): Promise<SitemapEntry[]> {
  const every = (path: string) =>
    Object.fromEntries(languages.map((language) => [language, `/${language}${path ? `/${path}` : ''}`]));
  const entries: SitemapEntry[] = publicScreens.map((path) => ({ paths: every(path) }));
  for (const page of await options.pages.published()) {
    if (page.type === 'blog_post') {
      entries.push({
        paths: Object.fromEntries(
          languages.map((language) => [
            language,
            blogPostPath(language, { slugifyId: page.id, slugifyName: localized(page.slugName, language) }),
          ]),
        ),
        lastModified: page.updatedAt,
      });
    } else {
      const routes = storePageRoute[page.id];
      if (!routes) continue;
      entries.push({
        paths: Object.fromEntries(
          languages.map((language) => [language, `/${language}/${routes[language]}`]),
        ),
        lastModified: page.updatedAt,
      });
    }
  }
  const viewer = { language: 'en' as const, currency: { id: 'RUB', characterCode: 'RUB' }, userId: null };
  for (let skip = 0; ; skip += listLimits.maxPageSize) {
    const { output } = await options.catalog.list(
      { filter: { skip, limit: listLimits.maxPageSize } },
      viewer,
    );
    for (const offer of output)
      entries.push({ paths: every(`products/${offer.id}/${offer.product.slugifyId}`) });
    if (output.length < listLimits.maxPageSize) break;
  }
  return entries;
}

/**
 * What search engines read (issue 16): `/sitemap.xml` (every public page in both languages, with
 * hreflang alternates; posts with their lastmod), `/robots.txt` (the account, the cart and the API
 * are not for indexing), and the blog's RSS feed per language (`/{lang}/blog/rss.xml`).
 */
export async function siteRoutes(
  app: FastifyInstance,
  options: {
    pages: Pick<PagesService, 'published'>;
    catalog: Pick<CatalogService, 'list'>;
    siteUrl: string;
    storeName: () => Promise<string>;
  },
): Promise<void> {
  const { pages, siteUrl } = options;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /v1.0/',
          ...languages.flatMap((language) => [
            `Disallow: /${language}/user/`,
            `Disallow: /${language}/shopping-cart`,
          ]),
          'Disallow: /demo-acquirer/',
          '',
          `Sitemap: ${siteUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderSitemap(siteUrl, await sitemapEntries(options))),
  );

  app.get<{ Params: { language: string } }>('/:language/blog/rss.xml', async (request, reply) => {
    const language = languages.find((code) => code === request.params.language);
    if (!language) throw new DomainError('NOT_FOUND');
    const posts = (await pages.published('blog_post')).slice(0, 30);
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(renderFeed({ siteUrl, language, storeName: await options.storeName(), posts }));
  });
}
