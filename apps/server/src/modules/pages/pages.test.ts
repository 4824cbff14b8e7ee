import { languages } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeApi, type TestApp, testDatabases } from '../../test/harness.ts';
import { type PageSource, readPageSources, renderPageContent } from './pages.content.ts';
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
