import { beforeAll, describe, expect, it } from 'vitest';
import { pixelsOf, squarePhoto } from '../test-images.ts';
import type { MaskData } from './refine.ts';
import { renderWithMask } from './render-fixture.ts';

// 400x300, a 100x100 subject at (50, 60): rows 60..159. Its shadow: σ = 2 px, dropped 2 px.
let photo: Buffer;
let mask: MaskData;
beforeAll(async () => {
  ({ photo, mask } = await squarePhoto({ width: 400, height: 300, square: { x: 50, y: 60, size: 100 } }));
});

describe('add_shadow', () => {
  it('adds semi-transparent black below the subject and nothing above it', async () => {
    const plain = await pixelsOf((await renderWithMask({ photo, mask })).bytes);
    const result = await renderWithMask({ photo, mask, fields: { add_shadow: true } });
    expect(result.foreground).toEqual({ x: 50, y: 60, width: 100, height: 100 });
    const shaded = await pixelsOf(result.bytes);
    expect(plain.at(100, 161)[3]).toBe(0);
    const below = shaded.at(100, 161);
    for (const c of below.slice(0, 3)) expect(c).toBeLessThan(10);
    // A half-opaque Gaussian edge (σ = 2) that starts 2 px below the subject's last row (159).
    for (let y = 160; y < 172; y++) expectNear(shaded.at(100, y)[3]!, expectedShadow(y - 159 - 2, 2));
    // Above the subject, beyond the blur's reach upwards (3σ − drop = 4 px): untouched.
    for (let y = 0; y < 56; y++) for (let x = 0; x < 400; x += 7) expect(shaded.at(x, y)[3]).toBe(0);
    // The subject itself is unchanged.
    expect(shaded.at(100, 110)).toEqual(plain.at(100, 110));
  });

  it("blurs a tall subject's shadow by 2% of its height (on a coarser grid) and drops it as far", async () => {
    // 600 px tall: σ = 12, drop 12.
    const tall = await squarePhoto({ width: 900, height: 800, square: { x: 150, y: 50, size: 600 } });
    const { at } = await pixelsOf((await renderWithMask({ ...tall, fields: { add_shadow: true } })).bytes);
    for (let y = 650; y < 700; y += 3) expectNear(at(450, y)[3]!, expectedShadow(y - 649 - 12, 12));
    // Beside the subject the shadow fades sideways too (the subject's right edge is x = 749).
    expect(at(760, 660)[3]!).toBeGreaterThan(at(775, 660)[3]!);
    expect(at(800, 660)[3]).toBe(0);
  });

  it('lies over a backdrop, and is drawn past the photo when a crop margin reaches beyond it', async () => {
    const white = await pixelsOf(
      (await renderWithMask({ photo, mask, fields: { add_shadow: true, bg_color: 'white' } })).bytes,
    );
    const grey = white.at(100, 161);
    expect(grey).toHaveLength(3);
    expect(grey[0]!).toBeGreaterThan(100);
    expect(grey[0]!).toBeLessThan(235);
    // A subject on the photo's bottom edge, cropped with a margin past it: the shadow shows in the margin.
    const low = await squarePhoto({ width: 400, height: 300, square: { x: 50, y: 200, size: 100 } });
    const result = await renderWithMask({
      ...low,
      fields: { add_shadow: true, crop: true, crop_margin: '20px' },
    });
    expect([result.width, result.height]).toEqual([140, 140]);
    const { at } = await pixelsOf(result.bytes);
    expect(at(70, 121)[3]!).toBeGreaterThan(20);
    expect(at(70, 5)[3]).toBe(0);
  });
});

/** Alpha of a half-opaque shadow on the row `d` rows below the last one that casts it, blurred by σ. */
function expectedShadow(d: number, sigma: number): number {
  return 127.5 * (1 - normalCdf((d - 0.5) / sigma));
}

function normalCdf(z: number): number {
  // Abramowitz-Stegun 7.1.26 through erf; plenty for a tolerance of a few levels.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function expectNear(actual: number, expected: number) {
  expect(Math.abs(actual - expected), `${actual} vs ${expected.toFixed(1)}`).toBeLessThanOrEqual(12);
}
