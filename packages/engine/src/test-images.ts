// Tiny synthetic images for tests, made with sharp (nothing from the evaluation set is shipped).
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A red disc on a pale grey background: an easy subject for the network. */
export async function discPhoto(options: {
  width: number;
  height: number;
  format?: 'jpeg' | 'png';
}): Promise<Buffer> {
  const { width, height } = options;
  const r = Math.round(Math.min(width, height) * 0.3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#e8e8e8"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#d02020"/>
    <circle cx="${width / 2 - r / 3}" cy="${height / 2 - r / 3}" r="${r / 4}" fill="#ff8080"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** The bounding box of the disc drawn by discPhoto. */
export function discBox(width: number, height: number) {
  const r = Math.round(Math.min(width, height) * 0.3);
  return { x: width / 2 - r, y: height / 2 - r, width: 2 * r, height: 2 * r };
}

/** A valid 1x1 PNG whose header claims `width` x `height` (a decompression-bomb header). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const out = Buffer.from(png);
  // IHDR data starts after the 8-byte signature and the chunk's length and type (8 bytes).
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** Decoded raw pixels of an encoded image. */
export async function pixelsOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels),
  ];
  return { data, info, at };
}
