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
 * pixels the values equal the full filter's: window sums come from summed-area tables built tile by
 * tile, only around the uncertain pixels and the band of window centres around them, instead of
 * ~17 full-image box filters.
 */
export function guidedCoefficients(options: {
  guide: GuideImage;
  mask: Float32Array;
  radius: number;
  eps: number;
}): GuidedCoefficients {
  const { guide, mask, radius, eps } = options;
  const { width, height } = guide;
  const [ar, ag, ab, b] = coefficientPlanes(guide.r, guide.g, guide.b, mask, width, height, radius, eps);
  return { ar, ag, ab, b, width, height };
}

type Planes4 = [Float32Array, Float32Array, Float32Array, Float32Array];

/** guidedCoefficients' work (positional parameters: see upsampledAlpha in alpha.ts): [ar, ag, ab, b]. */
function coefficientPlanes(
  R: Float32Array,
  G: Float32Array,
  B: Float32Array,
  p: Float32Array,
  w: number,
  h: number,
  radius: number,
  eps: number,
): Planes4 {
  const r = Math.max(1, Math.floor(radius));
  const n = w * h;
  const out: Planes4 = [new Float32Array(n), new Float32Array(n), new Float32Array(n), p.slice()];
  const uncertain = uncertainPixels(p);
  if (uncertain.length === 0) return out;
  // Window centres whose coefficients reach an uncertain pixel: the uncertain set grown by r.
  const band = indicesOf(dilate(uncertain, w, h, r));
  const [mr, mg, mb, mp, rp, gp, bp, rr, rg, rb, gg, gb, bb] = windowMeans(band, w, h, r, [
    [R],
    [G],
    [B],
    [p],
    [R, p],
    [G, p],
    [B, p],
    [R, R],
    [R, G],
    [R, B],
    [G, G],
    [G, B],
    [B, B],
  ]);
  // Per band pixel: solve (Σ + εI) a = cov(I, p) with the symmetric 3x3 inverse, b = p̄ − a·Ī.
  // The output planes hold these per-window values first (zero elsewhere), for the averaging below.
  const A: Planes4 = [out[0], out[1], out[2], new Float32Array(n)];
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
  const averaged = windowMeans(uncertain, w, h, r, [[A[0]], [A[1]], [A[2]], [A[3]]]);
  for (let c = 0; c < 4; c++) {
    const means = averaged[c]!;
    const target = out[c]!;
    for (let k = 0; k < uncertain.length; k++) target[uncertain[k]!] = means[k]!;
  }
  // Certain pixels of the band still hold per-window values: back to "alpha = mask" there.
  for (let k = 0; k < band.length; k++) {
    const i = band[k]!;
    if (p[i] === 0 || p[i] === 1) {
      out[0][i] = 0;
      out[1][i] = 0;
      out[2][i] = 0;
    }
  }
  return out;
}

/** Applies coefficients to the guide they were computed on: the refined alpha in [0,1] at grid size. */
export function applyCoefficients(c: GuidedCoefficients, guide: GuideImage): Float32Array {
  return appliedAlpha(c.ar, c.ag, c.ab, c.b, guide.r, guide.g, guide.b);
}

/** applyCoefficients' loop (positional parameters: see upsampledAlpha in alpha.ts). */
function appliedAlpha(
  ar: Float32Array,
  ag: Float32Array,
  ab: Float32Array,
  b: Float32Array,
  R: Float32Array,
  G: Float32Array,
  B: Float32Array,
): Float32Array {
  const out = new Float32Array(b.length);
  for (let i = 0; i < out.length; i++) {
    const v = ar[i]! * R[i]! + ag[i]! * G[i]! + ab[i]! * B[i]! + b[i]!;
    out[i] = Math.min(1, Math.max(0, v));
  }
  return out;
}

/** A plane whose window means are wanted, or two whose product's are. */
type Source = readonly [Float32Array, Float32Array?];

/** Side of the tiles in which window sums are computed: their tables stay in the CPU's cache. */
const TILE = 32;

/**
 * Window means (radius r, clipped at the grid's borders) of each source, x or x·y, at the pixels
 * `at` (sorted). The pixels are grouped by tile; for each tile that has any, a summed-area table of
 * the tile grown by r (every window of its pixels lies inside) is built per source, in doubles so
 * that differences of sums stay exact. Tiles without pixels cost nothing, so the cost follows the
 * subject's outline rather than the grid's area.
 */
