import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const benchSize = { width: 1200, height: 834 } as const;

/** A deterministic number stream per image (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 1 MP photo-like JPEG: a lit gradient backdrop, a subject of overlapping shaded shapes, and
 * Gaussian grain, so that decoding, the network and the encoder all do real work.
 */
export async function benchPhoto(seed: number): Promise<Buffer> {
  const { width, height } = benchSize;
  const next = random(seed);
  const hue = Math.floor(next() * 360);
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const cx = width * (0.35 + next() * 0.3);
    const cy = height * (0.3 + next() * 0.45);
    const rx = width * (0.06 + next() * 0.12);
    const ry = height * (0.08 + next() * 0.15);
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#s${i % 3})" transform="rotate(${next() * 60 - 30} ${cx} ${cy})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${(hue + 160) % 360},30%,85%)"/>
        <stop offset="1" stop-color="hsl(${(hue + 200) % 360},25%,55%)"/>
      </linearGradient>
      ${[0, 1, 2]
        .map(
          (i) => `<radialGradient id="s${i}" cx="0.35" cy="0.3" r="0.8">
        <stop offset="0" stop-color="hsl(${(hue + i * 25) % 360},75%,70%)"/>
        <stop offset="1" stop-color="hsl(${(hue + i * 25) % 360},70%,22%)"/></radialGradient>`,
        )
        .join('')}
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <rect x="0" y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="hsl(${hue},15%,35%)" opacity="0.6"/>
    ${shapes}
  </svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + noise[i]! - 128));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
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
