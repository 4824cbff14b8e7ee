import { beforeAll, describe, expect, it } from 'vitest';
import { pixelsOf, squarePhoto } from '../test-images.ts';
import type { MaskData } from './refine.ts';
import { renderWithMask } from './render-fixture.ts';
import { resolveRoi } from './roi.ts';

// 400x300, a 100x100 subject at (50, 60).
let photo: Buffer;
let mask: MaskData;
beforeAll(async () => {
  ({ photo, mask } = await squarePhoto({ width: 400, height: 300, square: { x: 50, y: 60, size: 100 } }));
});

describe('roi', () => {
  it('clears the part of the subject outside the region', async () => {
    const result = await renderWithMask({ photo, mask, fields: { roi: '0 0 100px 100%' } });
    expect(result.foreground).toEqual({ x: 50, y: 60, width: 50, height: 100 });
    const { at } = await pixelsOf(result.bytes);
    expect(at(75, 110)[3]).toBe(255);
    expect(at(100, 110)[3]).toBe(0);
    expect(at(140, 110)[3]).toBe(0);
    const whole = await renderWithMask({ photo, mask, fields: { roi: '0% 0% 100% 100%' } });
    expect(whole.foreground).toEqual({ x: 50, y: 60, width: 100, height: 100 });
  });

  it('reads px in the original image and scales them to the work size', async () => {
    // 0.03 MP: the work image is 200x150, the subject 50x50 at (25, 30); x < 100 px is x < 50 there.
    const result = await renderWithMask({ photo, mask, fields: { megapixels: 0.03, roi: '0 0 100 300' } });
    expect([result.width, result.height]).toEqual([200, 150]);
    expect(result.foreground).toMatchObject({ x: 25, width: 25 });
  });

  it('refuses an empty region and one past the image with 119, before the network', async () => {
    const refused = (roi: string) => renderWithMask({ photo, mask, fields: { roi } });
    await expect(refused('200 0 100 300')).rejects.toMatchObject({ code: 119, value: 'empty' });
    await expect(refused('0 50% 100% 50%')).rejects.toMatchObject({ code: 119, value: 'empty' });
    await expect(refused('0 0 401 300')).rejects.toMatchObject({ code: 119, value: 'exceeds_bounds' });
    await expect(refused('0 0 100% 301px')).rejects.toMatchObject({ code: 119, value: 'exceeds_bounds' });
    await expect(refused('0 0 100% 101%')).rejects.toMatchObject({ code: 119, value: 'exceeds_bounds' });
    expect(
      resolveRoi({ x1: px(0), y1: px(0), x2: pc(100), y2: px(300) }, { width: 400, height: 300 }),
    ).toEqual({
      x1: 0,
      y1: 0,
      x2: 400,
      y2: 300,
    });
  });
});

function px(value: number) {
  return { value, unit: 'px' } as const;
}

function pc(value: number) {
  return { value, unit: '%' } as const;
}
