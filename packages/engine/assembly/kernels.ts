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

/** Byte offset of element i of an i32 array. */
@inline function i32At(array: usize, i: i32): usize {
  return array + ((<usize>i) << 2);
}

@inline function aligned(bytes: usize): usize {
  return (bytes + 15) & ~(<usize>15);
}

/** Side of the tiles in which window sums are computed: their tables stay in the CPU's cache. */
const TILE: i32 = 32;

/** The window means the guided filter's solve needs per window centre. */
const SOURCES: i32 = 13;

/**
 * Colour guided filter (He et al.) coefficients for mask `p` at its uncertain pixels (0 < p < 1),
 * "alpha = p" elsewhere (see pipeline/guided.ts). R, G, B, p: f32 planes of w × h. `out`: four
 * planes ar, ag, ab, b. `scratch`: guidedScratch(w, h, r) bytes. Returns the uncertain pixels' count.
 */
export function guidedCoefficients(R: usize, G: usize, B: usize, p: usize, w: i32, h: i32, r: i32, eps: f64, out: usize, scratch: usize): i32 {
  const n = w * h;
  const plane = (<usize>n) << 2;
  const ar = out;
  const ag = ar + plane;
  const ab = ag + plane;
  const bk = ab + plane;
  memory.fill(ar, 0, 3 * plane);
  memory.copy(bk, p, plane);
  // Scratch: A's fourth plane, the uncertain pixels, the band's marks and pixels, then windowMeans'.
  const a3 = scratch;
  const uncertain = a3 + plane;
  const marks = uncertain + plane;
  const band = marks + aligned(<usize>n);
  const work = band + plane;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = load<f32>(f32At(p, i));
    if (v > 0 && v < 1) store<i32>(i32At(uncertain, m++), i);
  }
  if (m == 0) return 0;
  // Window centres whose coefficients reach an uncertain pixel: the uncertain set grown by r.
  memory.fill(marks, 0, <usize>n);
  dilate(uncertain, m, w, h, r, marks);
  let count = 0;
  for (let i = 0; i < n; i++) if (load<u8>(marks + <usize>i) == 1) store<i32>(i32At(band, count++), i);
  // A = (ar, ag, ab, a3): per-window values at the band's pixels, zero elsewhere.
  memory.fill(a3, 0, plane);
  windowMeans(band, count, w, h, r, R, G, B, p, true, eps, ar, ag, ab, a3, work);
  // Average the coefficients over each uncertain pixel's window (all its centres are in the band):
  // all the means first (they read A, which shares planes with out), then written out.
  windowMeans(uncertain, m, w, h, r, ar, ag, ab, a3, false, eps, 0, 0, 0, 0, work);
  const means = meansAt(work, w, h, r, m);
  for (let c = 0; c < 4; c++) {
    const target = out + (<usize>c) * plane;
    const from = means + (((<usize>c) * (<usize>m)) << 2);
    for (let k = 0; k < m; k++) store<f32>(f32At(target, load<i32>(i32At(uncertain, k))), load<f32>(f32At(from, k)));
  }
  // Certain pixels of the band still hold per-window values: back to "alpha = mask" there.
  for (let k = 0; k < count; k++) {
    const i = load<i32>(i32At(band, k));
    const v = load<f32>(f32At(p, i));
    if (v == 0 || v == 1) {
      store<f32>(f32At(ar, i), 0);
      store<f32>(f32At(ag, i), 0);
      store<f32>(f32At(ab, i), 0);
    }
  }
  return m;
}

/** Bytes of scratch guidedCoefficients needs for a w × h grid and radius r (every pixel uncertain at worst). */
export function guidedScratch(w: i32, h: i32, r: i32): usize {
  const n = <usize>w * <usize>h;
  const plane = n << 2;
  return plane + plane + aligned(n) + plane + (meansAt(0, w, h, r, <i32>n) + (plane << 2));
}

// windowMeans' per-tile buffers, first in its scratch: per pixel of the tile, its window's four
// corners (i32), the window's reciprocal area (f64) and its means of each source (f32).
const CELLS: usize = <usize>(TILE * TILE);
const CORNER_BYTES: usize = CELLS << 4;
const INV_BYTES: usize = CELLS << 3;
const TILE_MEANS_BYTES: usize = (<usize>SOURCES * CELLS) << 2;

