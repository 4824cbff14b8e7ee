import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { DEFAULT_OPTIONS, parseRemovalOptions } from './options.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** The code and value of the error a parse throws, or undefined when it passes. */
function errorOf(
  raw: Record<string, unknown>,
): { code: number | string; value?: string | number } | undefined {
  try {
    parseRemovalOptions(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    const { code, value } = err as EngineError;
    return value === undefined ? { code } : { code, value };
  }
  return undefined;
}

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
    const empty = { type: '', type_level: '', scale: '', position: '', roi: '', add_shadow: '' };
    expect(parseRemovalOptions({ ...empty, semitransparency: '', megapixels: null })).toEqual(
      DEFAULT_OPTIONS,
    );
    expect(DEFAULT_OPTIONS).toMatchObject({
      megapixels: null,
      type: 'auto',
      type_level: '1',
      roi: null,
      scale: null,
      position: 'original',
      add_shadow: false,
      semitransparency: true,
    });
  });

  it('reads size with remove.bg aliases, else 104', () => {
    expect(parseRemovalOptions({ size: 'preview' }).size).toBe('preview');
    expect(parseRemovalOptions({ size: ' FULL ' }).size).toBe('full');
    expect(parseRemovalOptions({ size: 'regular' }).size).toBe('preview');
    expect(parseRemovalOptions({ size: 'auto' }).size).toBe('full');
    expect(codeOf({ size: 'huge' })).toBe(104);
    expect(codeOf({ size: 3 })).toBe(104);
  });

  it('limits medium to 1.5 and hd to 4 megapixels (both full size); other sizes have no limit', () => {
    expect(parseRemovalOptions({ size: 'medium' })).toMatchObject({ size: 'full', megapixels: 1.5 });
    expect(parseRemovalOptions({ size: 'HD' })).toMatchObject({ size: 'full', megapixels: 4 });
    for (const size of ['full', 'auto', '4k', 'preview', 'small'])
      expect(parseRemovalOptions({ size }).megapixels).toBeNull();
    // Typed (no form field has it): kept on a second parse; a size name's smaller limit wins.
    expect(parseRemovalOptions({ size: 'full', megapixels: 2 }).megapixels).toBe(2);
    expect(parseRemovalOptions({ size: 'medium', megapixels: 4 }).megapixels).toBe(1.5);
    expect(errorOf({ megapixels: 0 })).toEqual({ code: 104, value: '0' });
    expect(errorOf({ megapixels: '2' })).toEqual({ code: 104, value: '2' });
  });

  it('reads type and type_level (carried, not applied), else 120 with the value sent', () => {
    expect(parseRemovalOptions({ type: 'Person' }).type).toBe('person');
    for (const type of ['auto', 'product', 'car', 'animal', 'graphics', 'other'])
      expect(parseRemovalOptions({ type }).type).toBe(type);
    for (const level of ['none', '1', '2', 'latest'])
      expect(parseRemovalOptions({ type_level: level }).type_level).toBe(level);
    expect(parseRemovalOptions({ type_level: 2 }).type_level).toBe('2');
    expect(errorOf({ type: 'tree' })).toEqual({ code: 120, value: 'tree' });
    expect(errorOf({ type_level: '3' })).toEqual({ code: 120, value: '3' });
    expect(errorOf({ type_level: 'LATEST!' })).toEqual({ code: 120, value: 'LATEST!' });
  });

  it('reads scale as original or 10%..100%, else 117; a scale centres the subject unless a position is given', () => {
    expect(parseRemovalOptions({ scale: 'original' })).toMatchObject({ scale: null, position: 'original' });
    expect(parseRemovalOptions({ scale: '50%' })).toMatchObject({ scale: 0.5, position: { x: 0.5, y: 0.5 } });
    expect(parseRemovalOptions({ scale: ' 10% ' }).scale).toBe(0.1);
    expect(parseRemovalOptions({ scale: '100%' }).scale).toBe(1);
    expect(parseRemovalOptions({ scale: '33.5%' }).scale).toBeCloseTo(0.335);
    expect(parseRemovalOptions({ scale: 0.25 }).scale).toBe(0.25);
    expect(parseRemovalOptions({ scale: '80%', position: 'original' }).position).toBe('original');
    for (const bad of ['9%', '101%', '50', '0.5', 'big', '-20%', '50%%'])
      expect(errorOf({ scale: bad })).toEqual({ code: 117, value: bad });
    expect(errorOf({ scale: 50 })).toEqual({ code: 117, value: '50' });
  });

  it('reads position as original, center, X% or X% Y%, else 118', () => {
    expect(parseRemovalOptions({ position: 'original' }).position).toBe('original');
    expect(parseRemovalOptions({ position: 'CENTER' }).position).toEqual({ x: 0.5, y: 0.5 });
    expect(parseRemovalOptions({ position: '0%' }).position).toEqual({ x: 0, y: 0 });
    expect(parseRemovalOptions({ position: '100% 25%' }).position).toEqual({ x: 1, y: 0.25 });
    expect(parseRemovalOptions({ position: '10%,90%' }).position).toEqual({ x: 0.1, y: 0.9 });
    expect(parseRemovalOptions({ position: { x: 0.2, y: 1 } }).position).toEqual({ x: 0.2, y: 1 });
    for (const bad of ['101%', '50', 'left', '10% 20% 30%', '-5%', '50px'])
      expect(errorOf({ position: bad })).toEqual({ code: 118, value: bad });
  });

  it('reads roi as four px or % lengths, else 119 with the value, or exceeds_bounds past 100%', () => {
    const px = (value: number) => ({ value, unit: 'px' });
    const pc = (value: number) => ({ value, unit: '%' });
    expect(parseRemovalOptions({ roi: '0% 0% 100% 100%' }).roi).toEqual({
      x1: pc(0),
      y1: pc(0),
      x2: pc(100),
      y2: pc(100),
    });
    expect(parseRemovalOptions({ roi: '10px, 20 30.5px 40%' }).roi).toEqual({
      x1: px(10),
      y1: px(20),
      x2: px(30.5),
      y2: pc(40),
    });
    for (const bad of ['1 2 3', '1 2 3 4 5', '-1 0 10 10', '0 0 10em 10', 'all'])
      expect(errorOf({ roi: bad })).toEqual({ code: 119, value: bad });
    expect(errorOf({ roi: '0% 0% 101% 50%' })).toEqual({ code: 119, value: 'exceeds_bounds' });
    // Emptiness and pixel bounds need the image's size: they are checked when it is known.
    expect(parseRemovalOptions({ roi: '50% 0% 10% 10%' }).roi).not.toBeNull();
  });

  it('reads add_shadow (121) and semitransparency (122) as booleans', () => {
    for (const yes of [true, 'true', '1', 'on'])
      expect(parseRemovalOptions({ add_shadow: yes, semitransparency: yes })).toMatchObject({
        add_shadow: true,
        semitransparency: true,
      });
    for (const no of [false, 'false', '0', 'off'])
      expect(parseRemovalOptions({ add_shadow: no, semitransparency: no })).toMatchObject({
        add_shadow: false,
        semitransparency: false,
      });
    expect(errorOf({ add_shadow: 'sometimes' })).toEqual({ code: 121, value: 'sometimes' });
    expect(errorOf({ semitransparency: 'partly' })).toEqual({ code: 122, value: 'partly' });
    expect(errorOf({ semitransparency: 2 })).toEqual({ code: 122, value: '2' });
  });

  it('reads channels: 110 for an unknown text value, 105 for a value that is not text', () => {
    expect(parseRemovalOptions({ channels: 'ALPHA' }).channels).toBe('alpha');
    expect(parseRemovalOptions({ channels: 'rgba' }).channels).toBe('rgba');
    expect(codeOf({ channels: 'rgb' })).toBe(110);
    expect(codeOf({ channels: 4 })).toBe(105);
    expect(codeOf({ channels: ['rgba', 'alpha'] })).toBe(105);
  });

  it('reads format zip, never chosen by auto, and names zip in the 112 message', () => {
    expect(parseRemovalOptions({ format: 'ZIP' }).format).toBe('zip');
    expect(errorOf({ format: 'rar' })).toEqual({ code: 112, value: 'rar' });
    expect(() => parseRemovalOptions({ format: 'rar' })).toThrow(/zip/);
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

  it("takes a picture format in output_format as format's other name (SPEC §5), unless format differs", () => {
    expect(parseRemovalOptions({ output_format: 'png' })).toMatchObject({
      format: 'png',
      output_format: 'image',
    });
    expect(parseRemovalOptions({ output_format: 'JPEG' })).toMatchObject({
      format: 'jpg',
      output_format: 'image',
    });
    // The public API's default format=auto gives way to it; the same format twice is no conflict.
    expect(parseRemovalOptions({ format: 'auto', output_format: 'webp' }).format).toBe('webp');
    expect(parseRemovalOptions({ format: 'jpg', output_format: 'jpeg' }).format).toBe('jpg');
    expect(parseRemovalOptions({ format: 'webp', output_format: 'json' })).toMatchObject({
      format: 'webp',
      output_format: 'json',
    });
    expect(codeOf({ format: 'png', output_format: 'jpg' })).toBe(112);
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
    const layout = parseRemovalOptions({
      size: 'hd',
      type: 'car',
      type_level: '2',
      format: 'zip',
      roi: '10px 5% 200 50%',
      scale: '80%',
      position: '20% 90%',
      add_shadow: 'true',
      semitransparency: 'false',
    });
    expect(parseRemovalOptions({ ...layout })).toEqual(layout);
    const centred = parseRemovalOptions({ scale: '50%' });
    expect(parseRemovalOptions({ ...centred })).toEqual(centred);
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

  it('echoes an object or array from a JSON body as JSON, cut to 200 characters', () => {
    expect(errorOf({ size: { name: 'full' } })).toEqual({ code: 104, value: '{"name":"full"}' });
    expect(errorOf({ scale: [50, '%'] })).toEqual({ code: 117, value: '[50,"%"]' });
    expect(errorOf({ bg_color: { r: 1 } })).toMatchObject({ value: '{"r":1}' });
    const long = errorOf({ position: { text: 'x'.repeat(500) } })?.value as string;
    expect(long).toHaveLength(200);
    expect(long.startsWith('{"text":"xxx')).toBe(true);
    expect(errorOf({ megapixels: Number.NaN })).toEqual({ code: 104, value: 'NaN' });
  });
});
