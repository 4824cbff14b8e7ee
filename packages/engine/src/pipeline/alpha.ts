import type { GuidedCoefficients } from './guided.ts';
import { axisMap } from './resample.ts';

/** A decoded photo: interleaved 8-bit RGB, plus its own alpha plane when it had one. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  alpha?: Uint8Array;
}

/**
 * Full-resolution alpha from grid coefficients: each pixel gets a·I + b with a, b bilinearly
 * interpolated (the fast guided filter's upsampling step), times the photo's own alpha if any.
 * Values within `snap` of 0 or 255 are snapped.
 */
export function alphaFromCoefficients(options: {
  image: Pixels;
  coeffs: GuidedCoefficients;
  snap: number;
}): Uint8Array {
  const { image, coeffs, snap } = options;
  const { width, height, data } = image;
  const { ar, ag, ab, b: bk } = coeffs;
  const gw = coeffs.width;
  const mx = axisMap(width, gw);
  const my = axisMap(height, coeffs.height);
  const { start, end } = runsPerColumn(mx.i0, gw);
  const constant = constantCells(coeffs, snap);
  const alpha = new Uint8Array(width * height);
  const lo = snap;
  const hi = 255 - snap;
  const { i1, w } = mx;
  // Output rows between the same two grid rows share their spans: worked out once per pair.
  let spans: Span[] = [];
  let spansR0 = -1;
  let spansR1 = -1;
  for (let y = 0; y < height; y++) {
    const r0 = my.i0[y]! * gw;
    const r1 = my.i1[y]! * gw;
    const wy = my.w[y]!;
    const row = y * width;
    if (r0 !== spansR0 || r1 !== spansR1) {
      spansR0 = r0;
      spansR1 = r1;
      spans = rowSpans({ constant, r0, r1, gw, start, end, next: i1 });
    }
    for (const { x0, x1, value, g } of spans) {
      // Constant stretches (most of a photo) are filled without touching the pixels.
      if (value >= 0) {
        if (value > 0) alpha.fill(value, row + x0, row + x1);
        continue;
      }
      // Otherwise blend the coefficients down to this row once per grid cell; along the cell only
      // the horizontal weight changes.
      const n = i1[x0]!;
      const lr = mix(ar, r0, r1, g, wy);
      const lg = mix(ag, r0, r1, g, wy);
      const lb = mix(ab, r0, r1, g, wy);
      const lk = mix(bk, r0, r1, g, wy) * 255;
      const dr = mix(ar, r0, r1, n, wy) - lr;
      const dg = mix(ag, r0, r1, n, wy) - lg;
      const db = mix(ab, r0, r1, n, wy) - lb;
      const dk = mix(bk, r0, r1, n, wy) * 255 - lk;
      for (let x = x0, p = (row + x0) * 3; x < x1; x++, p += 3) {
        const t = w[x]!;
        const v =
          (lr + dr * t) * data[p]! +
          (lg + dg * t) * data[p + 1]! +
          (lb + db * t) * data[p + 2]! +
          lk +
          dk * t;
        alpha[row + x] = v <= lo ? 0 : v >= hi ? 255 : v + 0.5;
      }
    }
  }
  if (image.alpha) multiplyInPlace(alpha, image.alpha);
  return alpha;
}

/** Output columns [x0, x1) of a row: constant `value` (0 or 255), or -1 to compute from grid cell g. */
interface Span {
  x0: number;
  x1: number;
  value: number;
  g: number;
}

/**
 * The spans of output rows that interpolate grid rows r0 and r1: each grid column's run of output
 * columns is constant when its four surrounding cells agree on a constant, and neighbouring
 * constant runs of the same value merge, so a row is a handful of fills around the subject's edges.
 */
function rowSpans(options: {
  constant: Int16Array;
  r0: number;
  r1: number;
  gw: number;
  start: Int32Array;
  end: Int32Array;
  next: Int32Array;
}): Span[] {
  const { constant, r0, r1, gw, start, end, next } = options;
  const spans: Span[] = [];
  for (let g = 0; g < gw; g++) {
    const x0 = start[g]!;
    const x1 = end[g]!;
    if (x1 <= x0) continue;
    const n = next[x0]!;
    const v = constant[r0 + g]!;
    const value =
      v >= 0 && v === constant[r0 + n] && v === constant[r1 + g] && v === constant[r1 + n] ? v : -1;
    const last = spans[spans.length - 1];
    if (value >= 0 && last && last.value === value && last.x1 === x0) last.x1 = x1;
    else spans.push({ x0, x1, value, g });
  }
  return spans;
}

function mix(plane: Float32Array, r0: number, r1: number, g: number, wy: number): number {
  const a = plane[r0 + g]!;
  return a + (plane[r1 + g]! - a) * wy;
}

/** Per grid cell: 0 or 255 when alpha there is that value whatever the colour (after snapping), else -1. */
function constantCells(c: GuidedCoefficients, snap: number): Int16Array {
  const out = new Int16Array(c.width * c.height);
  const lo = snap;
  const hi = 255 - snap;
  for (let i = 0; i < out.length; i++) {
    const spread = (Math.abs(c.ar[i]!) + Math.abs(c.ag[i]!) + Math.abs(c.ab[i]!)) * 255;
    const base = c.b[i]! * 255;
    out[i] = base + spread <= lo ? 0 : base - spread >= hi ? 255 : -1;
  }
  return out;
}

/** alpha ← alpha × other / 255, for photos that had their own transparency. */
function multiplyInPlace(alpha: Uint8Array, other: Uint8Array): void {
  for (let i = 0; i < alpha.length; i++) alpha[i] = (alpha[i]! * other[i]! + 127) / 255;
}

/** For each grid column g, the output x range whose left tap is g (runs are contiguous). */
function runsPerColumn(i0: Int32Array, gw: number): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(gw);
  const end = new Int32Array(gw);
  for (let x = i0.length - 1; x >= 0; x--) start[i0[x]!] = x;
  for (let x = 0; x < i0.length; x++) end[i0[x]!] = x + 1;
  return { start, end };
}

/**
 * `alpha` seen four pixels at a time (whole words only; the last `length % 4` pixels are not in it),
 * or null when its offset is not aligned for a 32-bit view. Opaque stretches read 0xffffffff, clear
 * ones 0: scans over mostly constant alpha skip a quarter of the reads.
 */
export function alphaWords(alpha: Uint8Array): Uint32Array | null {
  return alpha.byteOffset % 4 === 0
    ? new Uint32Array(alpha.buffer, alpha.byteOffset, alpha.length >> 2)
    : null;
}
