import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HUGE_PAGES_TUNABLE,
  hugePagesGranted,
  KEEP_MEMORY_VARIABLE,
  PAGE_SIZE_VARIABLE,
} from './allocator.mjs';
import {
  type Calibration,
  createEngine,
  type Engine,
  type EngineConfig,
  EngineError,
  LIMITS,
  type MaskData,
  type MaskStore,
} from './index.ts';
import { arenaPays, calibrationFile } from './model/calibrate.ts';
import { SLOW_PAGE_FAULT_MICROS } from './pipeline/kernels.ts';
import { discBox, discPhoto, pixelsOf, pngClaiming, readStoredZip } from './test-images.ts';
import { WARM_ROUNDS } from './worker/warm-pipeline.ts';

// One engine (one worker, one IS-Net session) for the whole file; most tests reuse one photo, so
// the network runs once for it and the rest comes from the mask cache.
let engine: Engine;
let photo: Buffer;
const W = 800;
const H = 600;

beforeAll(async () => {
  engine = await createEngine({ workers: 1, maxQueue: 1, warmup: false });
  photo = await discPhoto({ width: W, height: H });
});
afterAll(async () => {
  await engine?.close();
});

async function codeOf(run: Promise<unknown>): Promise<number | string | undefined> {
  try {
    await run;
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
  return undefined;
}

async function alphaAt(png: Buffer, x: number, y: number): Promise<number> {
  const { at } = await pixelsOf(png);
  return at(x, y)[3] as number;
}

function near(actual: number, expected: number, tolerance: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);
}