/**
 * windowMeans' scratch from `work`: the per-tile buffers, one summed-area table (f64, the tile
 * grown by r), then from here the tile sort (first, tileOf, order, next).
 */
function sortAt(work: usize, r: i32): usize {
  const side = <usize>(TILE + 2 * r + 1);
  return work + CORNER_BYTES + INV_BYTES + TILE_MEANS_BYTES + aligned((side * side) << 3);
}

/** After the tile sort of m pixels: the means of an averaging call (4 planes of m). */
function meansAt(work: usize, w: i32, h: i32, r: i32, m: i32): usize {
  const tiles = <usize>(((w + TILE - 1) / TILE) * ((h + TILE - 1) / TILE));
  return sortAt(work, r) + aligned(((tiles + 1) << 2) + ((<usize>m) << 3) + (tiles << 2));
}

/**
 * Window means (radius r, clipped at the grid's borders) at the m sorted pixels `at`, tile by tile:
 * per tile that has any, a summed-area table (doubles) of the tile grown by r, per source. With
 * `solve`, the sources are R, G, B, p and the products the guided filter needs (x0..x3 = R, G, B,
 * p), and each pixel's 3x3 system is solved into a0..a3 at once; without it, the sources are x0..x3
 * and their means go to meansAt(work, ...).
 */
function windowMeans(at: usize, m: i32, w: i32, h: i32, r: i32, x0: usize, x1: usize, x2: usize, x3: usize, solve: bool, eps: f64, a0: usize, a1: usize, a2: usize, a3: usize, work: usize): void {
  const tilesX = (w + TILE - 1) / TILE;
  const tileCount = tilesX * ((h + TILE - 1) / TILE);
  const corner = work;
  const inv = corner + CORNER_BYTES;
  const tileMeans = inv + INV_BYTES;
  const table = tileMeans + TILE_MEANS_BYTES;
  const first = sortAt(work, r);
  const tileOf = first + (((<usize>tileCount) + 1) << 2);
  const order = tileOf + ((<usize>m) << 2);
  const next = order + ((<usize>m) << 2);
  const means = meansAt(work, w, h, r, m);
  // Counting sort of the pixels by tile (stable: each tile's pixels stay in row order).
  memory.fill(first, 0, ((<usize>tileCount) + 1) << 2);
  for (let k = 0; k < m; k++) {
    const i = load<i32>(i32At(at, k));
    const y = i / w;
    const x = i - y * w;
    const t = (y / TILE) * tilesX + x / TILE;
    store<i32>(i32At(tileOf, k), t);
    const f = i32At(first, t + 1);
    store<i32>(f, load<i32>(f) + 1);
  }
  for (let t = 0; t < tileCount; t++) {
    const f = i32At(first, t + 1);
    store<i32>(f, load<i32>(f) + load<i32>(i32At(first, t)));
  }
  memory.copy(next, first, (<usize>tileCount) << 2);
  for (let k = 0; k < m; k++) {
    const slot = i32At(next, load<i32>(i32At(tileOf, k)));
    const j = load<i32>(slot);
    store<i32>(slot, j + 1);
    store<i32>(i32At(order, j), k);
  }
  const sources = solve ? SOURCES : 4;
  for (let t = 0; t < tileCount; t++) {
    const begin = load<i32>(i32At(first, t));
    const end = load<i32>(i32At(first, t + 1));
    if (begin == end) continue;
    const tx = t % tilesX;
    const ty = t / tilesX;
    const left0 = max(0, tx * TILE - r);
    const top0 = max(0, ty * TILE - r);
    const cols = min(w, (tx + 1) * TILE + r) - left0;
    const rows = min(h, (ty + 1) * TILE + r) - top0;
    const stride = cols + 1;
    for (let j = begin; j < end; j++) {
      const i = load<i32>(i32At(at, load<i32>(i32At(order, j))));
      const y = i / w;
      const x = i - y * w;
      const left = max(0, x - r);
      const right = min(w, x + r + 1);
      const top = max(0, y - r);
      const bottom = min(h, y + r + 1);
      const q = 4 * (j - begin);
      store<i32>(i32At(corner, q), (top - top0) * stride + (left - left0));
      store<i32>(i32At(corner, q + 1), (top - top0) * stride + (right - left0));
      store<i32>(i32At(corner, q + 2), (bottom - top0) * stride + (left - left0));
      store<i32>(i32At(corner, q + 3), (bottom - top0) * stride + (right - left0));
      store<f64>(inv + ((<usize>(j - begin)) << 3), 1.0 / <f64>((right - left) * (bottom - top)));
    }
    for (let s = 0; s < sources; s++) {
      if (solve) summedProduct(s, x0, x1, x2, x3, w, left0, top0, cols, rows, table);
      else summedArea(s == 0 ? x0 : s == 1 ? x1 : s == 2 ? x2 : x3, 0, w, left0, top0, cols, rows, table);
      for (let j = begin; j < end; j++) {
        const q = 4 * (j - begin);
        const sum =
          load<f64>(table + ((<usize>load<i32>(i32At(corner, q + 3))) << 3)) -
          load<f64>(table + ((<usize>load<i32>(i32At(corner, q + 1))) << 3)) -
          load<f64>(table + ((<usize>load<i32>(i32At(corner, q + 2))) << 3)) +
          load<f64>(table + ((<usize>load<i32>(i32At(corner, q))) << 3));
        const mean = <f32>(sum * load<f64>(inv + ((<usize>(j - begin)) << 3)));
        if (solve) store<f32>(f32At(tileMeans, s * TILE * TILE + (j - begin)), mean);
        else store<f32>(f32At(means, s * m + load<i32>(i32At(order, j))), mean);
      }
    }
    if (solve) for (let j = begin; j < end; j++) solveAt(tileMeans, j - begin, load<i32>(i32At(at, load<i32>(i32At(order, j)))), eps, a0, a1, a2, a3);
  }
}

