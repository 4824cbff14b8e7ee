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

/**
 * A dark square on white as a JPEG, with the matching network mask (255 on the square): a photo
 * whose cut-out is known exactly, for render tests that skip the network.
 */
export async function squarePhoto(options: {
  width: number;
  height: number;
  square: { x: number; y: number; size: number };
}) {
  const { width, height, square } = options;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const mask = new Uint8Array(width * height);
  for (let y = square.y; y < square.y + square.size; y++) {
    rgb.fill(40, (y * width + square.x) * 3, (y * width + square.x + square.size) * 3);
    mask.fill(255, y * width + square.x, y * width + square.x + square.size);
  }
  const photo = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { photo, mask: { data: mask, width, height } };
}

/** The entries of a ZIP of stored files, every header, size and CRC checked on the way (throws if wrong). */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory record');
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (at + directorySize !== end) throw new Error('central directory size or offset wrong');
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory record');
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    if (zip.readUInt16LE(local + 8) !== 0 || zip.readUInt32LE(local + 18) !== size)
      throw new Error(`${name} is not stored as the directory says`);
    if (zip.readUInt32LE(local + 14) !== crc) throw new Error(`${name}: local and central CRC differ`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    entries.set(name, data);
    at += 46 + skip;
  }
  return entries;
}
