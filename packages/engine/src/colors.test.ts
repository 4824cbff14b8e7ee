import { describe, expect, it } from 'vitest';
import { parseColor } from './colors.ts';
import { CSS_NAMED_COLORS } from './css-colors.ts';

describe('parseColor', () => {
  it('knows every CSS named colour', () => {
    expect(CSS_NAMED_COLORS.size).toBe(148);
    expect(parseColor('RebeccaPurple')).toEqual({ r: 0x66, g: 0x33, b: 0x99, a: 255 });
    expect(parseColor('lightgoldenrodyellow')).toEqual({ r: 0xfa, g: 0xfa, b: 0xd2, a: 255 });
    expect(parseColor('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
  });

  it('reads hex codes of 3, 4, 6 and 8 digits with or without #', () => {
    expect(parseColor('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc, a: 255 });
    expect(parseColor('abcd')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc, a: 0xdd });
    expect(parseColor('81d4fa')).toEqual({ r: 0x81, g: 0xd4, b: 0xfa, a: 255 });
    expect(parseColor('#81D4FA77')).toEqual({ r: 0x81, g: 0xd4, b: 0xfa, a: 0x77 });
  });

  it('reads rgb() and rgba()', () => {
    expect(parseColor('rgb(255, 0, 10)')).toEqual({ r: 255, g: 0, b: 10, a: 255 });
    expect(parseColor('rgba(0 128 255 / 50%)')).toEqual({ r: 0, g: 128, b: 255, a: 128 });
    expect(parseColor('rgb(100%, 0%, 0%)')).toEqual({ r: 255, g: 0, b: 0, a: 255 });
  });

  it('returns null for anything else', () => {
    for (const bad of ['', 'blurple', '#12', '#12345', 'ggg', 'rgb(1,2)', 'rgb(a,b,c)', '#1234567']) {
      expect(parseColor(bad)).toBeNull();
    }
  });
});
