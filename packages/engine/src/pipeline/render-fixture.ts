// For tests: render() with a given network mask, the network refused, as a cached request runs.
import { parseRemovalOptions, type RemovalOptionsInput } from '../options.ts';
import type { NetworkInput } from '../worker/session.ts';
import { readHeader } from './decode.ts';
import { DEFAULT_REFINE, type MaskData, type RefineConfig } from './refine.ts';
import { type RenderedImage, render } from './render.ts';

/** Renders `photo` with `mask` as its network mask and the options as a caller would send them. */
export async function renderWithMask(options: {
  photo: Uint8Array;
  mask: MaskData;
  fields?: RemovalOptionsInput;
  refine?: Partial<RefineConfig>;
}): Promise<RenderedImage> {
  const { photo, mask } = options;
  const network = {
    resolve: () => 'full' as const,
    prepare: async (): Promise<NetworkInput> => {
      throw new Error('the network must not run when a mask is given');
    },
    run: async (): Promise<MaskData> => {
      throw new Error('the network must not run when a mask is given');
    },
  };
  const task = {
    input: photo,
    options: parseRemovalOptions(options.fields),
    header: await readHeader(photo),
    mask,
  };
  const { image } = await render(task, { network, refine: { ...DEFAULT_REFINE, ...options.refine } });
  return image;
}
