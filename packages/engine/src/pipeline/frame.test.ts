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

  it('reads four pixels at a time without missing any: odd widths, unaligned views, faint noise', () => {
    const naive = (alpha: Uint8Array, w: number, h: number) => {
      let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (alpha[y * w + x]! < 16) continue;
          box = box
            ? { x0: Math.min(box.x0, x), y0: box.y0, x1: Math.max(box.x1, x), y1: y }
            : { x0: x, y0: y, x1: x, y1: y };
        }
      }
      return box && { x: box.x0, y: box.y0, width: box.x1 - box.x0 + 1, height: box.y1 - box.y0 + 1 };
    };
    let seed = 1;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let t = 0; t < 400; t++) {
      const w = 1 + Math.floor(random() * 29);
      const h = 1 + Math.floor(random() * 9);
      const offset = t % 4;
      const alpha = new Uint8Array(w * h + offset).subarray(offset);
      for (let i = 0; i < alpha.length; i++) if (random() < 0.3) alpha[i] = Math.floor(random() * 16);
      for (let k = Math.floor(random() * 4); k > 0; k--) alpha[Math.floor(random() * alpha.length)] = 16 + t;
      expect(foregroundBox(alpha, w, h)).toEqual(naive(alpha, w, h));
    }
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
