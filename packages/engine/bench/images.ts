import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** Benchmark images: an evaluation photo upscaled, with mild grain so it compresses like a real photo. */
export const SIZES = {
  '1mp': { width: 1224, height: 816 },
  '12mp': { width: 4243, height: 2828 },
  '39mp': { width: 7650, height: 5100 },
} as const;
export type SizeKey = keyof typeof SIZES;

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const BENCH_DIR = path.join(repoRoot, '.cache', 'bench');
const SOURCE = path.join(repoRoot, '..', 'shared', 'eval', 'images', 'kodak-kodim20.png');

/** Path of the benchmark JPEG for `size`, generated into the (git-ignored) cache on first use. */
export async function benchImage(size: SizeKey): Promise<string> {
  const file = path.join(BENCH_DIR, `kodim20-${size}.jpg`);
  if (existsSync(file)) return file;
  if (!existsSync(SOURCE)) throw new Error(`benchmark source photo not found: ${SOURCE}`);
  await mkdir(BENCH_DIR, { recursive: true });
  const { width, height } = SIZES[size];
  const base = await sharp(SOURCE).resize(width, height, { fit: 'cover', kernel: 'cubic' }).raw().toBuffer();
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 4 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + noise[i]! - 128));
  await writeFile(
    file,
    await sharp(base, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
  return file;
}

/** The same JPEG with a comment segment after SOI: identical pixels, different bytes (no cache hits). */
export async function variant(file: string, tag: string): Promise<Buffer> {
  const bytes = await readFile(file);
  const text = Buffer.from(`bench ${tag}`);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([bytes.subarray(0, 2), segment, bytes.subarray(2)]);
}
