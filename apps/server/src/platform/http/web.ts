import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { HtmlMetaTagItem, Language } from '@cutout/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the HTML of a path says before any JavaScript runs. */
export interface PageHead {
  language: Language;
  metaTags: HtmlMetaTagItem[];
  /** An absolute URL of the page's picture, for link previews (og:image). */
  imageUrl?: string;
  /** The page's one address (absolute): canonical and og:url. */
  canonicalUrl?: string;
  /** The same page in each language (absolute), for hreflang; the first is also x-default. */
  alternates?: Array<{ language: Language; url: string }>;
  /** og:type: website unless the page is an article (a blog post). */
  kind?: 'website' | 'article';
  /** The site's name (og:site_name). */
  siteName?: string;
  /** The blog's RSS feed (absolute), announced on the blog's pages. */
  feedUrl?: string;
  /** 404 where the address is no page of the app, or the record it shows is not there; else 200. */
  status?: 200 | 404;
}

export interface WebAppOptions {
  distDir: string;
  analyticsCounterId: string | undefined;
  headFor: (request: FastifyRequest) => Promise<PageHead>;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Renders the head tags of a page: title, description and keywords (and their Open Graph twins),
 * its picture, its canonical address, its alternates per language and the blog's feed.
 */
export function renderHead(head: Omit<PageHead, 'language'> & { language?: Language }): string {
  const { metaTags, imageUrl } = head;
  const content = (typeId: HtmlMetaTagItem['typeId']) =>
    metaTags.find((tag) => tag.typeId === typeId)?.content;
  const title = content('html_meta_tag_types.title');
  const description = content('html_meta_tag_types.description');
  const keywords = content('html_meta_tag_types.keywords');
  const tags: string[] = [];
  if (title)
    tags.push(
      `<title>${escapeHtml(title)}</title>`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
    );
  if (description) {
    tags.push(
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
    );
  }
  if (keywords) tags.push(`<meta name="keywords" content="${escapeHtml(keywords)}">`);
  if (imageUrl) tags.push(`<meta property="og:image" content="${escapeHtml(imageUrl)}">`);
  if (title || head.canonicalUrl) tags.push(`<meta property="og:type" content="${head.kind ?? 'website'}">`);
  if (head.siteName) tags.push(`<meta property="og:site_name" content="${escapeHtml(head.siteName)}">`);
  if (head.language) {
    tags.push(`<meta property="og:locale" content="${head.language === 'ru' ? 'ru_RU' : 'en_US'}">`);
  }
  if (head.canonicalUrl) {
    const url = escapeHtml(head.canonicalUrl);
    tags.push(`<link rel="canonical" href="${url}">`, `<meta property="og:url" content="${url}">`);
  }
  for (const alternate of head.alternates ?? []) {
    tags.push(`<link rel="alternate" hreflang="${alternate.language}" href="${escapeHtml(alternate.url)}">`);
  }
  const fallback = head.alternates?.find((alternate) => alternate.language === 'en') ?? head.alternates?.[0];
  if (fallback) tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(fallback.url)}">`);
  if (head.feedUrl) {
    tags.push(`<link rel="alternate" type="application/rss+xml" href="${escapeHtml(head.feedUrl)}">`);
  }
  return tags.join('\n    ');
}

/**
 * Renders the runtime configuration as a JSON data block that the app reads by its id: data, not a
 * script to run, so that a Content-Security-Policy without inline scripts allows it. Every `<` is
 * escaped, so that nothing in it can close the block (`</script>`) or open a comment (`<!--`).
 */
function renderConfigBlock(config: Record<string, unknown>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="app-config">${json}</script>`;
}

/** Fills the markers of the built index.html with the head of a page and the runtime configuration. */
export function renderIndexHtml(template: string, head: PageHead, config: Record<string, unknown>): string {
  // Replacer functions: a string would read `$&` or `$\`` in a store's meta tag as a pattern.
  return template
    .replace(/<html([^>]*?)\slang="[^"]*"/, (_, attributes) => `<html${attributes} lang="${head.language}"`)
    .replace('<!--app-head-->', () => renderHead(head))
    .replace('<!--app-config-->', () => renderConfigBlock(config));
}

/**
 * Whether a path that static serving is asked for is the template itself, however it is spelled
 * (`//index.html`, `/./index.html`, `/assets/../index.html`): it is resolved the way the file is
 * looked up, and compared without case for case-insensitive file systems.
 */
function isTemplatePath(pathName: string, root: string): boolean {
  const resolved = path.resolve(root, `.${path.sep}${pathName}`);
  return resolved.toLowerCase() === path.resolve(root, 'index.html').toLowerCase();
}

/**
 * Serves the built web app: static assets as files, every other GET as index.html (history
 * fallback) with the page's meta tags in it, so that a crawler without JavaScript sees them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: WebAppOptions,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build` to serve it');
    return async (request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The web app is not built. Run "npm run build" and restart. (${request.url})`);
  }
  // Read again when a new build replaces it, so that a running server never serves stale asset names.
  let template = readFileSync(indexPath, 'utf8');
  let templateTime = statSync(indexPath).mtimeMs;
  const currentTemplate = () => {
    const time = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs;
    if (time !== undefined && time !== templateTime) {
      template = readFileSync(indexPath, 'utf8');
      templateTime = time;
    }
    return template;
  };
  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    // A missing file falls through to the not-found handler, which answers index.html; so does
    // the template itself, which is only ever served rendered.
    allowedPath: (pathName, root) => !isTemplatePath(pathName, root),
    setHeaders: (res, filePath) => {
      // Vite puts a content hash in every asset name, so they never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const head = await options.headFor(request);
    const html = renderIndexHtml(currentTemplate(), head, {
      analyticsCounterId: options.analyticsCounterId ?? null,
    });
    return reply
      .code(head.status ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/', serveIndex);
  return serveIndex;
}
