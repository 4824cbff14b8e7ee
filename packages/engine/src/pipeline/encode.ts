import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import type { Rgba } from '../colors.ts';
import type { Pixels } from './alpha.ts';
import type { Box } from './frame.ts';
import { joinPngRows, TAIL_BYTES } from './png-join.ts';
import { writeZip } from './zip.ts';

/** Encoded output formats; 'zip' is remove.bg's pair of color.jpg and alpha.png. */
export type ImageFormat = 'png' | 'jpg' | 'webp' | 'avif' | 'zip';

export const MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  zip: 'application/zip',
};

/** What shows behind the subject: nothing, a colour, or RGBA pixels the size of the frame. */
export type Backdrop =
  | { kind: 'none' }
  | { kind: 'color'; color: Rgba }
  | { kind: 'image'; rgba: Uint8Array };

/**
 * Encoder settings. PNG level 1 (zlib-ng's fastest) is about twice as fast as level 2 for 15-25%
 * larger files on photos; the cut-out's transparent area compresses to nearly nothing either way.
 */
export interface EncodeConfig {
  pngCompressionLevel: number;
  jpegQuality: number;
  webpQuality: number;
  /** AVIF at 60 looks like JPEG at 90 in half the bytes; effort 2 of 9 keeps encoding near WEBP's time. */
  avifQuality: number;
  avifEffort: number;
  /**
   * A PNG of at least 1 MP without a backdrop, at level 1, is encoded as two halves side by side
   * and joined (libvips compresses on one thread): ~0.8 of the time on two cores (README).
   */
  pngInHalves: boolean;
}

export const DEFAULT_ENCODE: EncodeConfig = {
  pngCompressionLevel: 1,
  jpegQuality: 90,
  webpQuality: 90,
  avifQuality: 60,
  avifEffort: 2,
  pngInHalves: true,
};

/** What encodeCutout needs: the prepared photo, its alpha, the frame, what goes behind, and how to encode. */
export interface CutoutToEncode {
  image: Pixels;
  alpha: Uint8Array;
  frame: Box;
  channels: 'rgba' | 'alpha';
  backdrop: Backdrop;
  opaque: boolean;
  format: ImageFormat;
  config: EncodeConfig;
}

/**
 * Crops to `frame` (extending with transparency past the image), joins the alpha, puts the backdrop
 * behind and encodes, all in one libvips pipeline. `image` must already hold prepared colours.
 */
export async function encodeCutout(options: CutoutToEncode): Promise<Uint8Array> {
  const { format, config } = options;
  if (format === 'zip') return encodeZip(options);
  if (format === 'png')
    return (inHalves(options) && (await encodePngInHalves(options))) || encodePng(options);
  const pipeline = await composite(options);
  if (format === 'webp')
    return pipeline.webp({ quality: config.webpQuality, alphaQuality: 100, effort: 2 }).toBuffer();
  if (format === 'avif')
    return pipeline.avif({ quality: config.avifQuality, effort: config.avifEffort }).toBuffer();
  return pipeline.jpeg({ quality: config.jpegQuality }).toBuffer();
}

async function encodePng(options: CutoutToEncode): Promise<Buffer> {
  return (await composite(options)).png({ compressionLevel: options.config.pngCompressionLevel }).toBuffer();
}

const HALVES_MIN_PIXELS = 1_000_000;
const HALF_MIN_ROWS = 16;
const CORES = os.availableParallelism();
/** Cleared when a join fails: this libvips does not write what png-join.ts reads (another zlib). */
let halvesJoin = true;

function inHalves(options: CutoutToEncode): boolean {
  const { frame, config } = options;
  return (
    halvesJoin &&
    config.pngInHalves &&
    config.pngCompressionLevel === 1 &&
    CORES > 1 &&
    options.backdrop.kind === 'none' &&
    !options.opaque &&
    frame.width * frame.height >= HALVES_MIN_PIXELS &&
    frame.height >= 2 * HALF_MIN_ROWS
  );
}

/**
 * The frame's top and bottom halves encoded side by side and joined into one PNG (png-join.ts), as
 * a plain view of the join's array: memory of V8's own, which the worker hands over to the engine's
 * thread as it is (a Buffer it copies first, as it must sharp's: worker.ts, `ownBytes`).
 */
