import { crc32, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENCODE, encodeCutout } from './encode.ts';
import { adler32Combine, joinPngRows, TAIL_BYTES } from './png-join.ts';

/** Photo-like bytes: smooth gradients with noise, and transparent stretches where alpha is 0. */
function testImage(width: number, height: number, channels: 1 | 4, seed: number): Uint8Array {
  const data = new Uint8Array(width * height * channels);
  let state = seed;
  const noise = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state >>> 28;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = Math.hypot(x - width / 2, y - height / 2) < Math.min(width, height) * 0.4;
      const i = (y * width + x) * channels;
      if (channels === 1) {
        data[i] = inside ? 255 : (x * 7 + y) % 3 === 0 ? noise() * 16 : 0;
        continue;
      }
      const alpha = inside ? 255 : (x + y) % 5 === 0 ? 128 : 0;
      data[i] = alpha ? (x + noise()) & 255 : 0;
      data[i + 1] = alpha ? (y * 3 + noise()) & 255 : 0;
      data[i + 2] = alpha ? (x ^ y) & 255 : 0;
      data[i + 3] = alpha;
    }
  }
  return data;
}

function png(data: Uint8Array, width: number, height: number, channels: 1 | 4, level = 1) {
  // One raw channel would be written as RGB without the colourspace.
  return sharp(data, { raw: { width, height, channels } })
    .toColourspace(channels === 1 ? 'b-w' : 'srgb')
    .png({ compressionLevel: level })
    .toBuffer();
}

/** The raw rows as an unfiltered PNG holds them: a 0 filter byte before each. */
function filtered(data: Uint8Array, width: number, channels: number): Uint8Array {
  const row = width * channels;
  const rows = data.length / row;
  const out = new Uint8Array(rows * (row + 1));
  for (let y = 0; y < rows; y++) out.set(data.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  return out;
}

function tail(bytes: Uint8Array): Uint8Array {
  return bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES));
}

/** The concatenated IDAT data, after checking every chunk's CRC. */
function idat(file: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const size = file.readUInt32BE(at);
    expect(file.readUInt32BE(at + 8 + size)).toBe(crc32(file.subarray(at + 4, at + 8 + size)));
    if (file.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(file.subarray(at + 8, at + 8 + size));
    at += 12 + size;
  }
  return Buffer.concat(parts);
}

async function split(width: number, height: number, rows: number, channels: 1 | 4, seed: number) {
  const data = testImage(width, height, channels, seed);
  const row = width * channels;
  const top = data.subarray(0, rows * row);
  const [topPng, bottomPng] = await Promise.all([
    png(top, width, rows, channels),
    png(data.subarray(rows * row), width, height - rows, channels),
  ]);
  return { data, topPng, bottomPng, topTail: tail(filtered(top, width, channels)) };
}

describe('joinPngRows', () => {
  it.each([
    { width: 640, height: 480, rows: 240, channels: 4 as const },
    { width: 333, height: 201, rows: 100, channels: 4 as const },
    { width: 1001, height: 90, rows: 1, channels: 4 as const },
    { width: 900, height: 700, rows: 699, channels: 1 as const },
    { width: 7, height: 4000, rows: 2500, channels: 4 as const },
    { width: 1, height: 3000, rows: 1500, channels: 1 as const },
  ])(
    'joins a $width x $height image split after $rows rows ($channels channels) into the same pixels',
    async (size) => {
      const { width, height, rows, channels } = size;
      for (const seed of [1, 2, 3]) {
        const { data, topPng, bottomPng, topTail } = await split(width, height, rows, channels, seed);
        const joined = joinPngRows({ top: topPng, bottom: bottomPng, topTail });
        expect(joined).not.toBeNull();
        const info = await sharp(joined!).metadata();
        expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({
          width,
          height,
          channels,
        });
        const pixels = await (channels === 1 ? sharp(joined!).extractChannel(0) : sharp(joined!))
          .raw()
          .toBuffer();
        expect(pixels.equals(data)).toBe(true);
        // One zlib stream whose Adler-32 is the whole image's (inflate checks it).
        expect(inflateSync(idat(joined!)).equals(filtered(data, width, channels))).toBe(true);
      }
    },
  );

  it('keeps what libvips writes before the pixels (the density)', async () => {
    const { topPng, bottomPng, topTail } = await split(300, 200, 100, 4, 5);
    const joined = joinPngRows({ top: topPng, bottom: bottomPng, topTail })!;
    expect((await sharp(joined).metadata()).density).toBe((await sharp(topPng).metadata()).density);
  });

  it('refuses, rather than guess, when the streams are not what it reads', async () => {
    const { data, topPng, bottomPng, topTail } = await split(400, 300, 150, 4, 7);
    const row = 400 * 4;
    // Level 6 writes dynamic-Huffman blocks.
    const dynamicTop = await png(data.subarray(0, 150 * row), 400, 150, 4, 6);
    expect(joinPngRows({ top: dynamicTop, bottom: bottomPng, topTail })).toBeNull();
    // A tail that is not the top's last bytes.
    const wrongTail = Uint8Array.from(topTail);
    wrongTail[wrongTail.length - 5]! ^= 1;
    expect(joinPngRows({ top: topPng, bottom: bottomPng, topTail: wrongTail })).toBeNull();
    // Another width, another colour type, a truncated file.
    const narrower = await png(data.subarray(0, 150 * 399 * 4), 399, 150, 4);
    expect(joinPngRows({ top: topPng, bottom: narrower, topTail })).toBeNull();
    const grey = await png(new Uint8Array(400 * 150), 400, 150, 1);
    expect(joinPngRows({ top: topPng, bottom: grey, topTail })).toBeNull();
    expect(
      joinPngRows({ top: topPng.subarray(0, topPng.length - 20), bottom: bottomPng, topTail }),
    ).toBeNull();
    expect(joinPngRows({ top: topPng, bottom: bottomPng, topTail })).not.toBeNull();
  });
});