function windowMeans<const S extends readonly Source[]>(
  at: Int32Array,
  w: number,
  h: number,
  r: number,
  sources: S,
): { [K in keyof S]: Float32Array } {
  const m = at.length;
  const means: Float32Array[] = [];
  for (let s = 0; s < sources.length; s++) means.push(new Float32Array(m));
  const tilesX = Math.ceil(w / TILE);
  const tileCount = tilesX * Math.ceil(h / TILE);
  // Counting sort of the pixels by tile (stable, so each tile's pixels stay in row order).
  const first = new Int32Array(tileCount + 1);
  const tileOf = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const y = Math.floor(at[k]! / w);
    const x = at[k]! - y * w;
    tileOf[k] = Math.floor(y / TILE) * tilesX + Math.floor(x / TILE);
    first[tileOf[k]! + 1]!++;
  }
  for (let t = 0; t < tileCount; t++) first[t + 1]! += first[t]!;
  const order = new Int32Array(m);
  const next = first.slice(0, tileCount);
  for (let k = 0; k < m; k++) order[next[tileOf[k]!]!++] = k;
  const side = TILE + 2 * r + 1;
  const table = new Float64Array(side * side);
  // Per pixel of the current tile: the table offsets of its window's corners and 1/count.
  const corner = new Int32Array(4 * TILE * TILE);
  const inv = new Float64Array(TILE * TILE);
  for (let t = 0; t < tileCount; t++) {
    const begin = first[t]!;
    const end = first[t + 1]!;
    if (begin === end) continue;
    const tx = t % tilesX;
    const ty = Math.floor(t / tilesX);
    const x0 = Math.max(0, tx * TILE - r);
    const y0 = Math.max(0, ty * TILE - r);
    const cols = Math.min(w, (tx + 1) * TILE + r) - x0;
    const rows = Math.min(h, (ty + 1) * TILE + r) - y0;
    const stride = cols + 1;
    for (let j = begin; j < end; j++) {
      const i = at[order[j]!]!;
      const y = Math.floor(i / w);
      const x = i - y * w;
      const left = Math.max(0, x - r);
      const right = Math.min(w, x + r + 1);
      const top = Math.max(0, y - r);
      const bottom = Math.min(h, y + r + 1);
      const q = 4 * (j - begin);
      corner[q] = (top - y0) * stride + (left - x0);
      corner[q + 1] = (top - y0) * stride + (right - x0);
      corner[q + 2] = (bottom - y0) * stride + (left - x0);
      corner[q + 3] = (bottom - y0) * stride + (right - x0);
      inv[j - begin] = 1 / ((right - left) * (bottom - top));
    }
    for (let s = 0; s < sources.length; s++) {
      const [x, y] = sources[s]!;
      summedArea(x, y, w, x0, y0, cols, rows, table);
      const out = means[s]!;
      for (let j = begin; j < end; j++) {
        const q = 4 * (j - begin);
        const sum =
          table[corner[q + 3]!]! - table[corner[q + 1]!]! - table[corner[q + 2]!]! + table[corner[q]!]!;
        out[order[j]!] = sum * inv[j - begin]!;
      }
    }
  }
  return means as { [K in keyof S]: Float32Array };
}

/**
 * Summed-area table of x (or of x·y) over the rectangle at (x0, y0) of cols × rows, into `table`
 * with a stride of cols + 1: its first row and column are zero, entry (row+1, col+1) is the sum
 * over the rectangle's rows ≤ row and columns ≤ col.
 */
function summedArea(
  x: Float32Array,
  y: Float32Array | undefined,
  w: number,
  x0: number,
  y0: number,
  cols: number,
  rows: number,
  table: Float64Array,
): void {
  const stride = cols + 1;
  table.fill(0, 0, stride);
  for (let row = 0; row < rows; row++) {
    let sum = 0;
    const src = (y0 + row) * w + x0;
    const above = row * stride + 1;
    const dst = above + stride;
    table[dst - 1] = 0;
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

/**
 * Square dilation of a pixel set by `radius`. The seeds are sorted, so each run of neighbours in a row
 * becomes one span filled on the 2·radius + 1 rows around it: the cost follows the seeds, not the grid.
 */
function dilate(seeds: Int32Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  let k = 0;
  while (k < seeds.length) {
    const start = seeds[k]!;
    const y = Math.floor(start / w);
    let end = start;
    while (k + 1 < seeds.length && seeds[k + 1] === end + 1 && seeds[k + 1]! < (y + 1) * w) end = seeds[++k]!;
    k++;
    const from = Math.max(0, start - y * w - r);
    const to = Math.min(w, end - y * w + r + 1);
    for (let row = Math.max(0, y - r); row <= Math.min(h - 1, y + r); row++)
      out.fill(1, row * w + from, row * w + to);
  }
  return out;
}
