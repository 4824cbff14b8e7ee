import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../options.ts';
import { discPhoto } from '../test-images.ts';
import { readHeader } from './decode.ts';
import { DEFAULT_REFINE } from './refine.ts';
import { render } from './render.ts';

describe('render', () => {
  it('leaves no unhandled rejection behind when a decode fails while the network runs', async () => {
    const photo = await discPhoto({ width: 200, height: 150 });
    const header = await readHeader(photo);
    const truncated = photo.subarray(0, 600);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const network = {
        prepare: async () => new Float32Array(3),
        run: () =>
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network failed')), 200)),
      };
      const task = { input: truncated, options: DEFAULT_OPTIONS, header };
      await expect(render(task, { network, refine: DEFAULT_REFINE })).rejects.toThrow('network failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
