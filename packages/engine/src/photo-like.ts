// Generated photo-like JPEGs for benchmarks (the engine's, the CLI's and the server's scale bench):
// a lit backdrop (gradient) with a floor, a subject of overlapping shaded shapes and sensor-like
// grain, so that decoding, the network and the encoders all do real work. Deterministic per seed.
import sharp from 'sharp';

/** A deterministic number stream per seed (mulberry32). */
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

function scene(width: number, height: number, seed: number): string {
  const next = random(seed);
  const hue = Math.floor(next() * 360);
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const cx = width * (0.35 + next() * 0.3);
    const cy = height * (0.3 + next() * 0.45);
    const rx = width * (0.06 + next() * 0.12);
    const ry = height * (0.08 + next() * 0.15);
    const turn = next() * 60 - 30;
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#s${i % 3})" transform="rotate(${turn} ${cx} ${cy})"/>`;
  }).join('');
  const shades = [0, 1, 2]
    .map(
      (i) =>
        `<radialGradient id="s${i}" cx="0.35" cy="0.3" r="0.8">` +
        `<stop offset="0" stop-color="hsl(${(hue + i * 25) % 360},75%,70%)"/>` +
        `<stop offset="1" stop-color="hsl(${(hue + i * 25) % 360},70%,22%)"/></radialGradient>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${(hue + 160) % 360},30%,85%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 200) % 360},25%,55%)"/></linearGradient>${shades}</defs>` +
    `<rect width="100%" height="100%" fill="url(#bg)"/>` +
    `<rect x="0" y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="hsl(${hue},15%,35%)" opacity="0.6"/>` +
    `${shapes}</svg>`
  );
}

/** One photo-like JPEG (quality 90) of `width`×`height`, the same for the same seed. */
export async function photoLike(width: number, height: number, seed: number): Promise<Buffer> {
  const base = await sharp(Buffer.from(scene(width, height, seed)), { limitInputPixels: false })
    .removeAlpha()
    .raw()
    .toBuffer();
  await addGrain(base, width, height, 6);
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Adds Gaussian grain (σ in levels) to 8-bit RGB pixels in place, as a camera sensor would. */
export async function addGrain(rgb: Uint8Array, width: number, height: number, sigma: number): Promise<void> {
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < rgb.length; i++) rgb[i] = Math.max(0, Math.min(255, rgb[i]! + grain[i]! - 128));
}

/** The same JPEG with a comment segment after SOI: identical pixels, different bytes (no cache hits). */
export function withComment(jpeg: Uint8Array, tag: string): Buffer {
  const text = Buffer.from(tag);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}