describe('engine: the cut-out', () => {
  it('returns an RGBA PNG of the original size with the subject opaque and the background clear', async () => {
    const result = await engine.remove(photo);
    expect(result.mime).toBe('image/png');
    expect(result.format).toBe('png');
    expect(result.maskCached).toBe(false);
    expect([result.width, result.height]).toEqual([W, H]);
    expect(result.original).toEqual({ width: W, height: H });
    const { info, at } = await pixelsOf(result.bytes);
    expect([info.width, info.height, info.channels]).toEqual([W, H, 4]);
    expect(at(W / 2, H / 2)[3]).toBe(255);
    expect(at(5, 5)[3]).toBe(0);
    const box = discBox(W, H);
    near(result.foreground.x, box.x, 6);
    near(result.foreground.y, box.y, 6);
    near(result.foreground.width, box.width, 12);
    near(result.foreground.height, box.height, 12);
  });

  it('keeps cached masks per scope: another requester of the same bytes does not get them', async () => {
    const bytes = await discPhoto({ width: 400, height: 300 });
    const hits = () => engine.stats().maskCache.hits;
    const before = hits();
    const first = await engine.remove(bytes, { size: 'preview' }, { cacheScope: 'user:a' });
    const stranger = await engine.remove(bytes, { size: 'preview' }, { cacheScope: 'client:203.0.113.9' });
    expect([first.maskCached, stranger.maskCached]).toEqual([false, false]);
    expect(hits()).toBe(before);
    const again = await engine.remove(bytes, { size: 'preview' }, { cacheScope: 'user:a' });
    expect(again.maskCached).toBe(true);
    expect(hits()).toBe(before + 1);
  });

  it('runs fresh previews on the int8 network and full sizes on the float one, never a full size on a preview mask', async () => {
    const own = await createEngine({ workers: 1, warmup: false, int8Previews: true });
    try {
      expect(own.stats().session?.int8Previews).toBe(true);
      const bytes = await discPhoto({ width: 640, height: 480 });
      const scope = { cacheScope: 'user:int8' };
      const preview = await own.remove(bytes, { size: 'preview' }, scope);
      expect(preview.network).toEqual({ quality: 'preview', width: 1024, height: 1024 });
      expect(await alphaAt(preview.bytes, 266, 200)).toBe(255);
      expect(await alphaAt(preview.bytes, 5, 5)).toBe(0);
      const full = await own.remove(bytes, { size: 'full' }, scope);
      expect(full.maskCached).toBe(false);
      expect(full.network).toEqual({ quality: 'full', width: 1024, height: 1024 });
      expect((await own.remove(bytes, { size: 'preview' }, scope)).maskCached).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("keeps a fresh preview's aspect when told to, and gives the full size the square", async () => {
    const own = await createEngine({ workers: 1, warmup: false, int8Previews: true, previewAspect: true });
    try {
      const bytes = await discPhoto({ width: 640, height: 480 });
      const scope = { cacheScope: 'user:aspect' };
      const preview = await own.remove(bytes, { size: 'preview' }, scope);
      expect(preview.network).toEqual({ quality: 'preview', width: 1024, height: 768 });
      expect([preview.width, preview.height]).toEqual([533, 400]);
      expect(await alphaAt(preview.bytes, 266, 200)).toBe(255);
      expect(await alphaAt(preview.bytes, 5, 5)).toBe(0);
      const portrait = await discPhoto({ width: 480, height: 640 });
      const upright = await own.remove(portrait, { size: 'preview' }, scope);
      expect(upright.network).toEqual({ quality: 'preview', width: 768, height: 1024 });
      expect(await alphaAt(upright.bytes, 150, 200)).toBe(255);
      expect(await alphaAt(upright.bytes, 5, 5)).toBe(0);
      const full = await own.remove(bytes, { size: 'full' }, scope);
      expect(full.network).toEqual({ quality: 'full', width: 1024, height: 1024 });
    } finally {
      await own.close();
    }
  });

  it('runs previews as full sizes when int8 previews are off (the lean budget) and no smaller input is set', async () => {
    const own = await createEngine({ workers: 1, warmup: false, memory: 'lean' });
    try {
      expect(own.stats().session?.int8Previews).toBe(false);
      const bytes = await discPhoto({ width: 320, height: 240 });
      const result = await own.remove(bytes, { size: 'preview' }, { cacheScope: 'user:default-preview' });
      expect(result.network).toEqual({ quality: 'full', width: 1024, height: 1024 });
    } finally {
      await own.close();
    }
  });

  it("keeps a worker's young generation small, in the fast budget too: its pixels live outside the JavaScript heap", async () => {
    const own = await createEngine({ workers: 1, warmup: false, memory: 'fast' });
    try {
      await own.remove(await discPhoto({ width: 3000, height: 2000 }), { size: 'full' });
      // Two semi-spaces of 4 MB; V8's default of two of 16 MB fills up over such a removal.
      expect((await own.probe()).youngGenerationBytes).toBeLessThanOrEqual(8 << 20);
    } finally {
      await own.close();
    }
  });

  it('runs a fresh preview on a smaller input when told to, and never a full size on its mask', async () => {
    const own = await createEngine({ workers: 1, warmup: false, previewInputSide: 512, int8Previews: false });
    try {
      const bytes = await discPhoto({ width: 640, height: 480 });
      const scope = { cacheScope: 'user:preview-path' };
      const preview = await own.remove(bytes, { size: 'preview' }, scope);
      expect(preview.network).toEqual({ quality: 'preview', width: 512, height: 512 });
      expect([preview.width, preview.height]).toEqual([533, 400]);
      expect(await alphaAt(preview.bytes, 266, 200)).toBe(255);
      expect(await alphaAt(preview.bytes, 5, 5)).toBe(0);
      // A preview's mask is not good enough for the full size: that runs the network at 1024².
      const full = await own.remove(bytes, { size: 'full' }, scope);
      expect(full.maskCached).toBe(false);
      expect(full.network).toEqual({ quality: 'full', width: 1024, height: 1024 });
      // The full size's mask serves both from then on.
      const again = await own.remove(bytes, { size: 'preview' }, scope);
      expect(again.maskCached).toBe(true);
      expect(again.network).toBeUndefined();
      expect((await own.remove(bytes, { size: 'full' }, scope)).maskCached).toBe(true);
      // In another scope a preview runs the smaller input again, and its mask serves the next preview.
      const other = { cacheScope: 'user:preview-other' };
      expect((await own.remove(bytes, { size: 'preview' }, other)).network?.quality).toBe('preview');
      expect((await own.remove(bytes, { size: 'preview' }, other)).maskCached).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('runs a fresh int8 preview on a smaller input when told to', async () => {
    const own = await createEngine({ workers: 1, warmup: false, previewInputSide: 512, int8Previews: true });
    try {
      const bytes = await discPhoto({ width: 640, height: 480 });
      const preview = await own.remove(bytes, { size: 'preview' }, { cacheScope: 'user:int8-small' });
      expect(preview.network).toEqual({ quality: 'preview', width: 512, height: 512 });
      expect(await alphaAt(preview.bytes, 266, 200)).toBe(255);
      expect(await alphaAt(preview.bytes, 5, 5)).toBe(0);
      const full = await own.remove(bytes, { size: 'full' }, { cacheScope: 'user:int8-small' });
      expect(full.network).toEqual({ quality: 'full', width: 1024, height: 1024 });
    } finally {
      await own.close();
    }
  });

  it('serves preview (fit in 625x400) from the cached mask of the same bytes', async () => {
    const result = await engine.remove(photo, { size: 'preview' });
    expect(result.maskCached).toBe(true);
    expect([result.width, result.height]).toEqual([533, 400]);
    expect(result.original).toEqual({ width: W, height: H });
    expect(engine.stats().maskCache.hits).toBeGreaterThanOrEqual(1);
  });

  it('returns the mask as a grayscale image with channels=alpha', async () => {
    const result = await engine.remove(photo, { channels: 'alpha' });
    const meta = await sharp(result.bytes).metadata();
    expect(meta.channels).toBe(1);
    const { at } = await pixelsOf(result.bytes);
    expect(at(W / 2, H / 2)[0]).toBe(255);
    expect(at(3, 3)[0]).toBe(0);
  });

  it('puts a background colour behind the subject, and a semi-transparent one as partial alpha', async () => {
    const solid = await pixelsOf((await engine.remove(photo, { bg_color: '#0000ff' })).bytes);
    expect(solid.info.channels).toBe(3);
    expect(solid.at(4, 4)).toEqual([0, 0, 255]);
    const glass = await pixelsOf((await engine.remove(photo, { bg_color: '00ff0080' })).bytes);
    expect(glass.at(4, 4)).toEqual([0, 255, 0, 128]);
    expect(glass.at(W / 2, H / 2)[3]).toBe(255);
  });

  it('cover-fits a background image behind the subject', async () => {
    const bg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const { info, at } = await pixelsOf((await engine.remove(photo, { bg_image: bg })).bytes);
    expect([info.width, info.height, info.channels]).toEqual([W, H, 3]);
    expect(at(2, 2)).toEqual([0, 255, 0]);
    const red = at(W / 2 + 60, H / 2 + 60);
    expect(red[0]!).toBeGreaterThan(150);
    expect(red[1]!).toBeLessThan(80);
  });

  it('crops to the subject, adds margins in px and %, and ignores margins without crop', async () => {
    const full = await engine.remove(photo);
    const cropped = await engine.remove(photo, { crop: 'true' });
    expect([cropped.width, cropped.height]).toEqual([full.foreground.width, full.foreground.height]);
    expect(cropped.foreground).toEqual({ x: 0, y: 0, width: cropped.width, height: cropped.height });
    const padded = await engine.remove(photo, { crop: true, crop_margin: '10px 5%' });
    const side = Math.round(cropped.width * 0.05);
    expect([padded.width, padded.height]).toEqual([cropped.width + 2 * side, cropped.height + 20]);
    expect(padded.foreground).toMatchObject({ x: side, y: 10 });
    const ignored = await engine.remove(photo, { crop_margin: '50px' });
    expect([ignored.width, ignored.height]).toEqual([W, H]);
  });

  it('extends past the photo with transparency when the margin reaches beyond it', async () => {
    const result = await engine.remove(photo, { crop: true, crop_margin: '500px' });
    const box = result.foreground;
    // Each side is capped at half the subject's width (rounded), well under 500 px here.
    expect(result.width).toBe(box.width + 2 * Math.round(box.width / 2));
    const { at } = await pixelsOf(result.bytes);
    expect(at(0, 0)[3]).toBe(0);
  });

  it('encodes jpg on white by default, webp, avif, and picks png/jpg for auto', async () => {
    const jpg = await engine.remove(photo, { format: 'jpg' });
    expect(jpg.mime).toBe('image/jpeg');
    const white = (await pixelsOf(jpg.bytes)).at(3, 3);
    for (const c of white) expect(c).toBeGreaterThan(245);
    expect((await engine.remove(photo, { format: 'webp' })).mime).toBe('image/webp');
    expect((await sharp((await engine.remove(photo, { format: 'webp' })).bytes).metadata()).hasAlpha).toBe(
      true,
    );
    // AVIF in and out, the cut-out's transparency kept.
    const avif = await engine.remove(await sharp(photo).avif({ effort: 0 }).toBuffer(), { format: 'avif' });
    expect(avif.mime).toBe('image/avif');
    expect(await sharp(avif.bytes).metadata()).toMatchObject({
      format: 'heif',
      compression: 'av1',
      hasAlpha: true,
    });
    expect((await engine.remove(photo, { format: 'auto' })).format).toBe('png');
    expect((await engine.remove(photo, { format: 'auto', bg_color: 'white' })).format).toBe('jpg');
  });

  it('answers a ZIP of color.jpg and alpha.png with the subject scaled to 50% of the canvas, centred', async () => {
    const result = await engine.remove(photo, { format: 'zip', scale: '50%' });
    expect(result).toMatchObject({ mime: 'application/zip', format: 'zip', width: W, height: H });
    const entries = readStoredZip(result.bytes);
    expect([...entries.keys()]).toEqual(['color.jpg', 'alpha.png']);
    for (const name of ['color.jpg', 'alpha.png'])
      expect(await sharp(entries.get(name)).metadata()).toMatchObject({ width: W, height: H });
    // The disc is square, so its height (the larger share of the 800x600 canvas) becomes 300 px.
    const box = result.foreground;
    near(box.height, H / 2, 1);
    near(box.width, H / 2, 2);
    near(box.x, (W - box.width) / 2, 1);
    near(box.y, (H - box.height) / 2, 1);
    const alpha = await pixelsOf(entries.get('alpha.png')!);
    expect(alpha.at(W / 2, H / 2)[0]).toBe(255);
    expect(alpha.at(box.x - 10, H / 2)[0]).toBe(0);
    expect(alpha.at(W / 2, box.y + box.height + 10)[0]).toBe(0);
  });

  it('answers JSON with base64 image, size and foreground box for output_format=json', async () => {
    const result = await engine.remove(photo, { output_format: 'json', size: 'preview', crop: true });
    expect(result.mime).toBe('application/json');
    const { data } = JSON.parse(result.bytes.toString());
    const image = Buffer.from(data.result_b64, 'base64');
    expect(image.equals(result.image)).toBe(true);
    const meta = await sharp(image).metadata();
    expect([meta.width, meta.height]).toEqual([data.width, data.height]);
    expect(data).toMatchObject({ type: 'image/png', foreground_top: 0, foreground_left: 0 });
    expect(data.foreground_width).toBe(result.foreground.width);
  });
});

describe('engine: inputs', () => {
  it('follows EXIF orientation', async () => {
    const turned = await sharp(photo).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await engine.remove(turned, { channels: 'alpha' });
    expect([result.width, result.height]).toEqual([H, W]);
    expect(result.original).toEqual({ width: H, height: W });
  });

  it('handles grayscale, CMYK, 16-bit and PNG with its own alpha', async () => {
    const gray = await sharp(photo).greyscale().png().toBuffer();
    expect((await pixelsOf((await engine.remove(gray)).bytes)).at(W / 2, H / 2)[3]).toBe(255);
    const cmyk = await sharp(photo).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const fromCmyk = await pixelsOf((await engine.remove(cmyk)).bytes);
    expect(fromCmyk.at(W / 2 + 60, H / 2 + 60)[0]!).toBeGreaterThan(150);
    const deep = await sharp(photo).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    expect((await engine.remove(deep)).width).toBe(W);
    // The left half is already transparent in the input: it must stay so.
    const { data, info } = await sharp(photo).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let y = 0; y < H; y++) for (let x = 0; x < W / 2; x++) data[(y * W + x) * 4 + 3] = 0;
    const withAlpha = await sharp(data, { raw: info }).png().toBuffer();
    const cut = await pixelsOf((await engine.remove(withAlpha)).bytes);
    expect(cut.at(W / 2 - 20, H / 2)[3]).toBe(0);
    expect(cut.at(W / 2 + 20, H / 2)[3]).toBe(255);
  });

  it('resizes inputs over 6250 px to fit before anything else', async () => {
    const wide = await sharp({ create: { width: 7000, height: 300, channels: 3, background: '#e8e8e8' } })
      .png()
      .toBuffer();
    const result = await engine.remove(wide, { channels: 'alpha' });
    expect([result.width, result.height]).toEqual([LIMITS.maxSide, 268]);
    expect(result.original).toEqual({ width: 7000, height: 300 });
  });
});

describe('engine: errors', () => {
  it('gives every input error its code', async () => {
    expect(await codeOf(engine.remove(undefined as unknown as Buffer))).toBe(108);
    expect(await codeOf(engine.remove(Buffer.alloc(0)))).toBe(109);
    const huge = Buffer.alloc(LIMITS.maxFileBytes + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(engine.remove(huge)).rejects.toMatchObject({ code: 103, value: 33554432 });
    expect(await codeOf(engine.remove(Buffer.from('GIF89a not supported')))).toBe(113);
    expect(await codeOf(engine.remove(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])))).toBe(113);
    // Readable as a format, refused all the same: the value says why (the limit, or damaged).
    await expect(engine.remove(await pngClaiming(30_000, 30_000))).rejects.toMatchObject({
      code: 113,
      value: LIMITS.maxInputPixels / 1e6,
    });
    const truncated = photo.subarray(0, 2000);
    await expect(engine.remove(truncated)).rejects.toMatchObject({ code: 113, value: 'damaged' });
  });

  it('gives every option error its code', async () => {
    expect(await codeOf(engine.remove(photo, { size: 'huge' }))).toBe(104);
    expect(await codeOf(engine.remove(photo, { channels: 3 } as never))).toBe(105);
    expect(await codeOf(engine.remove(photo, { channels: 'rgb' }))).toBe(110);
    expect(await codeOf(engine.remove(photo, { bg_color: 'not-a-colour' }))).toBe(111);
    expect(await codeOf(engine.remove(photo, { format: 'bmp' }))).toBe(112);
    expect(await codeOf(engine.remove(photo, { output_format: 'xml' }))).toBe(112);
    expect(await codeOf(engine.remove(photo, { bg_image: Buffer.from('nope') }))).toBe(114);
    const badBg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9, 9]);
    expect(await codeOf(engine.remove(photo, { bg_image: badBg }))).toBe(114);
    expect(await codeOf(engine.remove(photo, { crop: 'perhaps' }))).toBe(115);
    expect(await codeOf(engine.remove(photo, { crop: true, crop_margin: '1 2 3' }))).toBe(116);
    expect(await codeOf(engine.remove(photo, { scale: '5%' }))).toBe(117);
    expect(await codeOf(engine.remove(photo, { position: 'top' }))).toBe(118);
    expect(await codeOf(engine.remove(photo, { roi: '1 2 3' }))).toBe(119);
    // Checked against the header before a worker is asked.
    await expect(engine.remove(photo, { roi: `0 0 ${W + 1} ${H}` })).rejects.toMatchObject({
      code: 119,
      value: 'exceeds_bounds',
    });
    await expect(engine.remove(photo, { roi: '50% 0 40% 100%' })).rejects.toMatchObject({
      code: 119,
      value: 'empty',
    });
    expect(await codeOf(engine.remove(photo, { type: 'tree' }))).toBe(120);
    expect(await codeOf(engine.remove(photo, { type_level: '9' }))).toBe(120);
    expect(await codeOf(engine.remove(photo, { add_shadow: 'maybe' }))).toBe(121);
    expect(await codeOf(engine.remove(photo, { semitransparency: 'half' }))).toBe(122);
  });

  it('probes the bare network in a worker', async () => {
    expect((await engine.probe()).networkMs).toBeGreaterThan(50);
  });

  it("lets a removal's arrays go while the worker waits, not when the next request comes", async () => {
    // Piscina's default Atomics.wait would hold the worker's event loop until the next task, and the
    // collection asked for after the reply would run only then (README, "Workers").
    const large = await discPhoto({ width: 3000, height: 2000 });
    await engine.remove(large, { size: 'full' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { arrayBufferBytes } = await engine.probe();
    expect(arrayBufferBytes).toBeLessThan(24 << 20);
  });

  it('refuses with BUSY when the queue is full, and counts it', async () => {
    const before = engine.stats().rejectedBusy;
    // One worker and a queue of one: the third simultaneous request has no place.
    const requests = [1, 2, 3].map(() => engine.remove(photo, { size: 'preview' }));
    const outcomes = await Promise.allSettled(requests);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'BUSY' });
    expect(engine.stats().rejectedBusy).toBe(before + 1);
    expect(engine.stats().active).toBe(0);
  });
});

describe('engine: a real photo', () => {
  const evalDir = fileURLToPath(new URL('../../../../shared/eval/', import.meta.url));
  const name = 'ecssd-0837';
  const present = existsSync(`${evalDir}images/${name}.jpg`);
  if (!present) console.warn(`[engine tests] ${evalDir} is absent: skipping the real-photo IoU test`);

  it.skipIf(!present)(
    'cuts out a photo from the evaluation set with IoU ≥ 0.9 against its mask',
    async () => {
      const result = await engine.remove(readFileSync(`${evalDir}images/${name}.jpg`), { channels: 'alpha' });
      const pred = await sharp(result.bytes).extractChannel(0).raw().toBuffer();
      const gt = await sharp(`${evalDir}masks/${name}.png`).extractChannel(0).raw().toBuffer();
      expect(pred.length).toBe(gt.length);
      let inter = 0;
      let union = 0;
      for (let i = 0; i < gt.length; i++) {
        const p = pred[i]! >= 128;
        const g = gt[i]! >= 128;
        inter += Number(p && g);
        union += Number(p || g);
      }
      expect(inter / union).toBeGreaterThanOrEqual(0.9);
    },
  );
});

describe('engine: a mask store given to it', () => {
  it('keeps its masks only there, under the scope and the SHA-256 of the bytes', async () => {
    const masks = new Map<string, MaskData>();
    const store: MaskStore = {
      get: async (key) => masks.get(key),
      set: async (key, mask) => {
        masks.set(key, mask);
      },
      stats: () => ({ hits: 0, misses: 0 }),
    };
    const own = await createEngine({ workers: 1, warmup: false, maskStore: store, int8Previews: true });
    try {
      const bytes = await discPhoto({ width: 200, height: 150 });
      const digest = createHash('sha256').update(bytes).digest('hex');
      // A fresh preview's mask (the int8 network's) is kept for previews only.
      expect((await own.remove(bytes, { size: 'preview' }, { cacheScope: 'user:s' })).maskCached).toBe(false);
      expect([...masks.keys()]).toEqual([`user:s:${digest}:preview`]);
      expect((await own.remove(bytes, {}, { cacheScope: 'user:s' })).maskCached).toBe(false);
      expect([...masks.keys()]).toEqual([`user:s:${digest}:preview`, `user:s:${digest}`]);
      // What another engine process stored is as good as its own.
      expect((await own.remove(bytes, {}, { cacheScope: 'user:s' })).maskCached).toBe(true);
      masks.clear();
      expect((await own.remove(bytes, {}, { cacheScope: 'user:s' })).maskCached).toBe(false);
      expect(own.stats().maskCache).toEqual({ hits: 0, misses: 0 });
    } finally {
      await own.close();
    }
  });
});

describe('engine: warm-up', () => {
  it('warms up the work around the network while it waits, and a request ends the warm-up', async () => {
    const idle = await createEngine({ workers: 1, memory: 'lean' });
    try {
      expect(await idle.warmedUp()).toEqual([WARM_ROUNDS]);
    } finally {
      await idle.close();
    }
    const busy = await createEngine({ workers: 1, memory: 'lean' });
    try {
      const result = await busy.remove(photo, { size: 'preview' });
      expect(result.format).toBe('png');
      // The request came before the first round ended: it waited for one removal of it at most.
      expect((await busy.warmedUp())[0]).toBeLessThanOrEqual(1);
    } finally {
      await busy.close();
    }
    expect(await engine.warmedUp()).toEqual([0]);
  });
});

/** Runs `body` with GLIBC_TUNABLES as given (unset for undefined), then puts it back. */
async function withTunables<T>(value: string | undefined, body: () => Promise<T>): Promise<T> {
  const before = process.env.GLIBC_TUNABLES;
  const set = (v: string | undefined) => {
    if (v === undefined) delete process.env.GLIBC_TUNABLES;
    else process.env.GLIBC_TUNABLES = v;
  };
  set(value);
  try {
    return await body();
  } finally {
    set(before);
  }
}

describe('engine: session settings', () => {
  // The calibration decides only where glibc's blocks get no huge pages: these two run without them.
  it('measures the arena on and off once (kept beside the model) and takes it only where it pays', async () => {
    const own = await withTunables(undefined, () =>
      createEngine({ workers: 1, threadsPerWorker: 2, warmup: false, memory: 'fast' }),
    );
    try {
      const { session, model } = own.stats();
      const calibration = session?.calibration as Calibration;
      expect(session?.memory).toBe('fast');
      expect(session?.hugePages).toBe(false);
      expect(calibration).toMatchObject({ threads: 2, hugePages: false });
      expect(calibration.arenaOffMs).toBeGreaterThan(0);
      expect(calibration.arenaOnMs).toBeGreaterThan(0);
      expect(session?.memoryArena).toBe(arenaPays(calibration));
      const kept = JSON.parse(readFileSync(calibrationFile(model, 2), 'utf8'));
      expect(kept).toEqual(calibration);
      // 'fast' measures what a fresh page costs, and keeps the kernels' memory where that is slow.
      const micros = session?.kernelMemory.pageFaultMicros as number;
      expect(micros).toBeGreaterThan(0);
      expect(session?.kernelMemory.kept).toBe(micros >= SLOW_PAGE_FAULT_MICROS);
    } finally {
      await own.close();
    }
  });

  it('follows a kept calibration, the lean and max budgets and an explicit memoryArena', async () => {
    // Three threads: a count no other engine here uses, so these made-up figures are theirs alone.
    const { model } = engine.stats();
    const file = calibrationFile(model, 3);
    const start = (config: EngineConfig) =>
      withTunables(undefined, () =>
        createEngine({ workers: 1, threadsPerWorker: 3, warmup: false, ...config }),
      );
    try {
      const hugePages = false;
      writeFileSync(file, JSON.stringify({ threads: 3, arenaOffMs: 1000, arenaOnMs: 600, hugePages }));
      const fast = await start({ memory: 'fast' });
      expect(fast.stats().session).toMatchObject({ memory: 'fast', memoryArena: true });
      await fast.close();
      // 7% faster: less than a whole removal would notice, for ~0.35 GB more at peak.
      writeFileSync(file, JSON.stringify({ threads: 3, arenaOffMs: 1000, arenaOnMs: 930, hugePages }));
      const notWorthIt = await start({ memory: 'fast' });
      expect(notWorthIt.stats().session).toMatchObject({ memory: 'fast', memoryArena: false });
      await notWorthIt.close();
      // One measured with huge pages asked for is not this process's: it is measured again.
      const stale = { threads: 3, arenaOffMs: 1000, arenaOnMs: 600, hugePages: !hugePages };
      writeFileSync(file, JSON.stringify(stale));
      const remeasured = await start({ memory: 'fast' });
      const calibration = remeasured.stats().session?.calibration as Calibration;
      expect(calibration).toMatchObject({ threads: 3, hugePages });
      expect(calibration).not.toEqual(stale);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(calibration);
      await remeasured.close();
      // Where the launcher's probe chose 4 KB pages (allocator.mjs) the arena stays off, uncalibrated.
      writeFileSync(file, JSON.stringify({ threads: 3, arenaOffMs: 1000, arenaOnMs: 600, hugePages }));
      process.env[PAGE_SIZE_VARIABLE] = '4k';
      try {
        const probed = await start({ memory: 'fast' });
        expect(probed.stats().session).toMatchObject({
          memory: 'fast',
          memoryArena: false,
          calibration: null,
        });
        await probed.close();
      } finally {
        delete process.env[PAGE_SIZE_VARIABLE];
      }
      const lean = await start({ memory: 'lean' });
      expect(lean.stats().session).toEqual({
        memory: 'lean',
        memoryArena: false,
        hugePages: false,
        calibration: null,
        int8Previews: false,
        kernelMemory: { kept: false, pageFaultMicros: null },
      });
      await lean.close();
      // 'max' holds both networks' arenas whatever was measured: the calibration is not read.
      writeFileSync(file, JSON.stringify({ threads: 3, arenaOffMs: 1000, arenaOnMs: 930, hugePages }));
      const max = await start({ memory: 'max' });
      expect(max.stats().session).toEqual({
        memory: 'max',
        memoryArena: true,
        hugePages: false,
        calibration: null,
        int8Previews: true,
        kernelMemory: { kept: true, pageFaultMicros: null },
      });
      const preview = await max.remove(await discPhoto({ width: 320, height: 240 }), { size: 'preview' });
      expect(preview.network).toEqual({ quality: 'preview', width: 1024, height: 1024 });
      await max.close();
      // Where the launcher kept the process's memory (its probe found fresh pages slow), 'auto' is
      // 'max' on a machine with 'fast''s memory per worker.
      process.env[KEEP_MEMORY_VARIABLE] = '1';
      try {
        const auto = await start({});
        expect(auto.stats().session).toMatchObject({ memory: 'max', memoryArena: true, calibration: null });
        await auto.close();
      } finally {
        delete process.env[KEEP_MEMORY_VARIABLE];
      }
      const given = await start({ memory: 'lean', memoryArena: true });
      expect(given.stats().session).toEqual({
        memory: 'given',
        memoryArena: true,
        hugePages: false,
        calibration: null,
        int8Previews: false,
        kernelMemory: { kept: false, pageFaultMicros: null },
      });
      await given.close();
    } finally {
      rmSync(file, { force: true });
    }
  });

  // Where the kernel grants huge pages on request (as on Debian), asking glibc for them is enough.
  it.runIf(hugePagesGranted({ GLIBC_TUNABLES: HUGE_PAGES_TUNABLE }))(
    'keeps the arena off uncalibrated where huge pages are granted',
    async () => {
      const { model } = engine.stats();
      const file = calibrationFile({ path: model.path }, 3);
      try {
        await withTunables('glibc.malloc.hugetlb=1', async () => {
          // A kept calibration that would take the arena (40% faster) is not even read.
          writeFileSync(
            file,
            JSON.stringify({ threads: 3, arenaOffMs: 1000, arenaOnMs: 600, hugePages: true }),
          );
          const fast = await createEngine({ workers: 1, threadsPerWorker: 3, warmup: false, memory: 'fast' });
          try {
            expect(fast.stats().session).toEqual({
              memory: 'fast',
              memoryArena: false,
              hugePages: true,
              calibration: null,
              int8Previews: true,
              kernelMemory: { kept: expect.any(Boolean), pageFaultMicros: expect.any(Number) },
            });
          } finally {
            await fast.close();
          }
        });
      } finally {
        rmSync(file, { force: true });
      }
    },
  );
});
