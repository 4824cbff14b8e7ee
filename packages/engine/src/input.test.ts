import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { checkImageBytes, decodeBase64Image, detectFormat } from './input.ts';
import { LIMITS } from './limits.ts';
import { readHeader, workSize } from './pipeline/decode.ts';
import { pngClaiming } from './test-images.ts';

async function codeOf(run: () => unknown): Promise<number | string | undefined> {
  try {
    await run();
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
  return undefined;
}

describe('input checks', () => {
  it('detects JPG, PNG, WEBP and AVIF by content, nothing else', async () => {
    const base = sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } });
    expect(detectFormat(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(detectFormat(await base.clone().png().toBuffer())).toBe('png');
    expect(detectFormat(await base.clone().webp().toBuffer())).toBe('webp');
    expect(detectFormat(await base.clone().avif({ effort: 0 }).toBuffer())).toBe('avif');
    // An ISO file of another brand (an MP4's header) is not a picture.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypisom\0\0\0\0isommp42', 'latin1'),
    ]);
    expect(detectFormat(mp4)).toBeNull();
    expect(detectFormat(await base.clone().gif().toBuffer())).toBeNull();
    expect(detectFormat(Buffer.from('<svg></svg>'))).toBeNull();
    expect(detectFormat(Buffer.alloc(0))).toBeNull();
  });

  it('gives 108 for missing, 109 for empty, 103 with the limit for too big, 113 for non-images', async () => {
    expect(await codeOf(() => checkImageBytes(undefined))).toBe(108);
    expect(await codeOf(() => checkImageBytes(Buffer.alloc(0)))).toBe(109);
    expect(await codeOf(() => checkImageBytes(Buffer.from('hello')))).toBe(113);
    const big = Buffer.alloc(LIMITS.maxFileBytes + 1);
    big.set([0xff, 0xd8, 0xff]);
    try {
      checkImageBytes(big);
      expect.unreachable();
    } catch (err) {
      expect((err as EngineError).code).toBe(103);
      expect((err as EngineError).value).toBe(33554432);
    }
    expect(
      await codeOf(() => checkImageBytes(Buffer.from([0xff, 0xd8, 0xff, 0]), 'background')),
    ).toBeUndefined();
    expect(await codeOf(() => checkImageBytes(Buffer.alloc(0), 'background'))).toBe(114);
  });

  it('decodes base64 with or without a data URL prefix, else 113', async () => {
    expect(decodeBase64Image('aGVs\nbG8=').toString()).toBe('hello');
    expect(decodeBase64Image('data:image/png;base64,aGVsbG8=').toString()).toBe('hello');
    expect(decodeBase64Image('aGVsbG8').toString()).toBe('hello');
    expect(await codeOf(() => decodeBase64Image('not base64!'))).toBe(113);
    expect(await codeOf(() => decodeBase64Image('data:image/png,rawtext'))).toBe(113);
  });

  it('refuses a header claiming an absurd size before decoding (decompression bomb)', async () => {
    const bomb = await pngClaiming(30_000, 30_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    await expect(readHeader(bomb)).rejects.toMatchObject({
      code: 113,
      message: expect.stringMatching(/900 MP/),
    });
    await expect(readHeader(bomb, 'background')).rejects.toMatchObject({ code: 114 });
    await expect(readHeader(Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]))).rejects.toMatchObject({ code: 113 });
  });

  it('reads the oriented size from the header and plans the work size', async () => {
    const turned = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const header = await readHeader(turned);
    expect(header).toMatchObject({ width: 20, height: 40, format: 'jpeg', hasAlpha: false });
    expect(workSize({ ...header, width: 8000, height: 4000 }, 'full')).toEqual({ width: 6250, height: 3125 });
    expect(workSize({ ...header, width: 3000, height: 2000 }, 'preview')).toEqual({
      width: 600,
      height: 400,
    });
    expect(workSize({ ...header, width: 2000, height: 3000 }, 'preview')).toEqual({
      width: 267,
      height: 400,
    });
    expect(workSize({ ...header, width: 300, height: 200 }, 'preview')).toEqual({ width: 300, height: 200 });
  });
});
