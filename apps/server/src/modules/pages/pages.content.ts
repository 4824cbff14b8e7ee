import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalizedText, languages } from '@cutout/contracts';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import type { StoredPageType } from './pages.schema.ts';

/**
 * The pages the product ships with, as files beside this one: `content/blog/<id>/` and
 * `content/store/<id>/`, each with `en.md` and `ru.md` (YAML front matter, then Markdown) and, for
 * a post, `cover.svg`. The seed writes them into the database; the operator may change them there.
 */
export interface PageSource {
  id: string;
  type: StoredPageType;
  title: LocalizedText;
  slugName: LocalizedText;
  preview: LocalizedText;
  description: LocalizedText;
  keywords: LocalizedText;
  content: LocalizedText;
  createdAt: Date;
  /**
   * The edition date the text states (front matter `updatedAt`, a calendar day, the same in every
   * language): what the page shows as last updated. A store page must state it (a legal text is
   * dated by its edition); a new edition changes the text and this date together. Without it (a
   * post) the page's date is when the seed writes it.
   */
  updatedAt?: Date;
  /** The cover illustration as SVG text, when the page has one. */
  coverSvg: string | null;
}

export const contentDir = fileURLToPath(new URL('./content', import.meta.url));

const frontMatterFields = ['title', 'slug', 'description', 'keywords', 'preview', 'createdAt'] as const;

/** A calendar day, as a page's edition date is written: `2026-11-25`. */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A slug name: lower-case latin letters, digits and single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads one page's folder; a file that breaks the format throws, naming the file and the field. */
export function readPageSource(folder: string, type: StoredPageType): PageSource {
  const id = path.basename(folder);
  const page: Omit<PageSource, 'createdAt' | 'coverSvg'> & { createdAt?: Date } = {
    id,
    type,
    title: {},
    slugName: {},
    preview: {},
    description: {},
    keywords: {},
    content: {},
  };
  for (const language of languages) {
    const file = path.join(folder, `${language}.md`);
    const { data, content } = matter(readFileSync(file, 'utf8'));
    for (const field of frontMatterFields) {
      if (typeof data[field] !== 'string' || !data[field].trim()) {
        throw new Error(`${file}: the front matter has no ${field}`);
      }
    }
    if (!slugPattern.test(data.slug)) throw new Error(`${file}: the slug "${data.slug}" is not a slug`);
    const createdAt = new Date(data.createdAt);
    if (Number.isNaN(createdAt.getTime())) throw new Error(`${file}: createdAt is not a date`);
    page.createdAt ??= createdAt;
    const updatedAt = editionDate(file, data.updatedAt, type);
    if (language !== languages[0] && updatedAt?.getTime() !== page.updatedAt?.getTime()) {
      throw new Error(`${file}: updatedAt is not the same as in ${languages[0]}.md`);
    }
    if (updatedAt) page.updatedAt = updatedAt;
    page.title[language] = data.title.trim();
    page.slugName[language] = data.slug;
    page.preview[language] = data.preview.trim();
    page.description[language] = data.description.trim();
    page.keywords[language] = data.keywords.trim();
    page.content[language] = content.trim();
  }
  const cover = path.join(folder, 'cover.svg');
  return {
    ...page,
    createdAt: page.createdAt ?? new Date(0),
    coverSvg: existsSync(cover) ? readFileSync(cover, 'utf8') : null,
  };
}

/** A page's edition date from its front matter: a day (midnight UTC); a store page must have one. */
function editionDate(file: string, value: unknown, type: StoredPageType): Date | undefined {
  if (value === undefined && type !== 'store_page') return undefined;
  // Unquoted, YAML would make it a Date of its own: the day is written quoted, like createdAt.
  if (typeof value !== 'string' || !dayPattern.test(value)) {
    throw new Error(`${file}: the front matter has no updatedAt day ("2026-11-25", quoted)`);
  }
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new Error(`${file}: updatedAt "${value}" is not a day`);
  }
  return day;
}

/** Every page the product ships with, blog posts and store pages. */
export function readPageSources(root = contentDir): PageSource[] {
  const kinds: Array<[string, StoredPageType]> = [
    ['blog', 'blog_post'],
    ['store', 'store_page'],
  ];
  return kinds.flatMap(([folder, type]) => {
    const dir = path.join(root, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => readPageSource(path.join(dir, entry.name), type));
  });
}

/**
 * Markdown to HTML with raw HTML off: a `<script>` (or any tag) in the text comes out as text, and
 * markdown-it refuses `javascript:`, `vbscript:`, `file:` and non-image `data:` links. External
 * links open in a new tab without handing over the opener.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// Code blocks and tables scroll sideways on a narrow screen: a keyboard must reach them (WCAG 2.1.1).
const defaultFence = markdown.renderer.rules.fence;
markdown.renderer.rules.fence = (tokens, idx, options, env, self) =>
  (defaultFence?.(tokens, idx, options, env, self) ?? '').replace(/^<pre>/, '<pre tabindex="0">');
markdown.renderer.rules.table_open = () => '<table tabindex="0">\n';
// Sections are numbered so that a page can list them and link to each (a store page's contents).
markdown.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const counter = env as { sections?: number } | undefined;
  if (token?.tag === 'h2' && counter) {
    counter.sections = (counter.sections ?? 0) + 1;
    token.attrSet('id', `section-${counter.sections}`);
  }
  return self.renderToken(tokens, idx, options);
};

/** What `{{seller.*}}`, `{{site.url}}` stand for in a page's text. */
export type Placeholders = Record<string, string>;

/**
 * Renders a page's Markdown: the placeholders are filled first (their values are Markdown-escaped,
 * so a store's name cannot inject markup), then the text becomes HTML with raw HTML off.
 */
export function renderPageContent(text: string, placeholders: Placeholders): string {
  const filled = text.replace(/\{\{\s*([a-zA-Z.]+)\s*\}\}/g, (whole, name: string) => {
    const value = placeholders[name];
    return value === undefined ? whole : value.replace(/([\\`*_[\]()#+!|<>{}-])/g, '\\$1');
  });
  return markdown.render(filled, {});
}
