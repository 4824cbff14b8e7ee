import { describe, expect, it } from 'vitest';
import { alphaFromCoefficients } from './alpha.ts';
import { boxMean } from './box.ts';
import { prepareColours } from './compose.ts';
import { DEFAULT_REFINE, prepareGuide, refineMask } from './refine.ts';

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
      const dst = new Float32Array(w * h);
      boxMean({ src, dst, tmp: new Float32Array(w * h), width: w, height: h, radius: r });
      const expected = naiveBoxMean(src, w, h, r);
      for (let i = 0; i < dst.length; i++) expect(dst[i]).toBeCloseTo(expected[i]!, 4);
    }
  });
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
