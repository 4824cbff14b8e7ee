import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { photoLike } from '@cutout/engine/photo-like';

export const benchSize = { width: 1200, height: 834 } as const;

/** A 1 MP photo-like JPEG (the engine's generated scene), the same for the same seed. */
export function benchPhoto(seed: number): Promise<Buffer> {
  return photoLike(benchSize.width, benchSize.height, seed);
}

/** A folder of `count` benchmark photos (made once, then reused), seeds from `firstSeed`. */
export async function benchFolder(dir: string, count: number, firstSeed: number): Promise<string> {
  if (existsSync(dir) && (await readdir(dir)).filter((name) => name.endsWith('.jpg')).length === count)
    return dir;
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    await writeFile(
      path.join(dir, `photo-${String(i).padStart(3, '0')}.jpg`),
      await benchPhoto(firstSeed + i),
    );
  }
  return dir;
}