async function encodePngInHalves(options: CutoutToEncode): Promise<Uint8Array | null> {
  const { frame } = options;
  const rows = balancedSplit(options);
  const top = { ...options, frame: { ...frame, height: rows } };
  const bottom = { ...options, frame: { ...frame, y: frame.y + rows, height: frame.height - rows } };
  const [topPng, bottomPng] = await Promise.all([encodePng(top), encodePng(bottom)]);
  const joined = joinPngRows({ top: topPng, bottom: bottomPng, topTail: filteredTail(top, TAIL_BYTES) });
  if (!joined) halvesJoin = false;
  return joined && new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}

/**
 * The row that splits the compression's work in two halves. Deflate's time follows the pixels that
 * show: runs of transparent pixels cost next to nothing, so a subject in the lower half of the
 * frame would leave the top's encode idle most of the time (the bench photo: 1.5 and 7.3 MB, 30 and
 * 75 ms, split at the middle). Rows are weighted by their visible pixels, sampled every fourth
 * pixel of every fourth row (~1 ms at 12 MP), with a little for each transparent one.
 */
function balancedSplit(options: CutoutToEncode): number {
  const { alpha, image, frame } = options;
  const step = 4;
  const x0 = Math.max(0, frame.x);
  const x1 = Math.min(image.width, frame.x + frame.width);
  const samples = Math.ceil(frame.height / step);
  const weights = new Float64Array(samples);
  let total = 0;
  for (let s = 0; s < samples; s++) {
    const y = frame.y + s * step;
    let shown = 0;
    if (y >= 0 && y < image.height && x1 > x0) {
      for (let i = y * image.width + x0, end = y * image.width + x1; i < end; i += step) {
        if (alpha[i] !== 0) shown++;
      }
    }
    weights[s] = shown * step + frame.width / 16;
    total += weights[s]!;
  }
  let sum = 0;
  let row = 0;
  for (let s = 0; s < samples && sum < total / 2; s++, row += step) sum += weights[s]!;
  return Math.min(frame.height - HALF_MIN_ROWS, Math.max(HALF_MIN_ROWS, row));
}

/**
 * The last `bytes` bytes of the frame's rows as a PNG without filters holds them (a 0 before each
 * row; RGBA, or the alpha alone; transparent past the photo), for the join to check against.
 */
function filteredTail(options: CutoutToEncode, bytes: number): Uint8Array {
  const { image, alpha, frame } = options;
  const perPixel = options.channels === 'alpha' ? 1 : 4;
  const rowLength = 1 + frame.width * perPixel;
  const rows = Math.min(frame.height, Math.ceil(bytes / rowLength));
  const out = new Uint8Array(rows * rowLength);
  const x0 = Math.max(0, frame.x);
  const x1 = Math.min(image.width, frame.x + frame.width);
  for (let row = 0; row < rows; row++) {
    const y = frame.y + frame.height - rows + row;
    if (y < 0 || y >= image.height) continue;
    let at = row * rowLength + 1 + (x0 - frame.x) * perPixel;
    for (let i = y * image.width + x0, end = y * image.width + x1; i < end; i++) {
      if (perPixel === 4) {
        out[at++] = image.data[3 * i]!;
        out[at++] = image.data[3 * i + 1]!;
        out[at++] = image.data[3 * i + 2]!;
      }
      out[at++] = alpha[i]!;
    }
  }
  return out.subarray(Math.max(0, out.length - bytes));
}

/**
 * remove.bg's ZIP: the result's colour channels as color.jpg and its alpha as alpha.png (8-bit
 * grey), so that joining them gives the PNG. Without a backdrop the two come straight from the
 * prepared planes, with no RGBA copy of the result; with one, from the composite.
 */
async function encodeZip(options: CutoutToEncode): Promise<Buffer> {
  const { config } = options;
  let colour: Sharp;
  let alpha: Sharp;
  if (options.backdrop.kind === 'none') {
    const planes = framed(options);
    colour = withExtend(planes.colour(), planes.extend, { r: 0, g: 0, b: 0, alpha: 1 });
    alpha = planes.alpha();
  } else {
    const { data, info } = await (await composite({ ...options, channels: 'rgba', opaque: false }))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: 4 as const };
    colour = sharp(data, { raw }).removeAlpha();
    alpha = sharp(data, { raw }).extractChannel(3).toColourspace('b-w');
  }
  const [color, matte] = await Promise.all([
    colour.jpeg({ quality: config.jpegQuality }).toBuffer(),
    alpha.png({ compressionLevel: config.pngCompressionLevel }).toBuffer(),
  ]);
  return writeZip([
    { name: 'color.jpg', data: color },
    { name: 'alpha.png', data: matte },
  ]);
}

