/**
 * Mean over the (2r+1)² window around every pixel, the window clipped at the borders; O(1) per
 * pixel (prefix sums along rows, a running sum down columns), so the radius costs nothing.
 * `dst` may be `src`; `tmp` is scratch of the same size.
 */
export function boxMean(options: {
  src: Float32Array;
  dst: Float32Array;
  tmp: Float32Array;
  width: number;
  height: number;
  radius: number;
}): void {
  const { src, dst, tmp, width, height, radius } = options;
  boxMeanInto(src, dst, tmp, width, height, radius);
}

/** boxMean's loops (positional parameters: see upsampledAlpha in alpha.ts). */
export function boxMeanInto(
  src: Float32Array,
  dst: Float32Array,
  tmp: Float32Array,
  w: number,
  h: number,
  radius: number,
): void {
  const r = Math.max(0, Math.floor(radius));
  const hiX = new Int32Array(w);
  const loX = new Int32Array(w);
  const invX = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    hiX[x] = Math.min(w, x + r + 1);
    loX[x] = Math.max(0, x - r);
    invX[x] = 1 / (hiX[x]! - loX[x]!);
  }
  const prefix = new Float64Array(w + 1);
  for (let row = 0; row < w * h; row += w) {
    let sum = 0;
    for (let x = 0; x < w; x++) {
      sum += src[row + x]!;
      prefix[x + 1] = sum;
    }
    for (let x = 0; x < w; x++) tmp[row + x] = (prefix[hiX[x]!]! - prefix[loX[x]!]!) * invX[x]!;
  }
  // Down the columns with one accumulator per column: memory is read row by row.
  const acc = new Float64Array(w);
  for (let y = 0; y <= Math.min(r, h - 1); y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) acc[x]! += tmp[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const inv = 1 / (Math.min(h, y + r + 1) - Math.max(0, y - r));
    for (let x = 0; x < w; x++) dst[row + x] = acc[x]! * inv;
    const add = y + r + 1 < h ? (y + r + 1) * w : -1;
    const sub = y - r >= 0 ? (y - r) * w : -1;
    if (add >= 0 && sub >= 0) {
      for (let x = 0; x < w; x++) acc[x]! += tmp[add + x]! - tmp[sub + x]!;
    } else if (add >= 0) {
      for (let x = 0; x < w; x++) acc[x]! += tmp[add + x]!;
    } else if (sub >= 0) {
      for (let x = 0; x < w; x++) acc[x]! -= tmp[sub + x]!;
    }
  }
}
