// The refinement's hottest loops, compiled to WebAssembly (AssemblyScript: `npm run build:wasm -w
// packages/engine` writes src/pipeline/kernels.wasm, which is committed; kernels.test.ts checks
// that it matches this file). V8 reloads and re-checks every typed array on every iteration of a
// JavaScript loop; the same loops here run 2.5-3x faster (README, "Kernels").
//
// Every argument is a byte offset into the caller's memory (src/pipeline/kernels.ts lays the
// planes out) or a count. Planes are f32; sums that must stay exact are f64, as in the JavaScript
// they replace, so the results are the same to the last bit.

/** Byte offset of element i of an f32 plane. */
@inline function f32At(plane: usize, i: i32): usize {
  return plane + ((<usize>i) << 2);
}

/** Byte offset of element i of an f64 array. */
@inline function f64At(array: usize, i: i32): usize {
  return array + ((<usize>i) << 3);
}

/**
 * Mean over the (2r+1)² window around every pixel, the window clipped at the borders: prefix sums
 * along rows, then a running sum down columns (memory read row by row). `dst` may be `src`; `tmp`
 * is a plane of scratch, `prefix` (w + 1) and `acc` (w) f64 scratch.
 */
export function boxMean(src: usize, dst: usize, tmp: usize, w: i32, h: i32, r: i32, prefix: usize, acc: usize): void {
  store<f64>(prefix, 0);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum: f64 = 0;
    for (let x = 0; x < w; x++) {
      sum += <f64>load<f32>(f32At(src, row + x));
      store<f64>(f64At(prefix, x + 1), sum);
    }
    // Windows clipped on the left, whole ones (one reciprocal for all), then clipped on the right.
    const whole = min(w, max(r, w - r - 1));
    for (let x = 0; x < min(r, w); x++) rowMean(prefix, tmp, row, x, w, r);
    const inv: f64 = 1.0 / <f64>(2 * r + 1);
    for (let x = r; x < whole; x++) {
      const v = (load<f64>(f64At(prefix, x + r + 1)) - load<f64>(f64At(prefix, x - r))) * inv;
      store<f32>(f32At(tmp, row + x), <f32>v);
    }
    for (let x = max(r, whole); x < w; x++) rowMean(prefix, tmp, row, x, w, r);
  }
  for (let x = 0; x < w; x++) store<f64>(f64At(acc, x), 0);
  const first = min(r, h - 1);
  for (let y = 0; y <= first; y++) addRow(acc, tmp, y * w, w);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const inv: f64 = 1.0 / <f64>(min(h, y + r + 1) - max(0, y - r));
    for (let x = 0; x < w; x++) store<f32>(f32At(dst, row + x), <f32>(load<f64>(f64At(acc, x)) * inv));
    const adds = y + r + 1 < h;
    const subs = y - r >= 0;
    if (adds && subs) {
      const add = (y + r + 1) * w;
      const sub = (y - r) * w;
      for (let x = 0; x < w; x++) {
        const p = f64At(acc, x);
        const change = <f64>load<f32>(f32At(tmp, add + x)) - <f64>load<f32>(f32At(tmp, sub + x));
        store<f64>(p, load<f64>(p) + change);
      }
    } else if (adds) {
      addRow(acc, tmp, (y + r + 1) * w, w);
    } else if (subs) {
      const sub = (y - r) * w;
      for (let x = 0; x < w; x++) {
        const p = f64At(acc, x);
        store<f64>(p, load<f64>(p) - <f64>load<f32>(f32At(tmp, sub + x)));
      }
    }
  }
}

/** The mean of row `row`'s window around x, from the row's prefix sums. */
@inline function rowMean(prefix: usize, tmp: usize, row: i32, x: i32, w: i32, r: i32): void {
  const hi = min(w, x + r + 1);
  const lo = max(0, x - r);
  const inv: f64 = 1.0 / <f64>(hi - lo);
  store<f32>(f32At(tmp, row + x), <f32>((load<f64>(f64At(prefix, hi)) - load<f64>(f64At(prefix, lo))) * inv));
}

