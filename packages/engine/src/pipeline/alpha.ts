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
  const { ar, ag, ab, b, width: gw, height: gh } = coeffs;
  const alpha = upsampledAlpha(image.data, image.width, image.height, ar, ag, ab, b, gw, gh, snap);
  if (image.alpha) multiplyInPlace(alpha, image.alpha);
  return alpha;
}

// The loops of the refinement and compositing live in functions that see only typed arrays, arrays
// of them and numbers (hence positional parameters, against the codebase's options objects). V8
// drops optimised code whose feedback names the shape of an object that has since died, and each
// removal's option objects (and sharp's Buffers: see plainBytes) die with it, so every loop ran
// unoptimised at the start of each request and was compiled again: 20-30 compilations per 12 MP
// removal, now 0-1 once warm, and ~130 ms less CPU per removal (README, benchmark). jit.test.ts
// keeps it so.

function upsampledAlpha(
  data: Uint8Array,
  width: number,
  height: number,
  ar: Float32Array,
  ag: Float32Array,
  ab: Float32Array,
  bk: Float32Array,
  gw: number,
  gh: number,
  snap: number,
): Uint8Array {
  const mx = axisMap(width, gw);
  const my = axisMap(height, gh);
  const { i0: mxi0, i1, w } = mx;
  const { i0: myi0, i1: myi1, w: myw } = my;
  const { start, end } = runsPerColumn(mxi0, gw);
  const constant = constantCells(ar, ag, ab, bk, snap);
  const alpha = new Uint8Array(width * height);
  const lo = snap;
  const hi = 255 - snap;
  // Spans of a row as (x0, x1, value, g) quadruples: see rowSpans.
  const spans = new Int32Array(4 * gw);
  let count = 0;
  // Output rows between the same two grid rows share their spans: worked out once per pair.
  let spansR0 = -1;
  let spansR1 = -1;
  for (let y = 0; y < height; y++) {
    const r0 = myi0[y]! * gw;
    const r1 = myi1[y]! * gw;
    const wy = myw[y]!;
    const row = y * width;
    if (r0 !== spansR0 || r1 !== spansR1) {
      spansR0 = r0;
      spansR1 = r1;
      count = rowSpans(constant, r0, r1, gw, start, end, i1, spans);
    }
    for (let s = 0; s < count; s += 4) {
      const x0 = spans[s]!;
      const x1 = spans[s + 1]!;
      const value = spans[s + 2]!;
      const g = spans[s + 3]!;
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
  return alpha;
}

/**
 * The spans of output rows that interpolate grid rows r0 and r1, written to `spans` as (x0, x1,
 * value, g) quadruples (output columns [x0, x1); value 0 or 255 when constant, else -1 to compute
 * from grid cell g); returns the quadruples' length. Each grid column's run of output columns is
 * constant when its four surrounding cells agree on a constant, and neighbouring constant runs of
 * the same value merge, so a row is a handful of fills around the subject's edges.
 */
function rowSpans(
  constant: Int16Array,
  r0: number,
  r1: number,
  gw: number,
  start: Int32Array,
  end: Int32Array,
  next: Int32Array,
  spans: Int32Array,
): number {
  let count = 0;
  for (let g = 0; g < gw; g++) {
    const x0 = start[g]!;
    const x1 = end[g]!;
    if (x1 <= x0) continue;
    const n = next[x0]!;
    const v = constant[r0 + g]!;
    const value =
      v >= 0 && v === constant[r0 + n] && v === constant[r1 + g] && v === constant[r1 + n] ? v : -1;
    if (value >= 0 && count > 0 && spans[count - 2] === value && spans[count - 3] === x0) {
      spans[count - 3] = x1;
      continue;
    }
    spans[count] = x0;
    spans[count + 1] = x1;
    spans[count + 2] = value;
    spans[count + 3] = g;
    count += 4;
  }
  return count;
}

function mix(plane: Float32Array, r0: number, r1: number, g: number, wy: number): number {
  const a = plane[r0 + g]!;
  return a + (plane[r1 + g]! - a) * wy;
}

/** Per grid cell: 0 or 255 when alpha there is that value whatever the colour (after snapping), else -1. */
function constantCells(
  ar: Float32Array,
  ag: Float32Array,
  ab: Float32Array,
  b: Float32Array,
  snap: number,
): Int16Array {
  const out = new Int16Array(b.length);
  const lo = snap;
  const hi = 255 - snap;
  for (let i = 0; i < out.length; i++) {
    const spread = (Math.abs(ar[i]!) + Math.abs(ag[i]!) + Math.abs(ab[i]!)) * 255;
    const base = b[i]! * 255;
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
