/** Planar RGB in [0,1] at the refinement grid. */
export interface GuideImage {
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  width: number;
  height: number;
}

/** Linear model alpha ≈ ar·R + ag·G + ab·B + b per grid pixel (already window-averaged). */
export interface GuidedCoefficients {
  ar: Float32Array;
  ag: Float32Array;
  ab: Float32Array;
  b: Float32Array;
  width: number;
  height: number;
}

/**
 * Colour guided filter (He et al.) coefficients for mask `p`, computed only where they matter.
 * Where the network was certain (p exactly 0 or 1) the result is "alpha = p" (a = 0, b = p), so
 * refinement only decides where the network hesitated; elsewhere the filter would soften crisp
 * edges and thin structures that the colours do not show (rigging against the sky). At uncertain
 * pixels the values equal the full filter's: window sums come from summed-area tables, evaluated
 * only on the uncertain pixels and the band of window centres around them, O(N) with a small
 * constant instead of ~17 full-image box filters.
 */
export function guidedCoefficients(options: {
  guide: GuideImage;
  mask: Float32Array;
  radius: number;
  eps: number;
}): GuidedCoefficients {
  const { guide, mask: p, eps } = options;
  const { width: w, height: h } = guide;
  const r = Math.max(1, Math.floor(options.radius));
  const n = w * h;
  const out = {
    ar: new Float32Array(n),
    ag: new Float32Array(n),
    ab: new Float32Array(n),
    b: p.slice(),
    width: w,
    height: h,
  };
  const uncertain = uncertainPixels(p);
  if (uncertain.length === 0) return out;
  // Window centres whose coefficients reach an uncertain pixel: the uncertain set grown by r.
  const band = indicesOf(dilate({ seeds: uncertain, width: w, height: h, radius: r }));
  // Every window used lies within 2r of an uncertain pixel: tables cover only that rectangle.
  const region = around({ at: uncertain, width: w, height: h, radius: 2 * r });
  const atBand = windows({ at: band, width: w, height: h, radius: r, region });
  const { r: R, g: G, b: B } = guide;
  // One table buffer for all 17 tables: allocating each anew costs more in GC than building it.
  const table = new Float64Array((region.x1 - region.x0 + 1) * (region.y1 - region.y0 + 1));
  const mean = (x: Float32Array, y?: Float32Array) => atBand(summedArea({ x, y, width: w, region, table }));
  const mr = mean(R);
  const mg = mean(G);
  const mb = mean(B);
  const mp = mean(p);
  const rp = mean(R, p);
  const gp = mean(G, p);
  const bp = mean(B, p);
  const rr = mean(R, R);
  const rg = mean(R, G);
  const rb = mean(R, B);
  const gg = mean(G, G);
  const gb = mean(G, B);
  const bb = mean(B, B);
  // Per band pixel: solve (Σ + εI) a = cov(I, p) with the symmetric 3x3 inverse, b = p̄ − a·Ī.
  // The output planes hold these per-window values first (zero elsewhere), for the averaging below.
  const A = [out.ar, out.ag, out.ab, new Float32Array(n)] as const;
  for (let k = 0; k < band.length; k++) {
    const mri = mr[k]!;
    const mgi = mg[k]!;
    const mbi = mb[k]!;
    const mpi = mp[k]!;
    const cr = rp[k]! - mri * mpi;
    const cg = gp[k]! - mgi * mpi;
    const cb = bp[k]! - mbi * mpi;
    const srr = rr[k]! - mri * mri + eps;
    const srg = rg[k]! - mri * mgi;
    const srb = rb[k]! - mri * mbi;
    const sgg = gg[k]! - mgi * mgi + eps;
    const sgb = gb[k]! - mgi * mbi;
    const sbb = bb[k]! - mbi * mbi + eps;
    const i00 = sgg * sbb - sgb * sgb;
    const i01 = srb * sgb - srg * sbb;
    const i02 = srg * sgb - srb * sgg;
    const i11 = srr * sbb - srb * srb;
    const i12 = srb * srg - srr * sgb;
    const i22 = srr * sgg - srg * srg;
    const inv = 1 / (srr * i00 + srg * i01 + srb * i02);
    const a0 = (i00 * cr + i01 * cg + i02 * cb) * inv;
    const a1 = (i01 * cr + i11 * cg + i12 * cb) * inv;
    const a2 = (i02 * cr + i12 * cg + i22 * cb) * inv;
    const i = band[k]!;
    A[0][i] = a0;
    A[1][i] = a1;
    A[2][i] = a2;
    A[3][i] = mpi - a0 * mri - a1 * mgi - a2 * mbi;
  }
  // Average the coefficients over each uncertain pixel's window (all its centres are in the band).
  const atUncertain = windows({ at: uncertain, width: w, height: h, radius: r, region });
  const targets = [out.ar, out.ag, out.ab, out.b];
  for (let c = 0; c < 4; c++) {
    const means = atUncertain(summedArea({ x: A[c]!, width: w, region, table }));
    const target = targets[c]!;
    for (let k = 0; k < uncertain.length; k++) target[uncertain[k]!] = means[k]!;
  }
  // Certain pixels of the band still hold per-window values: back to "alpha = mask" there.
  for (let k = 0; k < band.length; k++) {
    const i = band[k]!;
    if (p[i] === 0 || p[i] === 1) {
      out.ar[i] = 0;
      out.ag[i] = 0;
      out.ab[i] = 0;
    }
  }
  return out;
}

