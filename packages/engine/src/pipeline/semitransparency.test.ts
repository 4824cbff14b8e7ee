import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderWithMask } from './render-fixture.ts';
import { removeSemitransparency } from './semitransparency.ts';

describe('semitransparency=false', () => {
  it('maps alpha < 64 to 0, > 192 to 255 and stretches the range between', () => {
    const alpha = Uint8Array.from([0, 1, 63, 64, 65, 128, 191, 192, 193, 254, 255]);
    removeSemitransparency(alpha);
    expect(Array.from(alpha)).toEqual([0, 0, 0, 0, 2, 128, 253, 255, 255, 255, 255]);
  });

  it('removes semi-transparent regions of a cut-out and keeps the opaque subject', async () => {
    // Grey 300x200 photo; the mask: an opaque square, a faint (40) patch and a nearly solid (220) one.
    const width = 300;
    const height = 200;
    const photo = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const data = new Uint8Array(width * height);
    const patches = [
      { x: 20, value: 255 },
      { x: 120, value: 40 },
      { x: 220, value: 220 },
    ];
    for (const { x, value } of patches)
      for (let y = 50; y < 130; y++) data.fill(value, y * width + x, y * width + x + 60);
    const mask = { data, width, height };
    const alphaOf = async (semitransparency: boolean) => {
      const result = await renderWithMask({ photo, mask, fields: { semitransparency, channels: 'alpha' } });
      return sharp(result.bytes).extractChannel(0).raw().toBuffer();
    };
    const soft = await alphaOf(true);
    const hard = await alphaOf(false);
    const inside = (alpha: Buffer, x0: number) => {
      const values: number[] = [];
      for (let y = 58; y < 122; y++)
        for (let x = x0 + 8; x < x0 + 52; x++) values.push(alpha[y * width + x]!);
      return values;
    };
    // The fixture has semi-transparency to remove.
    expect(Math.abs(inside(soft, 120)[0]! - 40)).toBeLessThanOrEqual(4);
    expect(Math.abs(inside(soft, 220)[0]! - 220)).toBeLessThanOrEqual(4);
    expect(new Set(inside(hard, 20))).toEqual(new Set([255]));
    expect(new Set(inside(hard, 120))).toEqual(new Set([0]));
    expect(new Set(inside(hard, 220))).toEqual(new Set([255]));
    const semi = [...hard].filter((a) => (a > 0 && a < 64) || (a > 192 && a < 255));
    // Only the antialiased rims of the patches keep in-between values, a small share of the image.
    expect(semi.length).toBeLessThan(width * height * 0.02);
  });
});
