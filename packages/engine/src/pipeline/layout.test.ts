import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RemovalOptionsInput } from '../options.ts';
import { squarePhoto } from '../test-images.ts';
import { type Box, foregroundBox } from './frame.ts';
import { planLayout } from './layout.ts';
import type { MaskData } from './refine.ts';
import { renderWithMask } from './render-fixture.ts';

// 400x300, a 100x100 subject at (50, 60): its centre is (100, 110).
let photo: Buffer;
let mask: MaskData;
beforeAll(async () => {
  ({ photo, mask } = await squarePhoto({ width: 400, height: 300, square: { x: 50, y: 60, size: 100 } }));
});

/** Renders, and finds the subject's box in the encoded result's own alpha. */
async function cut(fields: RemovalOptionsInput) {
  const result = await renderWithMask({ photo, mask, fields });
  const { data, info } = await sharp(result.bytes).ensureAlpha().extractChannel(3).raw().toBuffer({
    resolveWithObject: true,
  });
  return { result, drawn: foregroundBox(data, info.width, info.height), size: [info.width, info.height] };
}

function expectBox(actual: Box | null, expected: Box, tolerance = 2) {
  expect(actual).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(
      Math.abs(actual![key] - expected[key]),
      `${key}: ${actual![key]} vs ${expected[key]}`,
    ).toBeLessThanOrEqual(tolerance);
}

describe('scale and position', () => {
  it('scales the subject to 50% of the canvas (its larger share) and centres it', async () => {
    const { result, drawn, size } = await cut({ scale: '50%' });
    expect(size).toEqual([400, 300]);
    const expected = { x: 125, y: 75, width: 150, height: 150 };
    expectBox(result.foreground, expected);
    expectBox(drawn, expected);
  });

  it('puts the unscaled subject at 0% and 100% of the free space', async () => {
    const corner = await cut({ position: '0%' });
    expectBox(corner.drawn, { x: 0, y: 0, width: 100, height: 100 });
    expect(corner.result.foreground).toEqual({ x: 0, y: 0, width: 100, height: 100 });
    const far = await cut({ position: '100% 100%' });
    expectBox(far.drawn, { x: 300, y: 200, width: 100, height: 100 });
    const mixed = await cut({ position: '100% 0%' });
    expectBox(mixed.drawn, { x: 300, y: 0, width: 100, height: 100 });
  });

  it('keeps a scaled subject centred where it was with position=original, clamped inside the canvas', async () => {
    const kept = await cut({ scale: '50%', position: 'original' });
    expectBox(kept.drawn, { x: 25, y: 35, width: 150, height: 150 });
    // At 100% the subject is 300x300: centred at (100, 110) it would stick out left and top.
    const clamped = await cut({ scale: '100%', position: 'original' });
    expectBox(clamped.drawn, { x: 0, y: 0, width: 300, height: 300 });
  });

  it('scales within the crop frame, margins included', async () => {
    const { result, drawn, size } = await cut({ crop: true, crop_margin: '50px', scale: '50%' });
    expect(size).toEqual([200, 200]);
    expectBox(drawn, { x: 50, y: 50, width: 100, height: 100 });
    expectBox(result.foreground, { x: 50, y: 50, width: 100, height: 100 });
    const plain = await cut({ crop: true, scale: '50%', position: '0% 100%' });
    expect(plain.size).toEqual([100, 100]);
    expectBox(plain.drawn, { x: 0, y: 50, width: 50, height: 50 });
  });

  it('fits a crop frame grown past the photo into the megapixel limit', async () => {
    const big = await squarePhoto({ width: 400, height: 300, square: { x: 60, y: 10, size: 280 } });
    // 0.03 MP: the work image is 200x150 and its 140 px subject, with 50% margins, a 280x280 frame.
    const fields = { megapixels: 0.03, crop: true, crop_margin: '50%', bg_color: 'red', format: 'png' };
    const result = await renderWithMask({ ...big, fields });
    expect(result.width * result.height).toBeLessThanOrEqual(30_000);
    expect(result.width).toBe(result.height);
    const side = result.width;
    expectBox(result.foreground, { x: side / 4, y: side / 4, width: side / 2, height: side / 2 });
  });

  it('plans nothing when the subject stays where it is (the default path copies nothing)', () => {
    const frame = { x: 0, y: 0, width: 400, height: 300 };
    const box = { x: 50, y: 60, width: 100, height: 100 };
    const plan = (scale: number | null, position: 'original' | { x: number; y: number }) =>
      planLayout({ frame, box, scale, position, maxPixels: null });
    expect(plan(null, 'original')).toBeNull();
    expect(
      planLayout({ frame: box, box, scale: null, position: { x: 0.5, y: 0.5 }, maxPixels: null }),
    ).toBeNull();
    expect(plan(null, { x: 0, y: 0 })?.target).toEqual({ x: 0, y: 0, width: 100, height: 100 });
    expect(plan(0.5, 'original')?.target).toEqual({ x: 25, y: 35, width: 150, height: 150 });
  });
});
