import { alphaWords, type Pixels } from './alpha.ts';
import type { ColourEstimates } from './foreground.ts';
import { axisMap } from './resample.ts';

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
  const { width, height, data } = image;
  const n = width * height;
  const gw = colours.width;
  const mx = axisMap(width, gw);
  const my = axisMap(height, colours.height);
  const planes = [colours.fr, colours.fg, colours.fb, colours.br, colours.bg, colours.bb];
  // The six estimates blended down to the current output row, per grid column, when first needed.
  const blended = new Float32Array(6 * gw);
  const blendedRow = new Int32Array(gw).fill(-1);
  const column = (g: number, y: number) => {
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
  };
  const paint = (i: number, a8: number) => {
    const y = Math.floor(i / width);
    const x = i - y * width;
    const g0 = mx.i0[x]!;
    const g1 = mx.i1[x]!;
    const t = mx.w[x]!;
    column(g0, y);
    column(g1, y);
    const a = a8 / 255;
    const p = i * 3;
    for (let c = 0; c < 3; c++) {
      const fore = lerp(blended, g0 * 6 + c, g1 * 6 + c, t);
      const back = lerp(blended, g0 * 6 + c + 3, g1 * 6 + c + 3, t);
      data[p + c] = estimate(data[p + c]!, a, fore, back);
    }
  };
  // Start of a run of alpha 0 whose colours are not cleared yet.
  let clearFrom = -1;
  const clearTo = (end: number) => {
    if (clearTransparent) data.fill(0, clearFrom * 3, end * 3);
    clearFrom = -1;
  };
  const pixel = (i: number) => {
    const a8 = alpha[i]!;
    if (a8 === 0) {
      if (clearFrom < 0) clearFrom = i;
      return;
    }
    if (clearFrom >= 0) clearTo(i);
    if (a8 !== 255) paint(i, a8);
  };
  const words = alphaWords(alpha);
  const wordCount = words ? words.length : 0;
  for (let w = 0; w < wordCount; w++) {
    const four = words![w]!;
    if (four === 0) {
      if (clearFrom < 0) clearFrom = w * 4;
    } else if (four === 0xffffffff) {
      if (clearFrom >= 0) clearTo(w * 4);
    } else {
      for (let i = w * 4; i < w * 4 + 4; i++) pixel(i);
    }
  }
  for (let i = wordCount * 4; i < n; i++) pixel(i);
  if (clearFrom >= 0) clearTo(n);
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