/** The summed-area table of source s of the guided filter: R, G, B, p, Rp, Gp, Bp, RR, RG, RB, GG, GB, BB. */
function summedProduct(s: i32, R: usize, G: usize, B: usize, p: usize, w: i32, x0: i32, y0: i32, cols: i32, rows: i32, table: usize): void {
  if (s < 4) summedArea(s == 0 ? R : s == 1 ? G : s == 2 ? B : p, 0, w, x0, y0, cols, rows, table);
  else if (s < 7) summedArea(s == 4 ? R : s == 5 ? G : B, p, w, x0, y0, cols, rows, table);
  else if (s < 10) summedArea(R, s == 7 ? R : s == 8 ? G : B, w, x0, y0, cols, rows, table);
  else if (s < 12) summedArea(G, s == 10 ? G : B, w, x0, y0, cols, rows, table);
  else summedArea(B, B, w, x0, y0, cols, rows, table);
}

/**
 * Summed-area table of x (or of x·y when y is not 0) over the rectangle at (x0, y0) of cols × rows,
 * stride cols + 1: first row and column zero, entry (row+1, col+1) the sum over rows ≤ row and
 * columns ≤ col.
 */
function summedArea(x: usize, y: usize, w: i32, x0: i32, y0: i32, cols: i32, rows: i32, table: usize): void {
  const stride = cols + 1;
  memory.fill(table, 0, (<usize>stride) << 3);
  for (let row = 0; row < rows; row++) {
    let sum: f64 = 0;
    const src = (y0 + row) * w + x0;
    const above = table + ((<usize>(row * stride + 1)) << 3);
    const dst = above + ((<usize>stride) << 3);
    store<f64>(dst - 8, 0);
    if (y != 0) {
      for (let col = 0; col < cols; col++) {
        sum += <f64>load<f32>(f32At(x, src + col)) * <f64>load<f32>(f32At(y, src + col));
        store<f64>(dst + ((<usize>col) << 3), load<f64>(above + ((<usize>col) << 3)) + sum);
      }
    } else {
      for (let col = 0; col < cols; col++) {
        sum += <f64>load<f32>(f32At(x, src + col));
        store<f64>(dst + ((<usize>col) << 3), load<f64>(above + ((<usize>col) << 3)) + sum);
      }
    }
  }
}

