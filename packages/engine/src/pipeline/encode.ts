import sharp, { type Sharp } from 'sharp';
import type { Rgba } from '../colors.ts';
import type { Pixels } from './alpha.ts';
import type { Box } from './frame.ts';
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
}

export const DEFAULT_ENCODE: EncodeConfig = {
  pngCompressionLevel: 1,
  jpegQuality: 90,
  webpQuality: 90,
  avifQuality: 60,
  avifEffort: 2,
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
export async function encodeCutout(options: CutoutToEncode): Promise<Buffer> {
  const { format, config } = options;
  if (format === 'zip') return encodeZip(options);
  const pipeline = await composite(options);
  if (format === 'png') return pipeline.png({ compressionLevel: config.pngCompressionLevel }).toBuffer();
  if (format === 'webp')
    return pipeline.webp({ quality: config.webpQuality, alphaQuality: 100, effort: 2 }).toBuffer();
  if (format === 'avif')
    return pipeline.avif({ quality: config.avifQuality, effort: config.avifEffort }).toBuffer();
  return pipeline.jpeg({ quality: config.jpegQuality }).toBuffer();
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

/** Copies the rows of `inner` out of an interleaved image (no copy when `inner` is the whole image). */
function crop(options: {
  data: Uint8Array;
  channels: number;
  imageWidth: number;
  inner: { x: number; y: number; right: number; bottom: number };
}): Uint8Array {
  const { data, channels, imageWidth, inner } = options;
  const imageHeight = data.length / channels / imageWidth;
  if (inner.x === 0 && inner.y === 0 && inner.right === imageWidth && inner.bottom === imageHeight)
    return data;
  const rowBytes = (inner.right - inner.x) * channels;
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
