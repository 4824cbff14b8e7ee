import { describe, expect, it } from 'vitest';
import {
  cropMargin,
  defaultProcessingOptions,
  executeForm,
  optionsKey,
  type ProcessingOptions,
} from './processing-options.ts';

const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
const withOptions = (patch: Partial<ProcessingOptions>): ProcessingOptions => ({
  ...defaultProcessingOptions,
  ...patch,
});
const paddings = (top: number, right: number, bottom: number, left: number, unit: '%' | 'px' = 'px') => ({
  top: { value: top, unit },
  right: { value: right, unit },
  bottom: { value: bottom, unit },
  left: { value: left, unit },
});

describe('crop_margin', () => {
  it('is left out while crop is off, whatever the margins', () => {
    expect(cropMargin(withOptions({ crop: false, paddings: paddings(10, 10, 10, 10) }))).toBeNull();
    expect(
      executeForm(
        { kind: 'file', file: photo },
        withOptions({ paddings: paddings(10, 0, 0, 0) }),
        'preview',
      ).has('crop_margin'),
    ).toBe(false);
  });

  it('is left out when crop is on but every margin is zero', () => {
    const form = executeForm({ kind: 'file', file: photo }, withOptions({ crop: true }), 'preview');
    expect(form.get('crop')).toBe('true');
    expect(form.has('crop_margin')).toBe(false);
  });

  it('is sent as top right bottom left, each with its own unit, when crop is on and a margin is set', () => {
    const options = withOptions({
      crop: true,
      paddings: { ...paddings(10, 0, 0, 0), left: { value: 5, unit: '%' } },
    });
    expect(cropMargin(options)).toBe('10px 0px 0px 5%');
    expect(executeForm({ kind: 'file', file: photo }, options, 'full').get('crop_margin')).toBe(
      '10px 0px 0px 5%',
    );
  });
});

describe('the execute form', () => {
  it('carries the file, the size and the options as strings', () => {
    const form = executeForm({ kind: 'file', file: photo }, defaultProcessingOptions, 'preview');
    expect((form.get('image_file') as File).name).toBe('photo.jpg');
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'image_file'))).toEqual({
      size: 'preview',
      channels: 'rgba',
      format: 'png',
      output_format: 'image',
      crop: 'false',
    });
  });

  it('sends an address as image_file_url and the backgrounds only while they are switched on', () => {
    const background = new File(['bg'], 'beach.png', { type: 'image/png' });
    const off = executeForm(
      { kind: 'url', url: 'https://example.com/a.jpg' },
      withOptions({ bgColor: 'red', bgImageFile: background }),
      'full',
    );
    expect(off.get('image_file_url')).toBe('https://example.com/a.jpg');
    expect(off.has('image_file')).toBe(false);
    expect(off.has('bg_color')).toBe(false);
    expect(off.has('bg_image_file')).toBe(false);

    const on = executeForm(
      { kind: 'url', url: 'https://example.com/a.jpg' },
      withOptions({
        bgColorToggle: true,
        bgColor: ' #81d4fa ',
        bgImageToggle: true,
        bgImageFile: background,
      }),
      'full',
    );
    expect(on.get('bg_color')).toBe('#81d4fa');
    expect((on.get('bg_image_file') as File).name).toBe('beach.png');

    const byUrl = executeForm(
      { kind: 'url', url: 'https://example.com/a.jpg' },
      withOptions({ bgImageToggle: true, bgImageSource: 'url', bgImageUrl: 'https://example.com/bg.jpg' }),
      'full',
    );
    expect(byUrl.get('bg_image_file_url')).toBe('https://example.com/bg.jpg');
  });
});

describe('optionsKey', () => {
  it('is the same for options that send the same values', () => {
    expect(optionsKey(withOptions({ size: 'full' }))).toBe(optionsKey(withOptions({ size: 'preview' })));
    // A colour typed while the colour is off changes nothing that is sent.
    expect(optionsKey(withOptions({ bgColor: 'red' }))).toBe(optionsKey(defaultProcessingOptions));
    expect(optionsKey(withOptions({ crop: true, paddings: paddings(0, 0, 0, 0, '%') }))).toBe(
      optionsKey(withOptions({ crop: true })),
    );
  });

  it('differs when a sent value differs', () => {
    expect(optionsKey(withOptions({ format: 'webp' }))).not.toBe(optionsKey(defaultProcessingOptions));
    expect(optionsKey(withOptions({ bgColorToggle: true, bgColor: 'red' }))).not.toBe(
      optionsKey(withOptions({ bgColorToggle: true, bgColor: 'blue' })),
    );
    const a = new File(['a'], 'bg.png', { type: 'image/png' });
    const b = new File(['a'], 'bg.png', { type: 'image/png' });
    expect(optionsKey(withOptions({ bgImageToggle: true, bgImageFile: a }))).not.toBe(
      optionsKey(withOptions({ bgImageToggle: true, bgImageFile: b })),
    );
  });
});
