import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import { discPhoto, pngClaiming } from '../test-images.ts';
import {
  centredInput,
  cornerAxis,
  decodeBackdrop,
  decodeModelInput,
  decodeWork,
  readHeader,
} from './decode.ts';

describe('network input', () => {
  it('is planar NCHW, normalised per channel with its own mean and std', async () => {
    // A 4x2 PNG (no resize): distinct values per channel and pixel.
    const pixels = Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => (i * 37) % 256);
    const bytes = await sharp(pixels, { raw: { width: 4, height: 2, channels: 3 } })
      .png()
      .toBuffer();
    const spec = { width: 4, height: 2, mean: [0.1, 0.5, 0.9], std: [1, 0.5, 0.25] } as const;
    const tensor = await decodeModelInput({ bytes, spec, header: { width: 4, height: 2 } });
    expect(tensor.length).toBe(3 * 8);
    for (let c = 0; c < 3; c++) {
      for (let i = 0; i < 8; i++) {
        const expected = (pixels[i * 3 + c]! / 255 - spec.mean[c]!) / spec.std[c]!;
        expect(tensor[c * 8 + i]).toBeCloseTo(expected, 5);
      }
    }
  });

  it('puts transparent areas on white', async () => {
    const rgba = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 255]);
    const bytes = await sharp(rgba, { raw: { width: 2, height: 1, channels: 4 } })
      .png()
      .toBuffer();
    const tensor = await decodeModelInput({
      bytes,
      spec: { width: 2, height: 1, mean: [0, 0, 0], std: [1, 1, 1] },
      header: { width: 2, height: 1 },
    });
    expect(Array.from(tensor)).toEqual([1, 0, 1, 0, 1, 0]);
  });

  it("samples the photo where the weights' own pipeline does: input pixel X at X·W/w, bilinear, rounded", async () => {
    // A 4x1 grey ramp enlarged to 8 input pixels: positions 0, 0.5, 1, … 3.5 (the last clamps).
    const grey = Uint8Array.from([0, 0, 0, 100, 100, 100, 200, 200, 200, 255, 255, 255]);
    const bytes = await sharp(grey, { raw: { width: 4, height: 1, channels: 3 } })
      .png()
      .toBuffer();
    const tensor = await decodeModelInput({
      bytes,
      spec: { width: 8, height: 1, mean: [0, 0, 0], std: [1, 1, 1] },
      header: { width: 4, height: 1 },
    });
    const red = Array.from(tensor.subarray(0, 8), (v) => Math.round(v * 255));
    expect(red).toEqual([0, 50, 100, 150, 200, 228, 255, 255]);
  });

  it('gives a photo over twice the input on an axis the pixel-centre Lanczos resize instead', async () => {
    const photo = await discPhoto({ width: 90, height: 20 });
    const spec = { width: 40, height: 40, mean: [0, 0, 0], std: [1, 1, 1] } as const;
    expect(centredInput({ width: 90, height: 20 }, spec)).toBe(true);
    expect(centredInput({ width: 80, height: 80 }, spec)).toBe(false);
    const tensor = await decodeModelInput({ bytes: photo, spec, header: { width: 90, height: 20 } });
    const lanczos = await sharp(photo).resize(40, 40, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const red = Array.from(tensor.subarray(0, 1600), (v) => Math.round(v * 255));
    expect(red).toEqual(Array.from({ length: 1600 }, (_, i) => lanczos[i * 3]));
  });

  it('places input pixel X at X·W/w of the photo', () => {
    expect(Array.from(cornerAxis(3, 4).i0)).toEqual([0, 1, 2]);
    expect(Array.from(cornerAxis(3, 4).w, (w) => Number(w.toFixed(3)))).toEqual([0, 0.333, 0.667]);
  });
});

describe('refused pictures say why', () => {
  it('gives a header over the pixel limit that limit in megapixels', async () => {
    await expect(readHeader(await pngClaiming(30_000, 30_000))).rejects.toMatchObject({
      code: 113,
      value: LIMITS.maxInputPixels / 1e6,
    });
    await expect(readHeader(await pngClaiming(30_000, 30_000), 'background')).rejects.toMatchObject({
      code: 114,
      value: LIMITS.maxInputPixels / 1e6,
    });
  });

  it('calls a cut-off JPG or PNG damaged', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await discPhoto({ width: 320, height: 240, format });
      const bytes = whole.subarray(0, whole.length / 2);
      const header = await readHeader(bytes);
      await expect(decodeWork({ bytes, header, size: header }), format).rejects.toMatchObject({
        code: 113,
        value: 'damaged',
      });
      await expect(decodeBackdrop({ bytes, size: header }), format).rejects.toMatchObject({
        code: 114,
        value: 'damaged',
      });
    }
  });
});
