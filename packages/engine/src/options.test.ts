import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { DEFAULT_OPTIONS, parseRemovalOptions } from './options.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function codeOf(raw: Record<string, unknown>): number | string | undefined {
  try {
    parseRemovalOptions(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    return (err as EngineError).code;
  }
  return undefined;
}

describe('parseRemovalOptions', () => {
  it('fills defaults for absent and empty fields', () => {
    expect(parseRemovalOptions({})).toEqual(DEFAULT_OPTIONS);
    expect(parseRemovalOptions({ size: '', bg_color: '', crop: '' })).toEqual(DEFAULT_OPTIONS);
  });

  it('reads size with remove.bg aliases, else 104', () => {
    expect(parseRemovalOptions({ size: 'preview' }).size).toBe('preview');
    expect(parseRemovalOptions({ size: ' FULL ' }).size).toBe('full');
    expect(parseRemovalOptions({ size: 'regular' }).size).toBe('preview');
    expect(parseRemovalOptions({ size: 'auto' }).size).toBe('full');
    expect(codeOf({ size: 'huge' })).toBe(104);
    expect(codeOf({ size: 3 })).toBe(104);
  });

  it('reads channels: 110 for an unknown text value, 105 for a value that is not text', () => {
    expect(parseRemovalOptions({ channels: 'ALPHA' }).channels).toBe('alpha');
    expect(parseRemovalOptions({ channels: 'rgba' }).channels).toBe('rgba');
    expect(codeOf({ channels: 'rgb' })).toBe(110);
    expect(codeOf({ channels: 4 })).toBe(105);
    expect(codeOf({ channels: ['rgba', 'alpha'] })).toBe(105);
  });

  it('reads format and output_format, else 112', () => {
    expect(parseRemovalOptions({ format: 'jpeg' }).format).toBe('jpg');
    expect(parseRemovalOptions({ format: 'webp' }).format).toBe('webp');
    expect(parseRemovalOptions({ format: 'AVIF' }).format).toBe('avif');
    expect(parseRemovalOptions({ format: 'auto' }).format).toBe('auto');
    expect(parseRemovalOptions({ output_format: 'json' }).output_format).toBe('json');
    expect(codeOf({ format: 'gif' })).toBe(112);
    expect(codeOf({ output_format: 'xml' })).toBe(112);
  });

  it('reads bg_color names, hex with or without # in 3, 4, 6 and 8 digits, else 111', () => {
    expect(parseRemovalOptions({ bg_color: 'red' }).bg_color).toEqual({ r: 255, g: 0, b: 0, a: 255 });
    expect(parseRemovalOptions({ bg_color: '#0f0' }).bg_color).toEqual({ r: 0, g: 255, b: 0, a: 255 });
    expect(parseRemovalOptions({ bg_color: '00f8' }).bg_color).toEqual({ r: 0, g: 0, b: 255, a: 0x88 });
    expect(parseRemovalOptions({ bg_color: 'ff0000cc' }).bg_color).toEqual({ r: 255, g: 0, b: 0, a: 0xcc });
    expect(parseRemovalOptions({ bg_color: { r: 1, g: 2, b: 3 } }).bg_color).toEqual({
      r: 1,
      g: 2,
      b: 3,
      a: 255,
    });
    expect(codeOf({ bg_color: 'reddish' })).toBe(111);
    expect(codeOf({ bg_color: '#12' })).toBe(111);
    expect(codeOf({ bg_color: 123 })).toBe(111);
  });

  it('reads bg_image as bytes or base64, else 114', () => {
    expect(parseRemovalOptions({ bg_image: PNG_1X1 }).bg_image).toBe(PNG_1X1);
    const fromBase64 = parseRemovalOptions({
      bg_image: `data:image/png;base64,${PNG_1X1.toString('base64')}`,
    });
    expect(Buffer.from(fromBase64.bg_image!).equals(PNG_1X1)).toBe(true);
    expect(codeOf({ bg_image: Buffer.alloc(0) })).toBe(114);
    expect(codeOf({ bg_image: Buffer.from('GIF89a...') })).toBe(114);
    expect(codeOf({ bg_image: '***not base64***' })).toBe(114);
    expect(codeOf({ bg_image: 42 })).toBe(114);
  });

  it('reads crop from booleans and form strings, else 115', () => {
    for (const yes of [true, 'true', '1', 'TRUE', 'on', 1])
      expect(parseRemovalOptions({ crop: yes }).crop).toBe(true);
    for (const no of [false, 'false', '0', 'off', 0])
      expect(parseRemovalOptions({ crop: no }).crop).toBe(false);
    expect(codeOf({ crop: 'maybe' })).toBe(115);
  });

  it('reads crop_margin in px or % with 1, 2 or 4 values in CSS order, else 116', () => {
    const px = (value: number) => ({ value, unit: 'px' });
    const pc = (value: number) => ({ value, unit: '%' });
    expect(parseRemovalOptions({ crop_margin: '10' }).crop_margin).toEqual({
      top: px(10),
      right: px(10),
      bottom: px(10),
      left: px(10),
    });
    expect(parseRemovalOptions({ crop_margin: '5%' }).crop_margin.left).toEqual(pc(5));
    expect(parseRemovalOptions({ crop_margin: '10px 20%' }).crop_margin).toEqual({
      top: px(10),
      right: pc(20),
      bottom: px(10),
      left: pc(20),
    });
    expect(parseRemovalOptions({ crop_margin: '1,2px, 3% 4' }).crop_margin).toEqual({
      top: px(1),
      right: px(2),
      bottom: pc(3),
      left: px(4),
    });
    expect(parseRemovalOptions({ crop_margin: 7 }).crop_margin.bottom).toEqual(px(7));
    expect(parseRemovalOptions({ crop_margin: { top: '3%', left: 2 } }).crop_margin).toEqual({
      top: pc(3),
      right: px(0),
      bottom: px(0),
      left: px(2),
    });
    for (const bad of ['1 2 3', '-5px', 'abc', '10em', '1 2 3 4 5'])
      expect(codeOf({ crop_margin: bad })).toBe(116);
  });

  it('accepts its own output again unchanged', () => {
    const once = parseRemovalOptions({
      size: 'preview',
      bg_color: 'red',
      crop: 'true',
      crop_margin: '1px 2% 3 4',
    });
    expect(parseRemovalOptions({ ...once })).toEqual(once);
  });

  it('reports the offending value', () => {
    try {
      parseRemovalOptions({ size: 'giant' });
      expect.unreachable();
    } catch (err) {
      expect((err as EngineError).value).toBe('giant');
      expect((err as EngineError).message).toMatch(/preview or full/);
    }
  });
});
