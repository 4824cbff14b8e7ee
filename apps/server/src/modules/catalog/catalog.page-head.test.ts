import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('catalogue pages in the HTML before any script runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://cutout.example' });
  });
  afterAll(() => t.close());

  const page = async (url: string, status = 200) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(status);
    return response.body;
  };

  it("gives a product page the product's name, caption and picture, in the path's language", async () => {
    const ru = await page('/ru/products/offer_tripod/tripod');
    expect(ru).toContain('<title>Штатив для камеры — Cutout</title>');
    expect(ru).toMatch(/<meta name="description" content="Алюминиевый штатив/);
    expect(ru).toMatch(
      /<meta property="og:image" content="https:\/\/cutout\.example\/api\/stores\/files\/[^/]+\/size\/large\/download\?t=/,
    );
    // A product's slug or id leads to the same head.
    expect(await page('/en/products/tripod')).toContain('<title>Camera tripod — Cutout</title>');
  });

  it('gives the catalogue and a group page their names', async () => {
    expect(await page('/en/products/catalog?search=tripod')).toContain('<title>Catalogue — Cutout</title>');
    expect(await page('/ru/products/catalog/backdrops')).toContain('<title>Фоны — Cutout</title>');
    expect(await page('/en/products/catalog/group_backdrops/backdrops')).toContain(
      '<title>Backdrops — Cutout</title>',
    );
  });

  it("keeps the store's head for a product or group that is not there, a missing product with 404", async () => {
    for (const [url, status] of [
      ['/en/products/no-such-thing', 404],
      // The catalogue shows itself for a group it does not know.
      ['/en/products/catalog/nowhere', 200],
    ] as const) {
      const body = await page(url, status);
      expect(body, url).toContain('<title>Cutout — remove the background from any photo in seconds</title>');
      expect(body, url).not.toContain('og:image');
    }
  });
});
