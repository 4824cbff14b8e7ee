import { alphaWords, type Pixels } from './alpha.ts';
import type { ColourEstimates } from './foreground.ts';
import { type AxisMap, axisMap } from './resample.ts';

/** Foreground colour estimates on a grid (see blurFusionEstimates). */
export interface ColourGrid extends ColourEstimates {
  width: number;
  height: number;
}

/**
 * Prepares the photo's colours for compositing, in place: where alpha is partial the pixel gets the
 * subject's estimated foreground colour (no halo of the old background); where alpha is 0 and the
 * result stays transparent, black (invisible, and it compresses to nothing). Alpha is read four
 * pixels at a time where it can be, so opaque and transparent stretches (most of a photo) cost a
 * quarter of a pass, and the estimates are interpolated only at the grid columns that the edge's
 * pixels use: the cost follows the edge's length.
 */
export function prepareColours(options: {
  image: Pixels;
  alpha: Uint8Array;
  colours: ColourGrid;
  clearTransparent: boolean;
}): void {
  const { image, alpha, colours, clearTransparent } = options;
  const { fr, fg, fb, br, bg, bb } = colours;
  paintColours(
    image.data,
    image.width,
    image.height,
    alpha,
    [fr, fg, fb, br, bg, bb],
    colours.width,
    colours.height,
    clearTransparent,
  );
}

/** prepareColours' loop (positional parameters: see upsampledAlpha in alpha.ts). */
function paintColours(
  data: Uint8Array,
  width: number,
  height: number,
  alpha: Uint8Array,
  planes: Float32Array[],
  gw: number,
  gh: number,
  clearTransparent: boolean,
): void {
  const n = width * height;
  const mx = axisMap(width, gw);
  const my = axisMap(height, gh);
  // The six estimates blended down to the current output row, per grid column, when first needed.
  const blended = new Float32Array(6 * gw);
  const blendedRow = new Int32Array(gw).fill(-1);
  // Start of a run of alpha 0 whose colours are not cleared yet.
  let clearFrom = -1;
  const words = alphaWords(alpha);
  const wordCount = words ? words.length : 0;
  for (let i = 0; i < n; ) {
    // Four pixels at a time where the alpha is clear or opaque throughout.
    if (i < wordCount * 4 && (i & 3) === 0) {
      const four = words![i >> 2]!;
      if (four === 0) {
        if (clearFrom < 0) clearFrom = i;
        i += 4;
        continue;
      }
      if (four === 0xffffffff) {
        clearFrom = endClearRun(data, clearFrom, i, clearTransparent);
        i += 4;
        continue;
      }
    }
    const a8 = alpha[i]!;
    if (a8 === 0) {
      if (clearFrom < 0) clearFrom = i;
      i++;
      continue;
    }
    clearFrom = endClearRun(data, clearFrom, i, clearTransparent);
    if (a8 !== 255) paintPixel(data, i, a8, width, mx, my, planes, gw, blended, blendedRow);
    i++;
  }
  endClearRun(data, clearFrom, n, clearTransparent);
}

/** Ends a run of alpha 0 at pixel `end`, clearing its colours if asked; returns the new run start: none. */
function endClearRun(data: Uint8Array, from: number, end: number, clear: boolean): number {
  if (from >= 0 && clear) data.fill(0, from * 3, end * 3);
  return -1;
}

/** One pixel of partial alpha gets the estimated foreground colour (see `estimate`). */
function paintPixel(
  data: Uint8Array,
  i: number,
  a8: number,
  width: number,
  mx: AxisMap,
  my: AxisMap,
  planes: Float32Array[],
  gw: number,
  blended: Float32Array,
  blendedRow: Int32Array,
): void {
  const y = Math.floor(i / width);
  const x = i - y * width;
  const g0 = mx.i0[x]!;
  const g1 = mx.i1[x]!;
  const t = mx.w[x]!;
  blendColumn(g0, y, my, planes, gw, blended, blendedRow);
  blendColumn(g1, y, my, planes, gw, blended, blendedRow);
  const a = a8 / 255;
  const p = i * 3;
  for (let c = 0; c < 3; c++) {
    const fore = lerp(blended, g0 * 6 + c, g1 * 6 + c, t);
    const back = lerp(blended, g0 * 6 + c + 3, g1 * 6 + c + 3, t);
    data[p + c] = estimate(data[p + c]!, a, fore, back);
  }
}

/** The six estimates of grid column g blended down to output row y, unless they already are. */
function blendColumn(
  g: number,
  y: number,
  my: AxisMap,
  planes: Float32Array[],
  gw: number,
  blended: Float32Array,
  blendedRow: Int32Array,
): void {
  if (blendedRow[g] === y) return;
  blendedRow[g] = y;
  const r0 = my.i0[y]! * gw + g;
  const r1 = my.i1[y]! * gw + g;
  const wy = my.w[y]!;
  for (let k = 0; k < 6; k++) {
    const plane = planes[k]!;
    const a = plane[r0]!;
    blended[g * 6 + k] = a + (plane[r1]! - a) * wy;
  }
}

function lerp(values: Float32Array, i0: number, i1: number, t: number): number {
  const a = values[i0]!;
  return a + (values[i1]! - a) * t;
}

/** Final blur-fusion step: F = F̄ + α(I − αF̄ − (1−α)B̄), rounded and clamped to 0..255. */
function estimate(pixel: number, a: number, fore: number, back: number): number {
  const f = fore + a * (pixel - a * fore - (1 - a) * back);
  return f < 0 ? 0 : f > 255 ? 255 : f + 0.5;
}
