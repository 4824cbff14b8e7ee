import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** A small picture with a shape on a plain background, different for every seed. */
export async function shapePhoto(options: {
  seed: number;
  width?: number;
  height?: number;
  format?: 'png' | 'jpg';
}) {
  const { seed, width = 200, height = 150, format = 'jpg' } = options;
  const hue = (seed * 47) % 360;
  const r = Math.round(Math.min(width, height) * (0.25 + (seed % 5) * 0.03));
  const cx = Math.round(width / 2 + ((seed % 7) - 3) * (width / 40));
  const cy = Math.round(height / 2 + ((seed % 3) - 1) * (height / 30));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${(hue + 180) % 360}, 25%, 88%)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue}, 70%, 40%)"/>
    <rect x="${cx - r / 3}" y="${cy + r * 0.6}" width="${(2 * r) / 3}" height="${r}" fill="hsl(${hue}, 60%, 30%)"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Writes shape photos at the relative paths given (their extension picks the format). */
export async function writePhotos(
  dir: string,
  names: string[],
  size: { width?: number; height?: number } = {},
) {
  let seed = 1;
  for (const name of names) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    const format = path.extname(name).toLowerCase() === '.png' ? 'png' : 'jpg';
    await writeFile(file, await shapePhoto({ seed: seed++, format, ...size }));
  }
}

/** A JPEG cut off after its headers: its type is right, its pixels cannot be decoded. */
export async function brokenJpeg(): Promise<Buffer> {
  const whole = await shapePhoto({ seed: 99 });
  return whole.subarray(0, Math.floor(whole.length / 3));
}
