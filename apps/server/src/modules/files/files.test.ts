import { imageSizeBoxes, imageSizes, type ProductTradeOffer } from '@cutout/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../platform/storage/local/local-storage.ts';
import type { FileStorage } from '../../platform/storage/storage.port.ts';
import { createFilesFor } from '../../services.ts';
import { createTestApp, makeFilesDir, type TestApp, testDatabases } from '../../test/harness.ts';
import { matchesEtag } from './files.routes.ts';

/** The local adapter, counting the files written (a resize writes one). */
function countingStorage(root: string): FileStorage & { puts: string[] } {
  const local = createLocalStorage({ root });
  const puts: string[] = [];
  const put: FileStorage['put'] = (key, body) => {
    puts.push(key);
    return local.put(key, body);
  };
  return { ...local, puts, put };
}

describe.each(testDatabases)('files on %s', (kind) => {
  let t: TestApp;
  let storage: ReturnType<typeof countingStorage>;
  let fileId: string;
  let updatedAt: string;
  beforeAll(async () => {
    const filesDir = makeFilesDir();
    storage = countingStorage(filesDir);
    t = await createTestApp(kind, { FILES_DIR: filesDir }, { storage });
    // A wide picture: 2000×1000, larger than every box.
    const bytes = await sharp({
      create: { width: 2000, height: 1000, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } },
    })
      .png()
      .toBuffer();
    ({ id: fileId, updatedAt } = await createFilesFor({ db: t.database.db, filesDir }).put({
      bytes,
      mime: 'image/png',
    }));
  });
  afterAll(() => t.close());

  const download = (id: string, size: string, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/stores/files/${id}/size/${size}/download${query}`, headers });

  it('answers each size fitted inside its box, the original as it was', async () => {
    for (const size of imageSizes) {
      const answer = await download(fileId, size, `?t=${encodeURIComponent(updatedAt)}&tenantClientId=x`);
      expect(answer.statusCode, size).toBe(200);
      const meta = await sharp(answer.rawPayload).metadata();
      if (size === 'original') {
        expect(answer.headers['content-type']).toBe('image/png');
        expect([meta.format, meta.width, meta.height]).toEqual(['png', 2000, 1000]);
      } else {
        const box = imageSizeBoxes[size];
        expect(answer.headers['content-type']).toBe('image/webp');
        expect([meta.format, meta.width, meta.height], size).toEqual(['webp', box, box / 2]);
      }
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('resizes a size once and keeps it', async () => {
    const first = await download(fileId, 'medium');
    const afterFirst = storage.puts.length;
    const second = await download(fileId, 'medium');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(storage.puts.length).toBe(afterFirst);
    expect(storage.puts.filter((key) => key.includes('/medium-'))).toHaveLength(1);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 304 to a matching If-None-Match, by size', async () => {
    const first = await download(fileId, 'small');
    const etag = String(first.headers.etag);
    const again = await download(fileId, 'small', '?t=anything', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const otherSize = await download(fileId, 'large', '', { 'if-none-match': etag });
    expect(otherSize.statusCode).toBe(200);
    expect(otherSize.headers.etag).not.toBe(etag);
  });

  it('refuses an unknown size and an unknown id', async () => {
    const badSize = await download(fileId, 'huge');
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().code).toBe('VALIDATION_ERROR');
    const unknown = await download('no-such-file', 'thumbnail');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('serves the seeded product pictures', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/stores/products/fetchProductTradeOfferList',
      payload: { filter: { limit: 100 } },
    });
    const offers: ProductTradeOffer[] = answer.json().output;
    expect(offers.length).toBeGreaterThan(0);
    for (const { product } of offers) {
      expect(product.images, product.slugifyId).toHaveLength(1);
      expect(product.primaryImage).toEqual(product.images[0]);
    }
    const image = offers[0]?.product.primaryImage;
    const thumbnail = await download(String(image?.id), 'thumbnail', `?t=${image?.updatedAt}`);
    expect(thumbnail.statusCode).toBe(200);
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([160, 160]);
  });
});

describe('entity tags', () => {
  it('match strong, weak, listed and * forms', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
