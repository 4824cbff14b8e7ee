import { describe, expect, it } from 'vitest';
import { alphaFromCoefficients } from './alpha.ts';
import { prepareColours } from './compose.ts';
import { boxMean, refinedGrid } from './kernels.ts';
import { alignMask, DEFAULT_REFINE, prepareGuide, refineMask } from './refine.ts';
import { axisMap } from './resample.ts';

function naiveBoxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          sum += src[yy * w + xx]!;
          n++;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

/** Solves the 3x3 system m·a = c by Cramer's rule. */
function solve3(m: number[][], c: number[]): number[] {
  const det = (k: number[][]) =>
    k[0]![0]! * (k[1]![1]! * k[2]![2]! - k[1]![2]! * k[2]![1]!) -
    k[0]![1]! * (k[1]![0]! * k[2]![2]! - k[1]![2]! * k[2]![0]!) +
    k[0]![2]! * (k[1]![0]! * k[2]![1]! - k[1]![1]! * k[2]![0]!);
  const d = det(m);
  return [0, 1, 2].map((col) => det(m.map((row, i) => row.map((v, j) => (j === col ? c[i]! : v)))) / d);
}

/** An RGB image: `inside(x, y)` pixels get `fg`, the rest `bg`, blended by coverage in [0,1]. */
function twoColourImage(
  w: number,
  h: number,
  coverage: (x: number, y: number) => number,
  fg: number[],
  bg: number[],
) {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = coverage(x, y);
      for (let c = 0; c < 3; c++) data[(y * w + x) * 3 + c] = Math.round(fg[c]! * a + bg[c]! * (1 - a));
    }
  }
  return { data, width: w, height: h };
}

describe('box filter', () => {
  it('matches a naive windowed mean, borders included, for several radii', () => {
    const w = 23;
    const h = 17;
    const src = Float32Array.from({ length: w * h }, (_, i) => Math.sin(i * 0.7) + (i % 5));
    for (const r of [0, 1, 3, 30]) {
      const dst = boxMean({ src, width: w, height: h, radius: r });
      const expected = naiveBoxMean(src, w, h, r);
      for (let i = 0; i < dst.length; i++) expect(dst[i]).toBeCloseTo(expected[i]!, 4);
    }
  });
});

describe('guided filter coefficients', () => {
  // One tile; then several, with windows that cross tile borders and the grid's edges.
  it.each([
    [31, 23, 2],
    [75, 70, 3],
  ])(
    'equal the dense colour guided filter at uncertain pixels, alpha = mask elsewhere (%ix%i, r %i)',
    (w, h, r) => {
      // The dense filter (He et al.) from naive window means: a = (Σ + εI)⁻¹ cov(I, p), b = p̄ − a·Ī,
      // then both averaged over each pixel's window.
      const eps = 1e-3;
      const n = w * h;
      // The photo and mask as a removal gives them, 8-bit, and the planes the kernel makes of them.
      const level = (v: number) => Math.round(v * 255);
      const rgb = new Uint8Array(3 * n);
      for (let i = 0; i < n; i++) {
        rgb[3 * i] = level((Math.sin(i * 0.37) + 1) / 2);
        rgb[3 * i + 1] = level((Math.cos(i * 0.11) + 1) / 2);
        rgb[3 * i + 2] = level(((i * 7) % 13) / 12);
      }
      const [R, G, B] = [0, 1, 2].map((c) =>
        Float32Array.from({ length: n }, (_, i) => rgb[3 * i + c]! * (1 / 255)),
      ) as [Float32Array, Float32Array, Float32Array];
      // Certain (0 or 1) except a diagonal band and a few isolated pixels.
      const maskBytes = Uint8Array.from({ length: n }, (_, i) => {
        const x = i % w;
        const y = Math.floor(i / w);
        if (Math.abs(x - y - 4) <= 1 || i === 5 || i === n - 3) return level(((x * 3 + y) % 10) / 10 + 0.05);
        return x > y + 4 ? 0 : 255;
      });
      const p = Float32Array.from(maskBytes, (v) => (v === 255 ? 1 : v / 255));
      const [ar, ag, ab, b] = refinedGrid({
        rgb,
        grid: { width: w, height: h },
        mask: { data: maskBytes, width: w },
        xs: axisMap(w, w),
        ys: axisMap(h, h),
        maskSnap: 0,
        guided: { radius: r, eps },
        factor: null,
      }).coefficients;
      const got = { ar, ag, ab, b };
      const mean = (x: Float32Array) => naiveBoxMean(x, w, h, r);
      const mul = (x: Float32Array, y: Float32Array) => x.map((v, i) => v * y[i]!);
      const [mr, mg, mb, mp] = [mean(R), mean(G), mean(B), mean(p)];
      const [rp, gp, bp] = [mean(mul(R, p)), mean(mul(G, p)), mean(mul(B, p))];
      const [rr, rg, rb, gg, gb, bb] = [
        mean(mul(R, R)),
        mean(mul(R, G)),
        mean(mul(R, B)),
        mean(mul(G, G)),
        mean(mul(G, B)),
        mean(mul(B, B)),
      ];
      const A = [new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n)];
      for (let i = 0; i < n; i++) {
        const m = [
          [rr[i]! - mr[i]! * mr[i]! + eps, rg[i]! - mr[i]! * mg[i]!, rb[i]! - mr[i]! * mb[i]!],
          [rg[i]! - mr[i]! * mg[i]!, gg[i]! - mg[i]! * mg[i]! + eps, gb[i]! - mg[i]! * mb[i]!],
          [rb[i]! - mr[i]! * mb[i]!, gb[i]! - mg[i]! * mb[i]!, bb[i]! - mb[i]! * mb[i]! + eps],
        ];
        const c = [rp[i]! - mr[i]! * mp[i]!, gp[i]! - mg[i]! * mp[i]!, bp[i]! - mb[i]! * mp[i]!];
        const a = solve3(m, c);
        A[0]![i] = a[0]!;
        A[1]![i] = a[1]!;
        A[2]![i] = a[2]!;
        A[3]![i] = mp[i]! - a[0]! * mr[i]! - a[1]! * mg[i]! - a[2]! * mb[i]!;
      }
      const dense = A.map(mean);
      const planes = [got.ar, got.ag, got.ab, got.b];
      let uncertain = 0;
      for (let i = 0; i < n; i++) {
        if (p[i] === 0 || p[i] === 1) {
          expect([got.ar[i], got.ag[i], got.ab[i], got.b[i]]).toEqual([0, 0, 0, p[i]]);
          continue;
        }
        uncertain++;
        for (let c = 0; c < 4; c++) expect(planes[c]![i]).toBeCloseTo(dense[c]![i]!, 4);
      }
      expect(uncertain).toBeGreaterThan(50);
    },
  );
});

