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
 * Values within `snap` of 0 or 255 are snapped. Stretches where the coefficients say "constant"
 * (most of a photo) are filled without touching the pixels.
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
  const constantRow = constantRows(constant, gw);
  const alpha = new Uint8Array(width * height);
  const lo = snap;
  const hi = 255 - snap;
  const { i1, w } = mx;
  for (let y = 0; y < height; y++) {
    const r0 = my.i0[y]! * gw;
    const r1 = my.i1[y]! * gw;
    const wy = my.w[y]!;
    const row = y * width;
    // Above and below the subject whole rows are constant: fill them at once.
    const whole = constantRow[my.i0[y]!]!;
    if (whole >= 0 && whole === constantRow[my.i1[y]!]) {
      if (whole > 0) alpha.fill(whole, row, row + width);
      continue;
    }
    for (let g = 0; g < gw; g++) {
      const x0 = start[g]!;
      const x1 = end[g]!;
      if (x1 <= x0) continue;
      const n = i1[x0]!;
      // The four grid cells around this run agree on a constant: fill (most of a photo).
      const value = constant[r0 + g]!;
      if (
        value >= 0 &&
        value === constant[r0 + n] &&
        value === constant[r1 + g] &&
        value === constant[r1 + n]
      ) {
        if (value > 0) alpha.fill(value, row + x0, row + x1);
        continue;
      }
      // Otherwise blend the coefficients down to this row once per run; along the run only the
      // horizontal weight changes.
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

/** Per grid row: its constant when every cell in it has the same one, else -1. */
function constantRows(constant: Int16Array, gw: number): Int16Array {
  const rows = constant.length / gw;
  const out = new Int16Array(rows);
  for (let r = 0; r < rows; r++) {
    const first = constant[r * gw]!;
    let same = first >= 0;
    for (let g = 1; g < gw && same; g++) same = constant[r * gw + g] === first;
    out[r] = same ? first : -1;
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
