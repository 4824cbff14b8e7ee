import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEngine, type Engine } from '@cutout/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CutoutClient } from './index.ts';
import { fileInput } from './node.ts';
import { pngSignature, subjectPng } from './testing/images.ts';
import { startServerApp } from './testing/server-app.ts';

/** Real removals: the SDK, the server and the engine (IS-Net on the CPU), on a 160×120 PNG. */
describe('real removals through the SDK', () => {
  let engine: Engine;
  let server: Awaited<ReturnType<typeof startServerApp>>;
  let png: Buffer;
  beforeAll(async () => {
    engine = await createEngine({ workers: 1, warmup: false });
    server = await startServerApp({ engine });
    png = await subjectPng(160, 120);
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
  });

  it('gives a preview without a key, free, with the result headers as fields', async () => {
    const client = new CutoutClient({ baseUrl: server.baseUrl });
    const result = await client.removeBackground(new Blob([png]), { size: 'preview', format: 'png' });
    expect([...result.data.subarray(0, 8)]).toEqual(pngSignature);
    expect(result).toMatchObject({
      mimeType: 'image/png',
      width: 160,
      height: 120,
      creditsCharged: 0,
      type: null,
    });
    expect(await sharp(result.data).metadata()).toMatchObject({ width: 160, height: 120, channels: 4 });
    // The disc is the subject: its box lies inside the picture, around its middle.
    expect(result.foreground.width).toBeGreaterThan(40);
    expect(result.foreground.left + result.foreground.width).toBeLessThanOrEqual(160);
    expect(result.processingTimeMs).toBeGreaterThanOrEqual(0);
    expect(result.rateLimit).toMatchObject({ limit: 1000 });
  });

  it('charges a full size with a key one credit, as account() shows', async () => {
    const client = new CutoutClient({
      baseUrl: server.baseUrl,
      apiKey: await server.newApiKey('full@example.com'),
    });
    const before = await client.account();
    expect(before).toEqual({
      credits: { total: 5, subscription: 0, payg: 5, enterprise: 0 },
      freeCalls: 5,
      litres: { total: 5, free: 5, paid: 0 },
    });
    const folder = mkdtempSync(path.join(tmpdir(), 'cutout-sdk-'));
    try {
      const file = path.join(folder, 'photo.png');
      writeFileSync(file, png);
      const result = await client.removeBackground(await fileInput(file), { size: 'full', type: 'product' });
      expect(result).toMatchObject({ creditsCharged: 1, width: 160, height: 120, type: 'product' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const after = await client.account();
    expect(after.credits.total).toBe(before.credits.total - 1);
    expect(after.litres.total).toBe(before.litres.total - 1);
  });

  it('decodes the JSON answer of output json into the same result', async () => {
    const client = new CutoutClient({ baseUrl: server.baseUrl });
    const result = await client.removeBackground(
      { base64: png.toString('base64') },
      { size: 'preview', output: 'json' },
    );
    expect([...result.data.subarray(0, 8)]).toEqual(pngSignature);
    expect(result).toMatchObject({ mimeType: 'image/png', width: 160, height: 120, creditsCharged: 0 });
    expect(await sharp(result.data).metadata()).toMatchObject({ width: 160, height: 120 });
    expect(result.foreground.width).toBeGreaterThan(40);
  });
});