describe('refinement', () => {
  const w = 64;
  const h = 48;
  // The photo has a hard red/green edge at x = 30; the network's mask ramps softly over x = 26..34.
  const image = twoColourImage(w, h, (x) => (x < 30 ? 1 : 0), [200, 30, 30], [30, 200, 30]);
  const ramp = (x: number) => Math.round(255 * Math.min(1, Math.max(0, (34 - x) / 8)));
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = ramp(x);

  it('keeps flat regions exactly and sharpens a soft mask edge onto the photo edge', async () => {
    const config = { ...DEFAULT_REFINE, radius: 6 / 64, eps: 1e-4 };
    const prepared = await prepareGuide({ image, config });
    const { alpha } = await refineMask({
      image,
      prepared,
      mask: { data: mask, width: w, height: h },
      original: { width: w, height: h },
      config,
    });
    const row = 20 * w;
    expect(alpha[row + 2]).toBe(255);
    expect(alpha[row + 60]).toBe(0);
    // Red pixels inside the ramp become more opaque, green ones more transparent, so the 50%
    // line moves from the ramp's middle (x = 30, alpha 128) onto the colour edge.
    for (let x = 28; x < 30; x++) expect(alpha[row + x]!).toBeGreaterThan(ramp(x) + 20);
    for (let x = 30; x < 32; x++) expect(alpha[row + x]!).toBeLessThan(ramp(x) - 20);
    expect(ramp(30)).toBeGreaterThanOrEqual(128);
    expect(alpha[row + 30]!).toBeLessThan(128);
  });

  it('leaves the network mask alone when refinement is off', async () => {
    const config = { ...DEFAULT_REFINE, enabled: false, maskSnap: 0, snap: 0 };
    const prepared = await prepareGuide({ image, config });
    const { alpha } = await refineMask({
      image,
      prepared,
      mask: { data: mask, width: w, height: h },
      original: { width: w, height: h },
      config,
    });
    expect(Array.from(alpha.subarray(20 * w, 21 * w))).toEqual(Array.from(mask.subarray(20 * w, 21 * w)));
  });

  it('upsamples coefficients: constant coefficients give a constant alpha at any size', () => {
    const g = { width: 4, height: 3 };
    const fill = (v: number) => new Float32Array(12).fill(v);
    const big = twoColourImage(37, 29, () => 0.5, [255, 255, 255], [0, 0, 0]);
    const coeffs = { ar: fill(0.2), ag: fill(0), ab: fill(0), b: fill(0.3), ...g };
    const alpha = alphaFromCoefficients({ image: big, coeffs, snap: 0 });
    // 0.2 * (128/255) + 0.3 = 0.4004 → 102
    expect(new Set(alpha)).toEqual(new Set([102]));
  });

  it('upsamples exactly like a per-pixel bilinear evaluation, constant stretches included', () => {
    // A grid with constant cells (0 and 255 whatever the colour) around a band of varying ones, so
    // that output rows mix filled spans and computed ones; checked against the plain formula.
    const gw = 9;
    const gh = 7;
    const n = gw * gh;
    const coeffs = {
      ar: new Float32Array(n),
      ag: new Float32Array(n),
      ab: new Float32Array(n),
      b: new Float32Array(n),
      width: gw,
      height: gh,
    };
    for (let i = 0; i < n; i++) {
      const x = i % gw;
      const y = Math.floor(i / gw);
      if (x < 2 || y === 0) continue; // 0
      if (x > 6 || y === gh - 1) {
        coeffs.b[i] = 1; // 255
        continue;
      }
      coeffs.ar[i] = 0.3 * Math.sin(i);
      coeffs.ag[i] = 0.2 * Math.cos(i * 1.3);
      coeffs.ab[i] = 0.1;
      coeffs.b[i] = 0.2 + 0.05 * (i % 4);
    }
    for (const [w, h] of [
      [41, 30],
      [9, 7],
      [23, 50],
    ] as const) {
      const image = twoColourImage(
        w,
        h,
        (x, y) => ((x * 7 + y * 3) % 11) / 10,
        [250, 40, 90],
        [10, 200, 160],
      );
      const snap = 3;
      const alpha = alphaFromCoefficients({ image, coeffs, snap });
      const expected = new Uint8Array(w * h);
      const at = (i: number, size: number, src: number) =>
        Math.min(src - 1, Math.max(0, (i + 0.5) * (src / size) - 0.5));
      for (let y = 0; y < h; y++) {
        const py = at(y, h, gh);
        const y0 = Math.floor(py);
        const y1 = Math.min(gh - 1, y0 + 1);
        for (let x = 0; x < w; x++) {
          const px = at(x, w, gw);
          const x0 = Math.floor(px);
          const x1 = Math.min(gw - 1, x0 + 1);
          const lerp2 = (plane: Float32Array) => {
            const top = plane[y0 * gw + x0]! + (plane[y0 * gw + x1]! - plane[y0 * gw + x0]!) * (px - x0);
            const bottom = plane[y1 * gw + x0]! + (plane[y1 * gw + x1]! - plane[y1 * gw + x0]!) * (px - x0);
            return top + (bottom - top) * (py - y0);
          };
          const p = (y * w + x) * 3;
          const v =
            lerp2(coeffs.ar) * image.data[p]! +
            lerp2(coeffs.ag) * image.data[p + 1]! +
            lerp2(coeffs.ab) * image.data[p + 2]! +
            lerp2(coeffs.b) * 255;
          expected[y * w + x] = v <= snap ? 0 : v >= 255 - snap ? 255 : Math.floor(v + 0.5);
        }
      }
      let off = 0;
      for (let i = 0; i < expected.length; i++) off = Math.max(off, Math.abs(alpha[i]! - expected[i]!));
      expect(off).toBeLessThanOrEqual(1); // float32 rounding at .5 boundaries
      expect(new Set(alpha).size).toBeGreaterThan(10);
      expect(alpha.filter((v) => v === 0).length).toBeGreaterThan(0);
      expect(alpha.filter((v) => v === 255).length).toBeGreaterThan(0);
    }
  });

  it('multiplies in the photo’s own alpha', () => {
    const g = { width: 2, height: 2 };
    const fill = (v: number) => new Float32Array(4).fill(v);
    const img = {
      ...twoColourImage(4, 1, () => 1, [0, 0, 0], [0, 0, 0]),
      alpha: Uint8Array.from([0, 51, 255, 255]),
    };
    const alpha = alphaFromCoefficients({
      image: img,
      coeffs: { ar: fill(0), ag: fill(0), ab: fill(0), b: fill(1), ...g },
      snap: 0,
    });
    expect(Array.from(alpha)).toEqual([0, 51, 255, 255]);
  });

  it('estimates the foreground colour at soft edges: no halo of the old background', async () => {
    // A 4 px soft ramp from red subject to green background; alpha equals the true coverage.
    const coverage = (x: number) => Math.min(1, Math.max(0, (37 - x) / 4));
    const photo = twoColourImage(w, h, coverage, [220, 20, 20], [20, 220, 20]);
    const original = photo.data.slice();
    const alpha = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) alpha[y * w + x] = Math.round(coverage(x) * 255);
    const config = { ...DEFAULT_REFINE, enabled: false };
    const prepared = await prepareGuide({ image: photo, config });
    const { colours } = await refineMask({
      image: photo,
      prepared,
      mask: { data: alpha, width: w, height: h },
      original: { width: w, height: h },
      config,
    });
    prepareColours({ image: photo, alpha, colours: colours!, clearTransparent: true });
    const p = (20 * w + 35) * 3; // coverage 0.5: the photo is a red-green mix there
    expect(original[p + 1]!).toBeGreaterThan(100);
    expect(photo.data[p]!).toBeGreaterThan(180);
    expect(photo.data[p + 1]!).toBeLessThan(70);
    expect(Array.from(photo.data.subarray((20 * w + 60) * 3, (20 * w + 61) * 3))).toEqual([0, 0, 0]);
    expect(Array.from(photo.data.subarray((20 * w + 5) * 3, (20 * w + 6) * 3))).toEqual([220, 20, 20]);
  });
});