/** acc[x] += plane[row + x] for the w columns. */
@inline function addRow(acc: usize, plane: usize, row: i32, w: i32): void {
  for (let x = 0; x < w; x++) {
    const p = f64At(acc, x);
    store<f64>(p, load<f64>(p) + <f64>load<f32>(f32At(plane, row + x)));
  }
}

/**
 * Blur-fusion foreground and background colours (Forte & Pitié; see pipeline/foreground.ts), two
 * levels with radii r0 and r1. `image` holds the r, g, b planes in [0,1] one after another and
 * `alpha` one plane; `out` receives six planes, F̄ r, g, b then B̄ r, g, b, scaled to 0..255.
 * `scratch` holds 9 planes and then (2w + 1) f64.
 */
export function fusedEstimates(image: usize, alpha: usize, w: i32, h: i32, r0: i32, r1: i32, out: usize, scratch: usize): void {
  const n = w * h;
  const plane = (<usize>n) << 2;
  const tmp = scratch;
  const work = tmp + plane;
  const blurredAlpha = work + plane;
  // F (updated in place); B and B̄ swap after each level: B starts in out's last three planes, so
  // that after the two levels B̄ of the last one is there.
  const fore = blurredAlpha + plane;
  let back = out + 3 * plane;
  let blurredBack = fore + 3 * plane;
  const prefix = blurredBack + 3 * plane;
  const acc = prefix + (((<usize>w) + 1) << 3);
  memory.copy(fore, image, 3 * plane);
  memory.copy(back, image, 3 * plane);
  for (let level = 0; level < 2; level++) {
    const radius = level == 0 ? r0 : r1;
    boxMean(alpha, blurredAlpha, tmp, w, h, radius, prefix, acc);
    for (let c: usize = 0; c < 3; c++) {
      const f = fore + c * plane;
      const bf = out + c * plane;
      for (let i = 0; i < n; i++)
        store<f32>(f32At(work, i), <f32>(<f64>load<f32>(f32At(f, i)) * <f64>load<f32>(f32At(alpha, i))));
      boxMean(work, bf, tmp, w, h, radius, prefix, acc);
      for (let i = 0; i < n; i++) {
        const v = <f64>load<f32>(f32At(bf, i)) / (<f64>load<f32>(f32At(blurredAlpha, i)) + 1e-5);
        store<f32>(f32At(bf, i), <f32>v);
      }
    }
    for (let c: usize = 0; c < 3; c++) {
      const bk = back + c * plane;
      const bb = blurredBack + c * plane;
      for (let i = 0; i < n; i++) {
        const v = <f64>load<f32>(f32At(bk, i)) * (1 - <f64>load<f32>(f32At(alpha, i)));
        store<f32>(f32At(work, i), <f32>v);
      }
      boxMean(work, bb, tmp, w, h, radius, prefix, acc);
      for (let i = 0; i < n; i++) {
        const v = <f64>load<f32>(f32At(bb, i)) / (1 - <f64>load<f32>(f32At(blurredAlpha, i)) + 1e-5);
        store<f32>(f32At(bb, i), <f32>v);
      }
    }
    for (let c: usize = 0; c < 3; c++) {
      const img = image + c * plane;
      const bf = out + c * plane;
      const bb = blurredBack + c * plane;
      const f = fore + c * plane;
      for (let i = 0; i < n; i++) {
        const a = <f64>load<f32>(f32At(alpha, i));
        const fi = <f64>load<f32>(f32At(bf, i));
        const v = fi + a * (<f64>load<f32>(f32At(img, i)) - a * fi - (1 - a) * <f64>load<f32>(f32At(bb, i)));
        store<f32>(f32At(f, i), <f32>min<f64>(1, max<f64>(0, v)));
      }
    }
    const swap = back;
    back = blurredBack;
    blurredBack = swap;
  }
  for (let i = 0; i < 6 * n; i++) {
    const p = f32At(out, i);
    store<f32>(p, <f32>(<f64>load<f32>(p) * 255));
  }
}
