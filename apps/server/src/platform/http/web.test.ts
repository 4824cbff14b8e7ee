import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { renderHead, renderIndexHtml } from './web.ts';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ANALYTICS_COUNTER_ID: '12345' });
  });
  afterAll(() => t.close());

  it('answers index.html for any path of the app (history fallback)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/en/user/orders/42?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('answers 404 with the app, which shows its not-found page, where the address is no page', async () => {
    for (const url of [
      '/en/some/deep/path?x=1',
      '/ru/pricing/extra',
      '/de/pricing',
      '/wp-login.php',
      '/en/user//orders',
      '/index.html',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<title>');
    }
    // A page without its language moves under one in the app; the root leads to one.
    for (const url of [
      '/',
      '/pricing',
      '/en/',
      '/ru/blog/',
      '/en/products/catalog/cups',
      '/en/shopping-cart/checkout/card/validate',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it("sends an address whose encoding does not decode to the site's not-found page, never Fastify's own body", async () => {
    for (const [url, to] of [
      ['/ru/products/%E0%A4%A', '/ru/not-found'],
      ['/en/%ZZ?x=1', '/en/not-found'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(to);
    }
    const notFound = await t.app.inject({ method: 'GET', url: '/ru/not-found' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('<div id="root"></div>');
    for (const url of ['/api/stores/products/%E0%A4%A/fetchProductTradeOffer', '/%ZZ']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-locale-id': 'ru' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body, url).not.toContain('FST_ERR');
    }
  });

  it('answers 404 for a product or a blog post that is not there', async () => {
    for (const url of [
      '/en/products/no-such-product',
      '/ru/products/999999/mug',
      '/en/blog/999999/old-post',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('puts the store meta tags of the language of the path into the HTML', async () => {
    const ru = await t.app.inject({ method: 'GET', url: '/ru' });
    expect(ru.body).toContain('<html lang="ru"');
    expect(ru.body).toContain('<title>Cutout — удаление фона с фотографии за секунды</title>');
    expect(ru.body).toMatch(/<meta name="description" content="Автоматическое удаление фона/);
    expect(ru.body).toMatch(/<meta name="keywords" content="удалить фон/);
    const en = await t.app.inject({ method: 'GET', url: '/en/user/orders' });
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('<title>Cutout — remove the background from any photo in seconds</title>');
    // A screen with words of its own says what it is.
    const pricing = await t.app.inject({ method: 'GET', url: '/en/pricing' });
    expect(pricing.body).toContain('<title>Pricing — Cutout</title>');
    expect(en.body).not.toContain('<!--app-head-->');
  });

  it('serves the root and index.html with the meta tags too (index.html as the not-found page it shows)', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/index.html', 404],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.body, url).toContain('<title>');
    }
  });

  it('never serves the raw template, however its path is spelled', async () => {
    for (const url of [
      '/index.html',
      '/%69ndex.html',
      '//index.html',
      '/./index.html',
      '/%2e/index.html',
      '/assets/%2e%2e/index.html',
      '/assets/../index.html',
      '/INDEX.HTML',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('<!--app-head-->');
      expect(response.body, url).not.toContain('<!--app-config-->');
      if ([200, 404].includes(response.statusCode)) expect(response.body, url).toContain('<title>');
      else expect([301, 302], url).toContain(response.statusCode);
    }
  });

  it('hands the runtime configuration to the app as a JSON data block, not as a script to run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/en' });
    expect(response.body).toContain(
      '<script type="application/json" id="app-config">{"analyticsCounterId":"12345"}</script>',
    );
    expect(response.body).not.toContain('__APP_CONFIG__');
  });

  it('keeps the configuration inside its data block whatever it holds', () => {
    const html = renderIndexHtml(
      '<html lang="en"><head><!--app-config--></head></html>',
      { language: 'en', metaTags: [] },
      { note: '</script><script>alert(1)</script><!--' },
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const json = html.match(/<script type="application\/json" id="app-config">(.*)<\/script>/)?.[1];
    expect(JSON.parse(json ?? '')).toEqual({ note: '</script><script>alert(1)</script><!--' });
  });

  it('writes meta tags as they are, even with $ patterns in them', () => {
    const html = renderIndexHtml(
      '<html lang="en"><head><!--app-head--></head><body>tail</body></html>',
      { language: 'en', metaTags: [{ typeId: 'html_meta_tag_types.title', content: 'Save $& and $` now' }] },
      {},
    );
    expect(html).toContain('<title>Save $&#38; and $` now</title>');
    expect(html.match(/tail/g)).toHaveLength(1);
  });

  it('serves static files as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('does not hand the app to other verbs', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/en/anything' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('serves a new build without a restart', async () => {
    const indexPath = path.join(t.config.webDistDir, 'index.html');
    const later = new Date(Date.now() + 5000);
    writeFileSync(
      indexPath,
      '<!doctype html><html lang="en"><head><!--app-head--></head><body>new build</body></html>',
    );
    utimesSync(indexPath, later, later);
    const response = await t.app.inject({ method: 'GET', url: '/en' });
    expect(response.body).toContain('new build');
  });

  it('escapes what it writes into the HTML', () => {
    const head = renderHead({
      metaTags: [{ typeId: 'html_meta_tag_types.title', content: '</title><script>alert(1)</script>' }],
      canonicalUrl: 'https://cutout.example/en/blog/a"><script>',
      alternates: [{ language: 'ru', url: 'https://cutout.example/ru/blog/"><x' }],
    });
    expect(head).not.toContain('<script>');
    expect(head).not.toContain('"><');
    expect(head).toContain('&#60;/title&#62;');
  });

  it('writes the canonical address, the alternates with an x-default, the article type and the feed', () => {
    const head = renderHead({
      language: 'ru',
      metaTags: [{ typeId: 'html_meta_tag_types.title', content: 'Пост' }],
      canonicalUrl: 'https://cutout.example/ru/blog/a/b',
      alternates: [
        { language: 'en', url: 'https://cutout.example/en/blog/a/c' },
        { language: 'ru', url: 'https://cutout.example/ru/blog/a/b' },
      ],
      kind: 'article',
      siteName: 'Cutout',
      feedUrl: 'https://cutout.example/ru/blog/rss.xml',
    });
    expect(head.split('\n').map((line) => line.trim())).toEqual([
      '<title>Пост</title>',
      '<meta property="og:title" content="Пост">',
      '<meta property="og:type" content="article">',
      '<meta property="og:site_name" content="Cutout">',
      '<meta property="og:locale" content="ru_RU">',
      '<link rel="canonical" href="https://cutout.example/ru/blog/a/b">',
      '<meta property="og:url" content="https://cutout.example/ru/blog/a/b">',
      '<link rel="alternate" hreflang="en" href="https://cutout.example/en/blog/a/c">',
      '<link rel="alternate" hreflang="ru" href="https://cutout.example/ru/blog/a/b">',
      '<link rel="alternate" hreflang="x-default" href="https://cutout.example/en/blog/a/c">',
      '<link rel="alternate" type="application/rss+xml" href="https://cutout.example/ru/blog/rss.xml">',
    ]);
  });
});