/** (Σ + εI) a = cov(I, p) by the symmetric 3x3 inverse, b = p̄ − a·Ī, for one window centre i. */
@inline function solveAt(tileMeans: usize, j: i32, i: i32, eps: f64, a0: usize, a1: usize, a2: usize, a3: usize): void {
  const cells = TILE * TILE;
  const mri = <f64>load<f32>(f32At(tileMeans, j));
  const mgi = <f64>load<f32>(f32At(tileMeans, cells + j));
  const mbi = <f64>load<f32>(f32At(tileMeans, 2 * cells + j));
  const mpi = <f64>load<f32>(f32At(tileMeans, 3 * cells + j));
  const cr = <f64>load<f32>(f32At(tileMeans, 4 * cells + j)) - mri * mpi;
  const cg = <f64>load<f32>(f32At(tileMeans, 5 * cells + j)) - mgi * mpi;
  const cb = <f64>load<f32>(f32At(tileMeans, 6 * cells + j)) - mbi * mpi;
  const srr = <f64>load<f32>(f32At(tileMeans, 7 * cells + j)) - mri * mri + eps;
  const srg = <f64>load<f32>(f32At(tileMeans, 8 * cells + j)) - mri * mgi;
  const srb = <f64>load<f32>(f32At(tileMeans, 9 * cells + j)) - mri * mbi;
  const sgg = <f64>load<f32>(f32At(tileMeans, 10 * cells + j)) - mgi * mgi + eps;
  const sgb = <f64>load<f32>(f32At(tileMeans, 11 * cells + j)) - mgi * mbi;
  const sbb = <f64>load<f32>(f32At(tileMeans, 12 * cells + j)) - mbi * mbi + eps;
  const i00 = sgg * sbb - sgb * sgb;
  const i01 = srb * sgb - srg * sbb;
  const i02 = srg * sgb - srb * sgg;
  const i11 = srr * sbb - srb * srb;
  const i12 = srb * srg - srr * sgb;
  const i22 = srr * sgg - srg * srg;
  const inv = 1 / (srr * i00 + srg * i01 + srb * i02);
  const c0 = (i00 * cr + i01 * cg + i02 * cb) * inv;
  const c1 = (i01 * cr + i11 * cg + i12 * cb) * inv;
  const c2 = (i02 * cr + i12 * cg + i22 * cb) * inv;
  store<f32>(f32At(a0, i), <f32>c0);
  store<f32>(f32At(a1, i), <f32>c1);
  store<f32>(f32At(a2, i), <f32>c2);
  store<f32>(f32At(a3, i), <f32>(mpi - c0 * mri - c1 * mgi - c2 * mbi));
}

/**
 * Square dilation of a sorted pixel set by r into `marks` (1 = in): each run of neighbours in a row
 * becomes one span filled on the 2r + 1 rows around it.
 */
function dilate(seeds: usize, count: i32, w: i32, h: i32, r: i32, marks: usize): void {
  let k = 0;
  while (k < count) {
    const start = load<i32>(i32At(seeds, k));
    const y = start / w;
    let end = start;
    while (k + 1 < count) {
      const following = load<i32>(i32At(seeds, k + 1));
      if (following != end + 1 || following >= (y + 1) * w) break;
      end = following;
      k++;
    }
    k++;
    const from = max(0, start - y * w - r);
    const to = min(w, end - y * w + r + 1);
    for (let row = max(0, y - r); row <= min(h - 1, y + r); row++) {
      memory.fill(marks + <usize>(row * w + from), 1, <usize>(to - from));
    }
  }
}

/**
 * The guide (R, G, B) and its refined alpha (coefficients `coeffs`: four planes ar, ag, ab, b)
 * averaged over factor × factor blocks, partial ones at the right and bottom: four planes of
 * ceil(w / factor) × ceil(h / factor) into `out` (see colourGrid in pipeline/refine.ts).
 */
