import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { languages } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeApi, type TestApp, testDatabases } from '../../test/harness.ts';
import { type PageSource, readPageSource, readPageSources, renderPageContent } from './pages.content.ts';
import { seedPages } from './pages.seed.ts';

describe('page content', () => {
  it('renders Markdown with raw HTML off: a script, an event handler or a javascript: link stays inert', () => {
    const html = renderPageContent(
      [
        '## Hello',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
        '[site](/en/pricing) and [out](https://example.com/a)',
      ].join('\n\n'),
      {},
    );
    expect(html).toContain('<h2 id="section-1">Hello</h2>');
    // Tags come out as text; links to scripts or data are not made.
    expect(html).not.toMatch(/<script|<img|href="javascript:|href="data:/i);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="/en/pricing">site</a>');
    expect(html).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });

  it('fills the seller placeholders as text: a name with markup or Markdown in it injects nothing', () => {
    const html = renderPageContent('Seller: **{{seller.legalName}}**, {{seller.email}}; {{unknown.thing}}', {
      'seller.legalName': '<b>Evil</b> [x](javascript:alert(1)) *Co*',
      'seller.email': 'support@cutout.example',
    });
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('<em>Co</em>');
    expect(html).toContain('support@cutout.example');
    // An unknown placeholder is left as written, for the author to see.
    expect(html).toContain('{{unknown.thing}}');
  });

  it('ships at least 8 blog posts and the store pages, each complete in every language', () => {
    const sources = readPageSources();
    const posts = sources.filter((source) => source.type === 'blog_post');
    expect(posts.length).toBeGreaterThanOrEqual(8);
    const storePages = sources.filter((source) => source.type === 'store_page').map((source) => source.id);
    expect(storePages).toEqual(
      expect.arrayContaining(['terms', 'payment', 'privacy-policy', 'cookies', 'integration-1c']),
    );
    // What Markdown makes, and nothing else: raw HTML in a text would come out as text anyway.
    const allowed = new Set([
      'h2',
      'h3',
      'h4',
      'p',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'a',
      'code',
      'pre',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'blockquote',
      'hr',
      'br',
      's',
    ]);
    for (const source of sources) {
      for (const language of languages) {
        const where = `${source.id} ${language}`;
        expect(source.content[language]?.length, where).toBeGreaterThan(1_500);
        expect(source.content[language], where).not.toMatch(/lorem ipsum|\{\{(?!seller\.|site\.url)/i);
        expect(source.content[language], where).not.toMatch(/\bTODO\b|\bTBD\b/);
        const html = renderPageContent(source.content[language] ?? '', {});
        const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1]));
        expect(
          [...tags].filter((tag) => !allowed.has(tag as string)),
          where,
        ).toEqual([]);
        expect(source.description[language]?.length, `${source.id} ${language}`).toBeLessThanOrEqual(200);
      }
    }
    for (const post of posts) expect(post.coverSvg, post.id).toMatch(/^<svg[\s>]/);
    expect(new Set(sources.map((source) => source.id)).size).toBe(sources.length);
  });

  it('dates every store page by its edition, once: the page shows it, the text does not repeat it', () => {
    const storePages = readPageSources().filter((source) => source.type === 'store_page');
    for (const page of storePages) {
      expect(page.updatedAt?.toISOString(), page.id).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
      for (const language of languages) {
        expect(page.content[language], `${page.id} ${language}`).not.toMatch(
          /^(Last updated|Updated|Effective|Редакция от|Дата редакции|Обновлено)\b.*\d{4}/im,
        );
      }
    }
    expect(storePages.find((page) => page.id === 'terms')?.updatedAt).toEqual(
      new Date('2026-11-25T00:00:00Z'),
    );
  });

  describe('the edition date in the front matter', () => {
    let root: string;
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'pages-'));
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    /** A page's folder with its two files, each with the given updatedAt line (or none). */
    function folder(name: string, updatedAt: Record<string, string | null>): string {
      const dir = path.join(root, name);
      mkdirSync(dir, { recursive: true });
      for (const language of languages) {
        const line = updatedAt[language];
        const front = [
          'title: "Title"',
          `slug: "page-${language}"`,
          'description: "Description"',
          'keywords: "a, b"',
          'preview: "Preview"',
          'createdAt: "2026-01-10T09:00:00Z"',
          ...(line === null ? [] : [`updatedAt: ${line}`]),
        ];
        writeFileSync(path.join(dir, `${language}.md`), `---\n${front.join('\n')}\n---\n\n## Text\n`);
      }
      return dir;
    }
    const both = (line: string | null) => Object.fromEntries(languages.map((language) => [language, line]));

    it('reads a quoted day as that day at midnight UTC', () => {
      const page = readPageSource(folder('dated', both('"2026-03-01"')), 'store_page');
      expect(page.updatedAt).toEqual(new Date('2026-03-01T00:00:00Z'));
      expect(page.createdAt).toEqual(new Date('2026-01-10T09:00:00Z'));
    });

    it('is required of a store page, optional for a post', () => {
      expect(() => readPageSource(folder('undated', both(null)), 'store_page')).toThrow(
        /en\.md: the front matter has no updatedAt day/,
      );
      expect(readPageSource(folder('undated-post', both(null)), 'blog_post').updatedAt).toBeUndefined();
    });

    it('refuses a date that is not a quoted day, or differs between the languages', () => {
      for (const [name, line] of [
        ['unquoted', '2026-03-01'],
        ['with-time', '"2026-03-01T10:00:00Z"'],
        ['words', '"1 March 2026"'],
        ['no-such-day', '"2026-02-30"'],
      ] as const) {
        expect(() => readPageSource(folder(name, both(line)), 'store_page'), name).toThrow(/updatedAt/);
      }
      expect(() =>
        readPageSource(folder('differs', { en: '"2026-03-01"', ru: '"2026-03-02"' }), 'store_page'),
      ).toThrow(/ru\.md: updatedAt is not the same as in en\.md/);
    });
  });
});