/** Applies coefficients to the guide they were computed on: the refined alpha in [0,1] at grid size. */
export function applyCoefficients(c: GuidedCoefficients, guide: GuideImage): Float32Array {
  const n = c.width * c.height;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = c.ar[i]! * guide.r[i]! + c.ag[i]! * guide.g[i]! + c.ab[i]! * guide.b[i]! + c.b[i]!;
    out[i] = Math.min(1, Math.max(0, v));
  }
  return out;
}

/** A rectangle of the grid, [x0, x1) x [y0, y1). */
interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounding box of the pixels `at`, grown by `radius` and clipped to the grid. */
function around(options: { at: Int32Array; width: number; height: number; radius: number }): Region {
  const { at, width: w, height: h, radius: r } = options;
  let x0 = w;
  let x1 = 0;
  for (let k = 0; k < at.length; k++) {
    const x = at[k]! % w;
    if (x < x0) x0 = x;
    if (x >= x1) x1 = x + 1;
  }
  // `at` is sorted, so its first and last entries bound the rows.
  const y0 = Math.floor(at[0]! / w);
  const y1 = Math.floor(at[at.length - 1]! / w) + 1;
  return {
    x0: Math.max(0, x0 - r),
    y0: Math.max(0, y0 - r),
    x1: Math.min(w, x1 + r),
    y1: Math.min(h, y1 + r),
  };
}

/**
 * Summed-area table of x (or of x·y) over `region`, written into `table` (its first row and
 * column stay zero), in doubles so that differences of large sums stay exact.
 */
function summedArea(options: {
  x: Float32Array;
  y?: Float32Array;
  width: number;
  region: Region;
  table: Float64Array;
}): Float64Array {
  const { x, y, width: w, region, table } = options;
  const cols = region.x1 - region.x0;
  const stride = cols + 1;
  for (let row = region.y0; row < region.y1; row++) {
    let sum = 0;
    const src = row * w + region.x0;
    const above = (row - region.y0) * stride + 1;
    const dst = above + stride;
    if (y) {
      for (let col = 0; col < cols; col++) {
        sum += x[src + col]! * y[src + col]!;
        table[dst + col] = table[above + col]! + sum;
      }
    } else {
      for (let col = 0; col < cols; col++) {
        sum += x[src + col]!;
        table[dst + col] = table[above + col]! + sum;
      }
    }
  }
  return table;
}

/**
 * Prepares window lookups (corners clipped at the grid's borders, and 1/count) for the pixels
 * `at`; the returned function reads the mean of any summed-area table over `region` at each.
 */
function windows(options: { at: Int32Array; width: number; height: number; radius: number; region: Region }) {
  const { at, width: w, height: h, radius: r, region } = options;
  const stride = region.x1 - region.x0 + 1;
  const m = at.length;
  const top = new Int32Array(m);
  const bottom = new Int32Array(m);
  const left = new Int32Array(m);
  const right = new Int32Array(m);
  const inv = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const i = at[k]!;
    const y = Math.floor(i / w);
    const x = i - y * w;
    const x0 = Math.max(0, x - r);
    const x1 = Math.min(w, x + r + 1);
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    top[k] = (y0 - region.y0) * stride;
    bottom[k] = (y1 - region.y0) * stride;
    left[k] = x0 - region.x0;
    right[k] = x1 - region.x0;
    inv[k] = 1 / ((x1 - x0) * (y1 - y0));
  }
  return (table: Float64Array): Float32Array => {
    const means = new Float32Array(m);
    for (let k = 0; k < m; k++) {
      const t = top[k]!;
      const b = bottom[k]!;
      const l = left[k]!;
      const rr = right[k]!;
      means[k] = (table[b + rr]! - table[t + rr]! - table[b + l]! + table[t + l]!) * inv[k]!;
    }
    return means;
  };
}

function indicesOf(marks: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < marks.length; i++) count += marks[i]!;
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < marks.length; i++) if (marks[i] === 1) out[k++] = i;
  return out;
}

function uncertainPixels(p: Float32Array): Int32Array {
  const marks = new Uint8Array(p.length);
  for (let i = 0; i < p.length; i++) marks[i] = p[i]! > 0 && p[i]! < 1 ? 1 : 0;
  return indicesOf(marks);
}

/** Square dilation of a pixel set by `radius`, separably with running counts. */
function dilate(options: { seeds: Int32Array; width: number; height: number; radius: number }): Uint8Array {
  const { seeds, width: w, height: h, radius: r } = options;
  const seed = new Uint8Array(w * h);
  for (let k = 0; k < seeds.length; k++) seed[seeds[k]!] = 1;
  const across = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(r, w); x++) count += seed[row + x]!;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += seed[row + x + r]!;
      if (x - r - 1 >= 0) count -= seed[row + x - r - 1]!;
      across[row + x] = count > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(w * h);
  const counts = new Int32Array(w);
  for (let y = 0; y < Math.min(r, h); y++) for (let x = 0; x < w; x++) counts[x]! += across[y * w + x]!;
  for (let y = 0; y < h; y++) {
    if (y + r < h) for (let x = 0; x < w; x++) counts[x]! += across[(y + r) * w + x]!;
    if (y - r - 1 >= 0) for (let x = 0; x < w; x++) counts[x]! -= across[(y - r - 1) * w + x]!;
    for (let x = 0; x < w; x++) out[y * w + x] = counts[x]! > 0 ? 1 : 0;
  }
  return out;
}