export function blockMeans(R: usize, G: usize, B: usize, coeffs: usize, w: i32, h: i32, factor: i32, out: usize): void {
  const plane = (<usize>(w * h)) << 2;
  const ar = coeffs;
  const ag = ar + plane;
  const ab = ag + plane;
  const bk = ab + plane;
  const bw = (w + factor - 1) / factor;
  const bh = (h + factor - 1) / factor;
  const cells = (<usize>(bw * bh)) << 2;
  const r = out;
  const g = r + cells;
  const b = g + cells;
  const a = b + cells;
  memory.fill(out, 0, cells << 2);
  for (let y = 0; y < h; y++) {
    const row = (y / factor) * bw;
    // Each block's part of this row is summed first, then added to its cell once.
    let x = 0;
    let i = y * w;
    for (let bx = 0; bx < bw; bx++) {
      const end = min(w, x + factor);
      let sr: f64 = 0;
      let sg: f64 = 0;
      let sb: f64 = 0;
      let sa: f64 = 0;
      for (; x < end; x++, i++) {
        const vr = <f64>load<f32>(f32At(R, i));
        const vg = <f64>load<f32>(f32At(G, i));
        const vb = <f64>load<f32>(f32At(B, i));
        const v =
          <f64>load<f32>(f32At(ar, i)) * vr +
          <f64>load<f32>(f32At(ag, i)) * vg +
          <f64>load<f32>(f32At(ab, i)) * vb +
          <f64>load<f32>(f32At(bk, i));
        sr += vr;
        sg += vg;
        sb += vb;
        sa += min<f64>(1, max<f64>(0, v));
      }
      addTo(r, row + bx, sr);
      addTo(g, row + bx, sg);
      addTo(b, row + bx, sb);
      addTo(a, row + bx, sa);
    }
  }
  for (let by = 0; by < bh; by++) {
    const rows = min(factor, h - by * factor);
    for (let bx = 0; bx < bw; bx++) {
      const cell = by * bw + bx;
      const k: f64 = 1.0 / <f64>(rows * min(factor, w - bx * factor));
      scale(r, cell, k);
      scale(g, cell, k);
      scale(b, cell, k);
      scale(a, cell, k);
    }
  }
}

@inline function addTo(plane: usize, i: i32, v: f64): void {
  const p = f32At(plane, i);
  store<f32>(p, <f32>(<f64>load<f32>(p) + v));
}

@inline function scale(plane: usize, i: i32, k: f64): void {
  const p = f32At(plane, i);
  store<f32>(p, <f32>(<f64>load<f32>(p) * k));
}

/** Interleaved 8-bit RGB (n pixels) to three planes in [0,1]: r, then g, then b, into `out`. */
export function toPlanes(rgb: usize, n: i32, out: usize): void {
  const k: f64 = 1.0 / 255;
  const g = out + ((<usize>n) << 2);
  const b = g + ((<usize>n) << 2);
  for (let i = 0; i < n; i++) {
    const p = rgb + <usize>(i * 3);
    store<f32>(f32At(out, i), <f32>(<f64>load<u8>(p) * k));
    store<f32>(f32At(g, i), <f32>(<f64>load<u8>(p + 1) * k));
    store<f32>(f32At(b, i), <f32>(<f64>load<u8>(p + 2) * k));
  }
}

/**
 * Bilinear resampling of an 8-bit plane `width` wide onto toWidth × toHeight by the axis maps
 * (xi0, xi1: i32 taps; xw: f32 weights of the second; the same for y), each result snapped: within
 * `snap` levels of 0 or 255 exactly 0 or 1, else value / 255 (see maskAt in pipeline/refine.ts).
 */
export function bilinearSnapped(src: usize, width: i32, toWidth: i32, toHeight: i32, xi0: usize, xi1: usize, xw: usize, yi0: usize, yi1: usize, yw: usize, snap: i32, out: usize): void {
  const lo = <f64>snap;
  const hi = <f64>(255 - snap);
  for (let y = 0; y < toHeight; y++) {
    const r0 = src + <usize>(load<i32>(i32At(yi0, y)) * width);
    const r1 = src + <usize>(load<i32>(i32At(yi1, y)) * width);
    const wy = <f64>load<f32>(f32At(yw, y));
    const row = y * toWidth;
    for (let x = 0; x < toWidth; x++) {
      const a = <usize>load<i32>(i32At(xi0, x));
      const b = <usize>load<i32>(i32At(xi1, x));
      const wx = <f64>load<f32>(f32At(xw, x));
      const ta = <f64>load<u8>(r0 + a);
      const top = ta + (<f64>load<u8>(r0 + b) - ta) * wx;
      const ba = <f64>load<u8>(r1 + a);
      const bottom = ba + (<f64>load<u8>(r1 + b) - ba) * wx;
      const v = top + (bottom - top) * wy;
      store<f32>(f32At(out, row + x), v <= lo ? 0 : v >= hi ? 1 : <f32>(v / 255));
    }
  }
}
