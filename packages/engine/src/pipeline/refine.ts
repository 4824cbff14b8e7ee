import sharp from 'sharp';
import { alphaFromCoefficients, type Pixels } from './alpha.ts';
import type { ColourGrid } from './compose.ts';
import { centredInput, plainBytes } from './decode.ts';
import { blurFusionEstimates } from './foreground.ts';
import { applyCoefficients, type GuidedCoefficients, type GuideImage } from './guided.ts';
import { refinedGrid } from './kernels.ts';
import { type AxisMap, axisMap, axisTaps } from './resample.ts';

/** A network mask (0..255) covering the whole image, at the network's resolution. */
export interface MaskData {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Edge refinement settings; the defaults were chosen on the evaluation set (see README). */
export interface RefineConfig {
  /** Guided-filter refinement against the photo; false keeps the resampled network mask. */
  enabled: boolean;
  /** The guided filter runs on a grid of at most this many pixels; its result is upsampled. */
  gridPixels: number;
  /** Foreground colours are estimated on a grid of at most this many pixels (they are smooth). */
  colourPixels: number;
  /** Guided filter window radius as a fraction of the grid's longer side (at least 1 px). */
  radius: number;
  /** Guided filter regulariser on [0,1] colours: larger is smoother, smaller hugs colour edges. */
  eps: number;
  /** Alpha within this many levels of 0 or 255 is snapped there. */
  snap: number;
  /**
   * Network mask values within this many levels of 0 or 255 count as certain and are snapped
   * before filtering: otherwise the filter fits the network's faint noise to the photo's colour
   * noise and speckles the inside of the subject.
   */
  maskSnap: number;
}

export const DEFAULT_REFINE: RefineConfig = {
  enabled: true,
  gridPixels: 1024 * 768,
  colourPixels: 256 * 256,
  radius: 1 / 256,
  eps: 1e-3,
  snap: 3,
  maskSnap: 24,
};

/**
 * Blur-fusion radii (45 and 3 px) were published for roughly megapixel images; they are scaled to
 * the grid, but the first never drops below 8 px: it must reach past the soft edge to pure colours.
 */
const FUSION_RADII_AT_1024 = [45, 3] as const;
const FUSION_MIN_RADII = [8, 1] as const;

/** The photo at the refinement grid's size: interleaved 8-bit RGB. */
export interface PreparedGuide {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Size of the refinement grid for an image: the image itself, or scaled to gridPixels. */
export function gridSize(image: { width: number; height: number }, config: RefineConfig) {
  return fitPixels(image, config.gridPixels);
}

/** First half of refinement, needing only the photo: the photo resized to the refinement grid. */
export async function prepareGuide(options: { image: Pixels; config: RefineConfig }): Promise<PreparedGuide> {
  const { image, config } = options;
  const grid = gridSize(image, config);
  return gridGuide(await rgbAt(image, grid), grid);
}

/** The same from the photo already decoded at the grid's size (large photos: no full-size resize). */
export function gridGuide(rgb: Uint8Array, grid: { width: number; height: number }): PreparedGuide {
  return { rgb, width: grid.width, height: grid.height };
}

/**
 * Second half: the refined full-resolution alpha and, unless `colours` is false (a mask-only
 * result), the colour estimates for compositing. Everything but the last step works on the grid,
 * so the full-size photo may still be decoding (a promise) while it runs.
 */
export async function refineMask(options: {
  image: Pixels | Promise<Pixels>;
  prepared: PreparedGuide;
  mask: MaskData;
  /** The photo's size (after EXIF orientation) that the network's input was sampled from. */
  original: { width: number; height: number };
  config: RefineConfig;
  colours?: boolean;
}): Promise<{ alpha: Uint8Array; colours: ColourGrid | null }> {
  const { image, prepared, config } = options;
  const grid = { width: prepared.width, height: prepared.height };
  const mask = alignMask(options.mask, options.original);
  const radius = Math.max(1, Math.round(Math.max(grid.width, grid.height) * config.radius));
  const withColours = options.colours !== false;
  const factor = withColours ? colourFactor(grid, config) : null;
  const refined = refinedGrid({
    rgb: prepared.rgb,
    grid,
    ...(await maskSource(mask, grid)),
    maskSnap: config.maskSnap,
    guided: config.enabled ? { radius, eps: config.eps } : null,
    factor,
  });
  const [ar, ag, ab, b] = refined.coefficients;
  const coeffs: GuidedCoefficients = { ar, ag, ab, b, ...grid };
  const colours = refined.colours
    ? colourEstimates({
        small: refined.colours.image,
        smallAlpha: refined.colours.alpha ?? applyCoefficients(coeffs, refined.colours.image),
      })
    : null;
  const alpha = alphaFromCoefficients({ image: await image, coeffs, snap: config.snap });
  return { alpha, colours };
}

/** Foreground and background colour estimates on a coarse grid (see blurFusionEstimates). */
function colourEstimates(options: { small: GuideImage; smallAlpha: Float32Array }): ColourGrid {
  const { small, smallAlpha } = options;
  const scale = Math.max(small.width, small.height) / 1024;
  const radii = FUSION_RADII_AT_1024.map((r, i) => Math.max(FUSION_MIN_RADII[i]!, Math.round(r * scale))) as [
    number,
    number,
  ];
  const estimates = blurFusionEstimates({ image: small, alpha: smallAlpha, radii });
  return { ...estimates, width: small.width, height: small.height };
}

/** The side of the blocks the colour grid averages: it has at most colourPixels cells. */
function colourFactor(guide: { width: number; height: number }, config: RefineConfig): number {
  return Math.ceil(Math.sqrt((guide.width * guide.height) / config.colourPixels));
}

function fitPixels(image: { width: number; height: number }, maxPixels: number) {
  const { width, height } = image;
  if (width * height <= maxPixels) return { width, height };
  const k = Math.sqrt(maxPixels / (width * height));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

async function rgbAt(image: Pixels, grid: { width: number; height: number }): Promise<Uint8Array> {
  if (grid.width === image.width && grid.height === image.height) return image.data;
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  return plainBytes(
    await sharp(image.data, { raw }).resize(grid.width, grid.height, { fit: 'fill' }).raw().toBuffer(),
  );
}

/**
 * The network's mask and the axis maps that resample it onto the grid (bilinear, in the kernel):
 * close to the network's size (large photos) plain bilinear needs no anti-aliasing, and is cheap;
 * further down sharp resizes it first, and the maps are the identity.
 */
async function maskSource(
  mask: MaskData,
  grid: { width: number; height: number },
): Promise<{ mask: { data: Uint8Array; width: number }; xs: AxisMap; ys: AxisMap }> {
  const { width, height } = grid;
  if (width * 2 >= mask.width && height * 2 >= mask.height) {
    return { mask, xs: axisMap(width, mask.width), ys: axisMap(height, mask.height) };
  }
  const raw = { width: mask.width, height: mask.height, channels: 1 as const };
  const data = await sharp(mask.data, { raw })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { mask: { data: plainBytes(data), width }, xs: axisMap(width, width), ys: axisMap(height, height) };
}

/**
 * The network's mask brought back to pixel-centre alignment with the photo. Its input pixel X was
 * the photo at X·W/w (see decodeModelInput; not for large photos, whose input was a pixel-centre
 * resize: their mask is returned as it is), while a pixel-centre resize would have put it at
 * (X + 0.5)·W/w − 0.5: the mask is resampled at X + δ, δ = (1 − w/W)/2 input pixels per axis, so that
 * every later resize can assume centres.
 */
export function alignMask(mask: MaskData, original: { width: number; height: number }): MaskData {
  const { width, height, data } = mask;
  // A large photo's input was a pixel-centre resize already.
  if (centredInput(original, mask)) return mask;
  const dx = 0.5 * (1 - width / original.width);
  const dy = 0.5 * (1 - height / original.height);
  const xs = axisTaps(width, width, (x) => x + dx);
  const ys = axisTaps(height, height, (y) => y + dy);
  return { data: shifted(data, width, height, xs, ys), width, height };
}

/** alignMask's loop (positional parameters: see upsampledAlpha in alpha.ts). */
function shifted(data: Uint8Array, width: number, height: number, xs: AxisMap, ys: AxisMap): Uint8Array {
  const { i0: xi0, i1: xi1, w: xw } = xs;
  const { i0: yi0, i1: yi1, w: yw } = ys;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const r0 = yi0[y]! * width;
    const r1 = yi1[y]! * width;
    const wy = yw[y]!;
    for (let x = 0; x < width; x++) {
      const a = xi0[x]!;
      const b = xi1[x]!;
      const wx = xw[x]!;
      const top = data[r0 + a]! + (data[r0 + b]! - data[r0 + a]!) * wx;
      const bottom = data[r1 + a]! + (data[r1 + b]! - data[r1 + a]!) * wx;
      out[y * width + x] = Math.round(top + (bottom - top) * wy);
    }
  }
  return out;
}
