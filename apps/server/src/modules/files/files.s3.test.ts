import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../platform/storage/file-storage.ts';
import { createFilesFor } from '../../services.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The app with S3_* set keeps its files in the bucket (a real S3-compatible server, s3rver) and says
 * in /readyz whether the bucket answers.
 */
describe('files in S3-compatible storage', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'cutout-s3-app-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'cutout-app', configs: [] }],
  });
  let env: Record<string, string>;
  let t: TestApp;

  beforeAll(async () => {
    const { port } = (await server.run()) as AddressInfo;
    env = {
      S3_BUCKET: 'cutout-app',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'test/',
    };
    t = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('serves an image kept in the bucket, and nothing new lands in the local files folder', async () => {
    const files = createFilesFor({
      db: t.database.db,
      filesDir: t.config.filesDir,
      storage: createFileStorage(t.config),
    });
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    // The harness seeded the catalogue's pictures locally: what is put now must not add to them.
    const localFiles = () =>
      readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((entry) =>
        entry.isFile(),
      ).length;
    const before = localFiles();
    const ref = await files.put({ bytes: picture, mime: 'image/png' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stores/files/${ref.id}/size/original/download`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(picture)).toBe(true);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/api/stores/files/${ref.id}/size/thumbnail/download`,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(localFiles()).toBe(before);
  });

  it('is ready while the bucket answers, and says which dependency is down when it does not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', database: 'pglite', storage: 's3' });
    const missingBucket = await createTestApp('pglite', { ...env, S3_BUCKET: 'no-such-bucket' });
    const down = await missingBucket.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { storage: 'unreachable' } });
    await missingBucket.close();
  });
});