describe('adler32Combine', () => {
  it("gives zlib's Adler-32 of the two parts one after the other", () => {
    const adler = (bytes: Uint8Array) => {
      let a = 1;
      let b = 0;
      for (const byte of bytes) {
        a = (a + byte) % 65521;
        b = (b + a) % 65521;
      }
      return (b * 65536 + a) >>> 0;
    };
    const bytes = testImage(300, 300, 4, 9);
    for (const cut of [0, 1, 65521, 100_000, bytes.length]) {
      const a = bytes.subarray(0, cut);
      const b = bytes.subarray(cut);
      expect(adler32Combine(adler(a), adler(b), b.length)).toBe(adler(bytes));
    }
  });
});

describe('encodeCutout in halves', () => {
  const width = 1300;
  const height = 900;
  const rgba = testImage(width, height, 4, 11);
  const image = { data: new Uint8Array(width * height * 3), width, height };
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    image.data.set(rgba.subarray(4 * i, 4 * i + 3), 3 * i);
    alpha[i] = rgba[4 * i + 3]!;
  }
  const cutout = (
    frame: { x: number; y: number; width: number; height: number },
    channels: 'rgba' | 'alpha',
  ) => ({
    image,
    alpha,
    frame,
    channels,
    backdrop: { kind: 'none' as const },
    opaque: false,
    format: 'png' as const,
  });

  it.each([
    { name: 'the whole photo', frame: { x: 0, y: 0, width, height }, channels: 'rgba' as const },
    {
      name: 'a crop whose margin reaches past the photo',
      frame: { x: -40, y: 100, width: 1200, height: 900 },
      channels: 'rgba' as const,
    },
    { name: 'the alpha alone', frame: { x: 0, y: -31, width, height: 1000 }, channels: 'alpha' as const },
  ])('encodes $name in two halves into the pixels of one encode', async ({ frame, channels }) => {
    const halves = await encodeCutout({ ...cutout(frame, channels), config: DEFAULT_ENCODE });
    const whole = await encodeCutout({
      ...cutout(frame, channels),
      config: { ...DEFAULT_ENCODE, pngInHalves: false },
    });
    // Other bytes (the bottom half's stream starts afresh), the same pixels.
    expect(Buffer.compare(halves, whole)).not.toBe(0);
    inflateSync(idat(Buffer.from(halves.buffer, halves.byteOffset, halves.byteLength)));
    // An array that owns all of its memory, not a Buffer: the worker moves it without a copy.
    expect(Buffer.isBuffer(halves)).toBe(false);
    expect([halves.byteOffset, halves.byteLength]).toEqual([0, halves.buffer.byteLength]);
    const [a, b] = await Promise.all([sharp(halves).raw().toBuffer(), sharp(whole).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it('splits where the visible pixels divide in two: a subject low in the frame', async () => {
    const low = Uint8Array.from(alpha);
    low.fill(0, 0, width * 700);
    const options = { ...cutout({ x: 0, y: 0, width, height }, 'rgba'), alpha: low };
    const halves = await encodeCutout({ ...options, config: DEFAULT_ENCODE });
    const whole = await encodeCutout({ ...options, config: { ...DEFAULT_ENCODE, pngInHalves: false } });
    expect(Buffer.compare(halves, whole)).not.toBe(0);
    const [a, b] = await Promise.all([sharp(halves).raw().toBuffer(), sharp(whole).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it('encodes small frames, and frames over a backdrop, in one piece', async () => {
    const oneEncode = { ...DEFAULT_ENCODE, pngInHalves: false };
    const small = cutout({ x: 0, y: 0, width: 1000, height: 900 }, 'rgba');
    const coloured = {
      ...cutout({ x: 0, y: 0, width, height }, 'rgba'),
      backdrop: { kind: 'color' as const, color: { r: 10, g: 20, b: 30, a: 128 } },
    };
    for (const options of [small, coloured]) {
      const [a, b] = await Promise.all([
        encodeCutout({ ...options, config: DEFAULT_ENCODE }),
        encodeCutout({ ...options, config: oneEncode }),
      ]);
      expect(Buffer.compare(a, b)).toBe(0);
    }
  });
});
