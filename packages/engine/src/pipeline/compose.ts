import type { Pixels } from './alpha.ts';
import type { ColourEstimates } from './foreground.ts';
import { axisMap, blendRows } from './resample.ts';

/** Foreground colour estimates on a grid (see blurFusionEstimates). */
export interface ColourGrid extends ColourEstimates {
  width: number;
  height: number;
}

/**
 * Prepares the photo's colours for compositing, in place: where alpha is partial the pixel gets the
 * subject's estimated foreground colour (no halo of the old background); where alpha is 0 and the
 * result stays transparent, black (invisible, and it compresses to nothing). Opaque pixels and
 * fully transparent stretches are skipped or filled, so the cost follows the edge length.
 */
export function prepareColours(options: {
  image: Pixels;
  alpha: Uint8Array;
  colours: ColourGrid;
  clearTransparent: boolean;
}): void {
  const { image, alpha, colours, clearTransparent } = options;
  const { width, height, data } = image;
  const gw = colours.width;
  const mx = axisMap(width, gw);
  const my = axisMap(height, colours.height);
  const planes = [colours.fr, colours.fg, colours.fb, colours.br, colours.bg, colours.bb];
  const rows = planes.map(() => new Float32Array(gw));
  const [fR, fG, fB, bR, bG, bB] = rows as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let rowReady = false;
    let x = 0;
    while (x < width) {
      const a8 = alpha[row + x]!;
      if (a8 === 255) {
        x++;
        continue;
      }
      if (a8 === 0) {
        let end = x + 1;
        while (end < width && alpha[row + end] === 0) end++;
        if (clearTransparent) data.fill(0, (row + x) * 3, (row + end) * 3);
        x = end;
        continue;
      }
      if (!rowReady) {
        blendRows({ planes, out: rows, width: gw, y0: my.i0[y]!, y1: my.i1[y]!, weight: my.w[y]! });
        rowReady = true;
      }
      const a = a8 / 255;
      const i0 = mx.i0[x]!;
      const i1 = mx.i1[x]!;
      const t = mx.w[x]!;
      const p = (row + x) * 3;
      data[p] = estimate(data[p]!, a, lerp(fR, i0, i1, t), lerp(bR, i0, i1, t));
      data[p + 1] = estimate(data[p + 1]!, a, lerp(fG, i0, i1, t), lerp(bG, i0, i1, t));
      data[p + 2] = estimate(data[p + 2]!, a, lerp(fB, i0, i1, t), lerp(bB, i0, i1, t));
      x++;
    }
  }
}

function lerp(row: Float32Array, i0: number, i1: number, t: number): number {
  const a = row[i0]!;
  return a + (row[i1]! - a) * t;
}

/** Final blur-fusion step: F = F̄ + α(I − αF̄ − (1−α)B̄), rounded and clamped to 0..255. */
function estimate(pixel: number, a: number, fore: number, back: number): number {
  const f = fore + a * (pixel - a * fore - (1 - a) * back);
  return f < 0 ? 0 : f > 255 ? 255 : f + 0.5;
}
