import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { addGrain, photoLike, withComment } from '../src/photo-like.ts';

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

/**
 * Path of the benchmark JPEG for `size`, generated into the (git-ignored) cache on first use: the
 * evaluation photo upscaled with grain where `../shared/eval` is present, else a generated
 * photo-like scene (`photo-like.ts`; a machine without the evaluation set, e.g. another CPU to
 * measure on). The file name says which, so the two are never mixed up.
 */
export async function benchImage(size: SizeKey): Promise<string> {
  const fromPhoto = existsSync(SOURCE);
  const file = path.join(BENCH_DIR, `${fromPhoto ? 'kodim20' : 'generated'}-${size}.jpg`);
  if (existsSync(file)) return file;
  await mkdir(BENCH_DIR, { recursive: true });
  const { width, height } = SIZES[size];
  await writeFile(file, fromPhoto ? await upscaledPhoto(width, height) : await photoLike(width, height, 20));
  return file;
}

async function upscaledPhoto(width: number, height: number): Promise<Buffer> {
  const base = await sharp(SOURCE).resize(width, height, { fit: 'cover', kernel: 'cubic' }).raw().toBuffer();
  await addGrain(base, width, height, 4);
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The pause before each idle preview. A visitor's preview usually comes after one, and where the VM
 * hands freed memory back to the host (free page reporting: ~2 s after it is freed), the memory a
 * removal gave back costs far more to take again after it than right away (the engine's README,
 * "Idle pauses").
 */
export const IDLE_MS = 3000;

/** The same JPEG with a comment segment after SOI: identical pixels, different bytes (no cache hits). */
export async function variant(file: string, tag: string): Promise<Buffer> {
  return withComment(await readFile(file), `bench ${tag}`);
}