describe('colour preparation', () => {
  it('gives the same colours whether alpha can be read four pixels at a time or not', () => {
    // Runs of 0 and 255 across word and row boundaries, partial pixels inside mixed words.
    const w = 13;
    const h = 7;
    const alpha = new Uint8Array(w * h);
    for (let i = 0; i < alpha.length; i++)
      alpha[i] = i % 17 < 6 ? 0 : i % 17 < 12 ? 255 : ((i * 37) % 254) + 1;
    const plane = (k: number) => Float32Array.from({ length: 12 }, (_, i) => (i * 41 + k * 29) % 256);
    const colours = {
      fr: plane(1),
      fg: plane(2),
      fb: plane(3),
      br: plane(4),
      bg: plane(5),
      bb: plane(6),
      width: 4,
      height: 3,
    };
    const photo = Uint8Array.from({ length: w * h * 3 }, (_, i) => (i * 7) % 256);
    const aligned = { data: photo.slice(), width: w, height: h };
    prepareColours({ image: aligned, alpha, colours, clearTransparent: true });
    for (const offset of [1, 2, 3]) {
      const view = new Uint8Array(alpha.length + offset).subarray(offset);
      view.set(alpha);
      const image = { data: photo.slice(), width: w, height: h };
      prepareColours({ image, alpha: view, colours, clearTransparent: true });
      expect(image.data).toEqual(aligned.data);
    }
    for (let i = 0; i < alpha.length; i++) {
      const pixel = Array.from(aligned.data.subarray(i * 3, i * 3 + 3));
      if (alpha[i] === 0) expect(pixel).toEqual([0, 0, 0]);
      if (alpha[i] === 255) expect(pixel).toEqual(Array.from(photo.subarray(i * 3, i * 3 + 3)));
    }
    // Partial pixels were worked on; without clearing, transparent ones keep their colours.
    const kept = { data: photo.slice(), width: w, height: h };
    prepareColours({ image: kept, alpha, colours, clearTransparent: false });
    expect(kept.data.subarray(0, 18)).toEqual(photo.subarray(0, 18));
    expect(kept.data).not.toEqual(photo);
  });
});

describe('alignMask', () => {
  it("undoes the network input's sampling: δ = (1 − w/W)/2 input pixels per axis", () => {
    // A 4-wide mask of a 2-wide photo: δ = −0.5, so pixel X takes the value at X − 0.5.
    const mask = { data: Uint8Array.from([0, 100, 200, 255]), width: 4, height: 1 };
    expect(Array.from(alignMask(mask, { width: 2, height: 1 }).data)).toEqual([0, 50, 150, 228]);
    // The photo at the mask's size: nothing moves.
    expect(Array.from(alignMask(mask, { width: 4, height: 1 }).data)).toEqual([0, 100, 200, 255]);
    // A photo 1.5 times the mask: δ = 1/6, towards the next pixel.
    expect(Array.from(alignMask(mask, { width: 6, height: 1 }).data)).toEqual([17, 117, 209, 255]);
    // Over twice the mask: its input was a pixel-centre resize, the mask is kept as it is.
    expect(alignMask(mask, { width: 32, height: 1 })).toBe(mask);
  });
});
