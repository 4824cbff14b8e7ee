import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../options.ts';
import { discPhoto } from '../test-images.ts';
import { readHeader } from './decode.ts';
import { DEFAULT_REFINE } from './refine.ts';
import { render } from './render.ts';

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
        prepare: async () => new Float32Array(3),
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
});