/** The frame's part of the photo and of the alpha, and how far the frame reaches past the photo. */
function framed(options: CutoutToEncode) {
  const { image, alpha, frame } = options;
  const inner = {
    x: Math.max(0, frame.x),
    y: Math.max(0, frame.y),
    right: Math.min(image.width, frame.x + frame.width),
    bottom: Math.min(image.height, frame.y + frame.height),
  };
  const width = inner.right - inner.x;
  const height = inner.bottom - inner.y;
  const extend = {
    top: inner.y - frame.y,
    left: inner.x - frame.x,
    bottom: frame.y + frame.height - inner.bottom,
    right: frame.x + frame.width - inner.right,
  };
  const cut = (data: Uint8Array, channels: number) =>
    crop({ data, channels, imageWidth: image.width, inner });
  return {
    width,
    height,
    extend,
    cutAlpha: () => cut(alpha, 1),
    /** The frame's colours, not extended. */
    colour: () => sharp(cut(image.data, 3), { raw: { width, height, channels: 3 } }),
    /** The frame's alpha as an 8-bit grey image, extended with 0. */
    alpha: () =>
      withExtend(sharp(cut(alpha, 1), { raw: { width, height, channels: 1 } }), extend, {
        r: 0,
        g: 0,
        b: 0,
        alpha: 1,
      }).toColourspace('b-w'),
  };
}

/** The frame as one libvips pipeline: the alpha alone, or the subject (over the backdrop if any). */
async function composite(options: CutoutToEncode): Promise<Sharp> {
  const { frame, backdrop } = options;
  const planes = framed(options);
  if (options.channels === 'alpha') return planes.alpha();
  const { width, height, extend } = planes;
  const subject = planes.colour().joinChannel(asBuffer(planes.cutAlpha()), {
    raw: { width, height, channels: 1 },
  });
  let pipeline: Sharp;
  if (backdrop.kind === 'none') {
    pipeline = withExtend(subject, extend, { r: 0, g: 0, b: 0, alpha: 0 });
  } else {
    // libvips composites onto the first image, so the backdrop is the base and the subject is
    // laid over it at its offset in the frame (a crop margin may reach past the photo).
    const rgba = await subject.raw().toBuffer();
    const size = { width: frame.width, height: frame.height, channels: 4 as const };
    pipeline =
      backdrop.kind === 'image'
        ? sharp(asBuffer(backdrop.rgba), { raw: size })
        : sharp({ create: { ...size, background: toSharpColour(backdrop.color) } });
    pipeline = pipeline.composite([
      { input: rgba, raw: { width, height, channels: 4 }, top: extend.top, left: extend.left },
    ]);
  }
  return options.opaque ? pipeline.removeAlpha() : pipeline;
}

function toSharpColour(color: Rgba) {
  return { r: color.r, g: color.g, b: color.b, alpha: color.a / 255 };
}

function withExtend(
  pipeline: Sharp,
  extend: { top: number; left: number; bottom: number; right: number },
  background: { r: number; g: number; b: number; alpha: number },
): Sharp {
  const { top, left, bottom, right } = extend;
  return top || left || bottom || right
    ? pipeline.extend({ top, left, bottom, right, background })
    : pipeline;
}

/** Copies the rows of `inner` out of an interleaved image (no copy when they are whole rows). */
function crop(options: {
  data: Uint8Array;
  channels: number;
  imageWidth: number;
  inner: { x: number; y: number; right: number; bottom: number };
}): Uint8Array {
  const { data, channels, imageWidth, inner } = options;
  const rowBytes = (inner.right - inner.x) * channels;
  // Whole rows (the image, or a band of it such as half the frame) are a view.
  if (inner.x === 0 && inner.right === imageWidth)
    return data.subarray(inner.y * rowBytes, inner.bottom * rowBytes);
  const out = new Uint8Array(rowBytes * (inner.bottom - inner.y));
  for (let y = inner.y; y < inner.bottom; y++) {
    const from = (y * imageWidth + inner.x) * channels;
    out.set(data.subarray(from, from + rowBytes), (y - inner.y) * rowBytes);
  }
  return out;
}

/** sharp's typings want a Buffer for joined and composited inputs; this is a view, not a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
