/** For each destination index: the two source taps and the weight of the second (bilinear). */
export interface AxisMap {
  i0: Int32Array;
  i1: Int32Array;
  w: Float32Array;
}

/** Pixel-centre aligned bilinear sampling positions from a `src`-long axis onto a `dst`-long one. */
export function axisMap(dst: number, src: number): AxisMap {
  const scale = src / dst;
  return axisTaps(dst, src, (i) => (i + 0.5) * scale - 0.5);
}

/** Bilinear taps for `dst` positions on a `src`-long axis: position(i) in source pixels, clamped to the edges. */
export function axisTaps(dst: number, src: number, position: (i: number) => number): AxisMap {
  const i0 = new Int32Array(dst);
  const i1 = new Int32Array(dst);
  const w = new Float32Array(dst);
  for (let i = 0; i < dst; i++) {
    const pos = Math.min(src - 1, Math.max(0, position(i)));
    const lo = Math.floor(pos);
    i0[i] = lo;
    i1[i] = Math.min(src - 1, lo + 1);
    w[i] = pos - lo;
  }
  return { i0, i1, w };
}