describe.each(testDatabases)('pages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const call = (...args: Parameters<ReturnType<typeof storeApi>>) => storeApi(t)(...args);

  /** Posts of their own, found by a word no shipped post has. */
  const word = 'zebracorn';
  const post = (n: number, title: string): PageSource => ({
    id: `test-post-${n}`,
    type: 'blog_post',
    title: { en: `${title} ${word}`, ru: `${title} ${word} ру` },
    slugName: { en: `test-post-${n}-en`, ru: `test-post-${n}-ru` },
    preview: { en: `Preview ${n}`, ru: `Превью ${n}` },
    description: { en: `Description ${n}`, ru: `Описание ${n}` },
    keywords: { en: 'a, b', ru: 'а, б' },
    content: { en: `## Part ${n}\n\nText by {{seller.legalName}}`, ru: `## Часть ${n}\n\nТекст.` },
    createdAt: new Date(`2026-0${n}-01T09:00:00Z`),
    coverSvg: null,
  });
  const ours = [post(1, 'Cherry'), post(2, 'apple'), post(3, 'Banana')];
  const list = (body: object, language = 'en') =>
    call(null, '/pages/fetchPageList', body, { 'x-locale-id': language });

  beforeAll(async () => {
    expect(await seedPages(t.database.db, { sources: ours })).toBe(3);
  });

  it('lists blog posts newest first, 8 a page, with the SPEC answer shape', async () => {
    const answer = await list({ filter: { where: { typeId: 'store_pages_types.blog_post' } } });
    expect(answer.statusCode, answer.body).toBe(200);
    const { output, outputInfo, totalCount } = answer.json();
    expect(totalCount).toBeGreaterThanOrEqual(11);
    expect(output).toHaveLength(8);
    expect(outputInfo.count).toBe(8);
    const dates = output.map((page: { createdAt: string }) => page.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(output[0]).toEqual({
      id: expect.any(String),
      slugifyId: expect.any(String),
      slugifyName: expect.stringMatching(/^[a-z0-9-]+$/),
      typeId: 'store_pages_types.blog_post',
      name: expect.any(String),
      title: expect.any(String),
      preview: expect.any(String),
      createdAt: expect.any(String),
      primaryImage: null,
    });
    // Store pages are not posts.
    expect(output.map((page: { id: string }) => page.id)).not.toContain('terms');
  });

  it('sorts by name either way and by date, finds by words, and pages with skip', async () => {
    const ids = async (order?: string, extra: object = {}) =>
      (await list({ search: word, filter: { order, ...extra } }))
        .json()
        .output.map((page: { id: string }) => page.id);
    expect(await ids()).toEqual(['test-post-3', 'test-post-2', 'test-post-1']);
    expect(await ids('createdAt asc')).toEqual(['test-post-1', 'test-post-2', 'test-post-3']);
    // By title in the request's language, whatever its case.
    expect(await ids('name asc')).toEqual(['test-post-2', 'test-post-3', 'test-post-1']);
    expect(await ids('name desc')).toEqual(['test-post-1', 'test-post-3', 'test-post-2']);
    expect(await ids(undefined, { skip: 1, limit: 1 })).toEqual(['test-post-2']);
    const russian = (await list({ search: 'ру banana' }, 'ru')).json();
    expect(russian.output.map((page: { id: string }) => page.id)).toEqual(['test-post-3']);
    expect(russian.output[0]).toMatchObject({ title: `Banana ${word} ру`, slugifyName: 'test-post-3-ru' });
    // A search that is only LIKE's wildcards matches them as text.
    expect((await list({ search: '%_%' })).json().totalCount).toBe(0);
  });

  it('refuses a bad filter', async () => {
    for (const body of [
      { filter: { order: 'createdAt sideways' } },
      { filter: { where: { typeId: 'store_pages_types.recipe' } } },
      { filter: { limit: 0 } },
      { filter: { unknown: true } },
    ]) {
      const answer = await list(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers a page with its content rendered, its meta tags, its slug names and the seller filled in', async () => {
    const answer = await call(null, '/pages/test-post-2/fetchPage', {}, { 'x-locale-id': 'en' });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json();
    expect(page.content).toBe('<h2 id="section-1">Part 2</h2>\n<p>Text by Cutout Ltd.</p>\n');
    expect(page.htmlMetaTagItems).toEqual([
      { typeId: 'html_meta_tag_types.title', content: `apple ${word}` },
      { typeId: 'html_meta_tag_types.description', content: 'Description 2' },
      { typeId: 'html_meta_tag_types.keywords', content: 'a, b' },
    ]);
    expect(page.slugifyNames).toEqual({ en: 'test-post-2-en', ru: 'test-post-2-ru' });
    const terms = (await call(null, '/pages/terms/fetchPage', {}, { 'x-locale-id': 'ru' })).json();
    expect(terms.typeId).toBe('store_pages_types.store_page');
    expect(terms.content).toContain('ООО «Катаут»');
    expect(terms.content).not.toContain('{{');
    expect((await call(null, '/pages/no-such-page/fetchPage')).statusCode).toBe(404);
  });

  it('dates a shipped legal page by its edition, in every language, not by when it was seeded', async () => {
    for (const language of languages) {
      const terms = (await call(null, '/pages/terms/fetchPage', {}, { 'x-locale-id': language })).json();
      expect(terms.updatedAt, language).toBe('2026-11-25T00:00:00.000Z');
      // The text has no date line of its own beside the page's.
      expect(terms.content, language).not.toMatch(/Last updated|Редакция от/);
    }
  });

  it('moves a store page’s date to its new edition, and a post’s to when the seed writes it', async () => {
    // Titles without the word the list tests search for.
    const page: PageSource = {
      ...post(4, 'Rules'),
      id: 'test-store-page',
      type: 'store_page',
      title: { en: 'Rules', ru: 'Правила' },
      updatedAt: new Date('2026-04-01T00:00:00Z'),
    };
    const note: PageSource = { ...post(5, 'Note'), title: { en: 'Note', ru: 'Заметка' } };
    const dateOf = async (id: string) =>
      (await call(null, `/pages/${id}/fetchPage`, {}, { 'x-locale-id': 'ru' })).json().updatedAt;
    const seededAt = new Date('2026-12-01T10:00:00Z');
    const later = new Date('2026-12-05T10:00:00Z');
    expect(await seedPages(t.database.db, { sources: [page, note], now: () => seededAt })).toBe(2);
    expect(await dateOf('test-store-page')).toBe('2026-04-01T00:00:00.000Z');
    expect(await dateOf('test-post-5')).toBe(seededAt.toISOString());
    const edition: PageSource = {
      ...page,
      content: { en: '## Part 4\n\nNew rules.', ru: '## Часть 4\n\nНовые правила.' },
      updatedAt: new Date('2026-05-15T00:00:00Z'),
    };
    const edited: PageSource = {
      ...note,
      content: { en: '## Part 5\n\nEdited.', ru: '## Часть 5\n\nПравка.' },
    };
    expect(await seedPages(t.database.db, { sources: [edition, edited], now: () => later })).toBe(2);
    expect(await dateOf('test-store-page')).toBe('2026-05-15T00:00:00.000Z');
    expect(await dateOf('test-post-5')).toBe(later.toISOString());
  });

  it('seeds again only what changed, and keeps a renamed slug as an old address', async () => {
    expect(await seedPages(t.database.db, { sources: ours })).toBe(0);
    const renamed = { ...ours[0]!, slugName: { en: 'cherry-renamed', ru: 'test-post-1-ru' } };
    expect(await seedPages(t.database.db, { sources: [renamed] })).toBe(1);
    const page = (await call(null, '/pages/test-post-1/fetchPage', {}, { 'x-locale-id': 'en' })).json();
    expect(page.slugifyName).toBe('cherry-renamed');
    const resolved = await t.app.inject({ method: 'GET', url: '/en/blog/test-post-1/test-post-1-en' });
    expect(resolved.statusCode).toBe(301);
    expect(resolved.headers.location).toBe('/en/blog/test-post-1/cherry-renamed');
  });
});
