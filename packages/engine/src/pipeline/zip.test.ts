import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredZip, squarePhoto } from '../test-images.ts';
import type { MaskData } from './refine.ts';
import { renderWithMask } from './render-fixture.ts';
import { writeZip } from './zip.ts';

const UNZIP = ['/usr/bin/unzip', '/bin/unzip', '/usr/local/bin/unzip'].find((file) => existsSync(file));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** `unzip -t` on the archive: its exit status and report (skipped where unzip is not installed). */
async function unzipTest(zip: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'engine-zip-'));
  dirs.push(dir);
  const file = path.join(dir, 'result.zip');
  await writeFile(file, zip);
  const { stdout } = await promisify(execFile)(UNZIP as string, ['-t', file]);
  return stdout;
}

let photo: Buffer;
let mask: MaskData;
beforeAll(async () => {
  ({ photo, mask } = await squarePhoto({ width: 400, height: 300, square: { x: 50, y: 60, size: 100 } }));
});

describe('zip writer', () => {
  it('writes stored entries that read back with their names, bytes and CRCs', async () => {
    const entries = [
      { name: 'color.jpg', data: Buffer.from('not really a jpeg') },
      { name: 'alpha.png', data: new Uint8Array(70_000).map((_, i) => i % 251) },
      { name: 'empty.txt', data: new Uint8Array(0) },
    ];
    const zip = writeZip(entries);
    const read = readStoredZip(zip);
    expect([...read.keys()]).toEqual(['color.jpg', 'alpha.png', 'empty.txt']);
    for (const { name, data } of entries) expect(Buffer.from(data).equals(read.get(name)!)).toBe(true);
    expect(writeZip(entries).equals(zip)).toBe(true);
    if (UNZIP) expect(await unzipTest(zip)).toMatch(/No errors detected/);
  });
});

describe('format zip', () => {
  it("answers color.jpg and alpha.png of the result, the alpha exactly the PNG's", async () => {
    const result = await renderWithMask({ photo, mask, fields: { format: 'zip' } });
    expect(result).toMatchObject({ format: 'zip', mime: 'application/zip', width: 400, height: 300 });
    if (UNZIP) expect(await unzipTest(Buffer.from(result.bytes))).toMatch(/No errors detected/);
    const entries = readStoredZip(Buffer.from(result.bytes));
    expect([...entries.keys()]).toEqual(['color.jpg', 'alpha.png']);
    const color = await sharp(entries.get('color.jpg')).metadata();
    const alpha = await sharp(entries.get('alpha.png')).metadata();
    expect(color).toMatchObject({ format: 'jpeg', width: 400, height: 300, channels: 3 });
    expect(alpha).toMatchObject({ format: 'png', width: 400, height: 300, channels: 1, depth: 'uchar' });
    const png = await renderWithMask({ photo, mask });
    const pngAlpha = await sharp(png.bytes).extractChannel(3).raw().toBuffer();
    const zipAlpha = await sharp(entries.get('alpha.png')).extractChannel(0).raw().toBuffer();
    expect(zipAlpha.equals(pngAlpha)).toBe(true);
    // The colours are the PNG's prepared ones: the subject dark grey, the clear background black.
    const rgb = await sharp(entries.get('color.jpg')).raw().toBuffer();
    const at = (x: number, y: number) => rgb.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    for (const c of at(100, 110)) expect(Math.abs(c - 40)).toBeLessThan(8);
    for (const c of at(300, 250)) expect(c).toBeLessThan(8);
  });

  it('has the size of the frame with scale, crop and a backdrop (the alpha then opaque)', async () => {
    const fields = { format: 'zip', crop: true, crop_margin: '10px', scale: '50%', bg_color: 'blue' };
    const result = await renderWithMask({ photo, mask, fields });
    expect([result.width, result.height]).toEqual([120, 120]);
    const entries = readStoredZip(Buffer.from(result.bytes));
    for (const name of ['color.jpg', 'alpha.png'])
      expect(await sharp(entries.get(name)).metadata()).toMatchObject({ width: 120, height: 120 });
    const alpha = await sharp(entries.get('alpha.png')).raw().toBuffer();
    expect(Math.min(...alpha)).toBe(255);
    const rgb = await sharp(entries.get('color.jpg')).raw().toBuffer();
    expect([rgb[0]! < 20, rgb[1]! < 20, rgb[2]! > 230]).toEqual([true, true, true]);
  });
});
