import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../options.ts';
import { foregroundBox, outputFrame } from './frame.ts';

describe('foreground box and crop frame', () => {
  it('finds the box of alpha ≥ 16, or null', () => {
    const alpha = new Uint8Array(10 * 8);
    expect(foregroundBox(alpha, 10, 8)).toBeNull();
    alpha[2 * 10 + 3] = 200;
    alpha[5 * 10 + 7] = 16;
    alpha[6 * 10 + 1] = 15;
    expect(foregroundBox(alpha, 10, 8)).toEqual({ x: 3, y: 2, width: 5, height: 4 });
  });

  it('grows the box by px and % margins, capped at half the subject and 500 px', () => {
    const box = { x: 100, y: 50, width: 200, height: 100 };
    const margin = (top: string, right: string, bottom: string, left: string) => {
      const l = (s: string) => ({ value: Number.parseFloat(s), unit: s.endsWith('%') ? '%' : 'px' }) as const;
      return { top: l(top), right: l(right), bottom: l(bottom), left: l(left) };
    };
    const frame = (m: ReturnType<typeof margin>, crop = true) =>
      outputFrame({ width: 1000, height: 800, box, crop, margin: m });
    expect(frame(margin('10', '10%', '0', '5'))).toEqual({ x: 95, y: 40, width: 225, height: 110 });
    expect(frame(margin('90%', '1000', '0', '0'))).toEqual({ x: 100, y: 0, width: 300, height: 150 });
    expect(frame(margin('10', '10', '10', '10'), false)).toEqual({ x: 0, y: 0, width: 1000, height: 800 });
    expect(
      outputFrame({ width: 9, height: 9, box: null, crop: true, margin: DEFAULT_OPTIONS.crop_margin }),
    ).toEqual({
      x: 0,
      y: 0,
      width: 9,
      height: 9,
    });
  });
});
