import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../options.ts';
import { discPhoto, squarePhoto } from '../test-images.ts';
import { readHeader, workSize } from './decode.ts';
import { DEFAULT_REFINE } from './refine.ts';
import { render } from './render.ts';
import { renderWithMask } from './render-fixture.ts';

describe('render', () => {
  it('fails with 113 and leaves no unhandled rejection behind when both decodes after the network fail', async () => {
    const photo = await discPhoto({ width: 200, height: 150 });
    const header = await readHeader(photo);
    const truncated = photo.subarray(0, 600);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const network = {
        resolve: () => 'full' as const,
        prepare: async () => ({ tensor: new Float32Array(3), width: 1, height: 1 }),
        run: async () => ({ data: new Uint8Array(16 * 16).fill(255), width: 16, height: 16 }),
      };
      const task = { input: truncated, options: DEFAULT_OPTIONS, header };
      // A grid smaller than the photo, so that the grid decode runs (and fails) beside the full one.
      const refine = { ...DEFAULT_REFINE, gridPixels: 100 * 75 };
      await expect(render(task, { network, refine })).rejects.toMatchObject({ code: 113 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });

  it('gives medium at most 1.5 MP and hd at most 4 MP of a 3000x2000 photo, aspect kept', async () => {
    const { photo, mask } = await squarePhoto({
      width: 3000,
      height: 2000,
      square: { x: 1000, y: 500, size: 1000 },
    });
    for (const [size, megapixels] of [
      ['medium', 1.5],
      ['hd', 4],
    ] as const) {
      const result = await renderWithMask({ photo, mask, fields: { size } });
      const pixels = result.width * result.height;
      expect(pixels, size).toBeLessThanOrEqual(megapixels * 1e6);
      expect(pixels, size).toBeGreaterThan(megapixels * 1e6 * 0.995);
      expect(Math.abs(result.width / result.height - 1.5)).toBeLessThan(0.002);
      expect(result.original).toEqual({ width: 3000, height: 2000 });
    }
    const header = { width: 3000, height: 2000, format: 'jpeg', hasAlpha: false };
    expect(workSize(header, 'full', 1.5)).toEqual({ width: 1500, height: 1000 });
    expect(workSize(header, 'full', 4)).toEqual({ width: 2449, height: 1632 });
    expect(workSize(header, 'full', 10)).toEqual({ width: 3000, height: 2000 });
    expect(workSize(header, 'preview', 4)).toEqual({ width: 600, height: 400 });
  });
});
