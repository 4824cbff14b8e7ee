import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readPageSources } from './pages.content.ts';

const site = 'https://cutout.example';

/** The head tags of an HTML answer, one per line as rendered. */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('search-engine visibility', () => {
  let t: TestApp;
  const posts = readPageSources().filter((source) => source.type === 'blog_post');
  const litre = posts.find((post) => post.id === 'what-is-a-litre');
  if (!litre) throw new Error('the what-is-a-litre post is gone');

  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: site });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('gives a post its title, description, article type, canonical address and its address in each language', async () => {
    const page = await get(`/ru/blog/what-is-a-litre/${litre.slugName.ru}`);
    expect(page.statusCode).toBe(200);
    const head = headOf(page.body);
    expect(head).toContain(`<title>${litre.title.ru} — Cutout</title>`);
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain(
      `<link rel="canonical" href="${site}/ru/blog/what-is-a-litre/${litre.slugName.ru}">`,
    );
    expect(head).toContain(
      `<link rel="alternate" hreflang="en" href="${site}/en/blog/what-is-a-litre/${litre.slugName.en}">`,
    );
    expect(head).toContain(
      `<link rel="alternate" hreflang="x-default" href="${site}/en/blog/what-is-a-litre/${litre.slugName.en}">`,
    );
    expect(head).toContain(
      `<link rel="alternate" type="application/rss+xml" href="${site}/ru/blog/rss.xml">`,
    );
    expect(page.body).toMatch(/<html[^>]* lang="ru"/);
  });

  it('redirects an address without the slug name, with a wrong one, or under news-posts to the post (301)', async () => {
    for (const url of [
      '/en/blog/what-is-a-litre',
      '/en/blog/what-is-a-litre/an-old-name',
      `/en/news-posts/what-is-a-litre/${litre.slugName.en}`,
      `/en/blog/what-is-a-litre/${litre.slugName.ru}?utm_source=mail`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(301);
      expect(answer.headers.location, url).toMatch(
        new RegExp(`^/en/blog/what-is-a-litre/${litre.slugName.en}`),
      );
    }
    expect((await get('/en/blog/what-is-a-litre/x?utm_source=mail')).headers.location).toContain(
      '?utm_source=mail',
    );
    // An unknown post is the app's not-found page (404), not a redirect.
    const unknown = await get('/en/blog/no-such-post/none');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
  });

  it('links the offer in Russian to the terms in English, as the footer does', async () => {
    const head = headOf((await get('/ru/offer')).body);
    expect(head).toContain(`<link rel="canonical" href="${site}/ru/offer">`);
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="${site}/en/terms-and-conditions">`);
    const payment = headOf((await get('/en/refund-policy')).body);
    expect(payment).toContain(`<link rel="alternate" hreflang="ru" href="${site}/ru/payment-options">`);
    expect(payment).toContain('<title>Payment and refund policy — Cutout</title>');
  });

  it('gives every other page its canonical address without the query and its twin in the other language', async () => {
    const head = headOf((await get('/en/pricing?period=year')).body);
    expect(head).toContain(`<link rel="canonical" href="${site}/en/pricing">`);
    expect(head).toContain(`<link rel="alternate" hreflang="ru" href="${site}/ru/pricing">`);
    expect(head).toContain('<title>Pricing — Cutout</title>');
  });

  it('lists every public page in both languages in the sitemap, with alternates', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/xml');
    const xml = answer.body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const post of posts) {
      expect(locs).toContain(`${site}/en/blog/${post.id}/${post.slugName.en}`);
      expect(locs).toContain(`${site}/ru/blog/${post.id}/${post.slugName.ru}`);
    }
    for (const path of [
      '/en',
      '/ru',
      '/en/pricing',
      '/ru/offer',
      '/en/terms-and-conditions',
      '/ru/payment-options',
      '/en/contacts',
    ]) {
      expect(locs, path).toContain(`${site}${path}`);
    }
    expect(locs.some((loc) => loc?.startsWith(`${site}/en/products/`))).toBe(true);
    expect(locs.every((loc) => !loc?.includes('/user/'))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    // Each address names its twins: as many alternates as addresses times languages.
    expect(xml.match(/<xhtml:link /g)?.length).toBe(locs.length * 2);
  });

  it('tells robots where the sitemap is and keeps them out of accounts and the API', async () => {
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /en/user/');
  });

  it('serves the blog as an RSS feed per language', async () => {
    const feed = await get('/ru/blog/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body.match(/<item>/g)?.length).toBe(posts.length);
    expect(feed.body).toContain(`<link>${site}/ru/blog/what-is-a-litre/${litre.slugName.ru}</link>`);
    expect(feed.body).toContain('<language>ru</language>');
    expect((await get('/de/blog/rss.xml')).statusCode).toBe(404);
  });
});
