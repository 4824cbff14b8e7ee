import { parseRemovalOptions } from '../options.ts';
import { photoLike } from '../photo-like.ts';
import { readHeader } from '../pipeline/decode.ts';
import type { EncodeConfig } from '../pipeline/encode.ts';
import type { MaskData, RefineConfig } from '../pipeline/refine.ts';
import { type RenderDeps, render } from '../pipeline/render.ts';

/**
 * A generated photo just over the refinement grid (1024×768 px by default), so that a warm-up
 * takes the path a large photo takes (its own grid decode), and small enough to be quick.
 */
const WARM_PHOTO = { width: 1280, height: 720 } as const;

/** How many rounds: V8 had optimised every loop of the refinement for good after the fourth (README). */
export const WARM_ROUNDS = 5;

/**
 * Runs everything around the network (decodes, refinement, colours, compositing, encoding) on a
 * generated photo with a made-up mask, `rounds` times, a full size and a preview each round. The
 * loops run once per request over millions of pixels, so V8 compiles them while they run (on-stack
 * replacement) before all of their code has run, and drops that code again at the first branch
 * it has not seen: the first four 12 MP requests of a fresh worker refined in 120-230 ms instead of
 * 75. A worker pays for it while it waits for its first request (a request that comes meanwhile
 * ends it after the removal in progress, ~0.1-0.3 s). The network is never called. Returns the
 * milliseconds of each round finished.
 */
export async function warmPipeline(options: {
  /** The network's mask size: the made-up mask is that size, as a real one would be. */
  maskSize: { width: number; height: number };
  refine: RefineConfig;
  encode: EncodeConfig;
  rounds?: number;
  /** Asked before each removal: true ends the warm-up there (a request has come). */
  stop?: () => boolean;
}): Promise<number[]> {
  const times: number[] = [];
  if (options.stop?.()) return times;
  const input = new Uint8Array(await photoLike(WARM_PHOTO.width, WARM_PHOTO.height, 1));
  const header = await readHeader(input);
  const mask = ellipseMask(options.maskSize);
  const deps: RenderDeps = { network: noNetwork, refine: options.refine, encode: options.encode };
  const sizes = [parseRemovalOptions({ size: 'full' }), parseRemovalOptions({ size: 'preview' })];
  for (let round = 0; round < (options.rounds ?? WARM_ROUNDS); round++) {
    const start = performance.now();
    for (const removal of sizes) {
      if (options.stop?.()) return times;
      await render({ input, options: removal, header, mask }, deps);
    }
    times.push(performance.now() - start);
  }
  return times;
}

/** A subject in the middle with a soft edge a few pixels wide, as the network draws one. */
function ellipseMask(size: { width: number; height: number }): MaskData {
  const { width, height } = size;
  const data = new Uint8Array(width * height);
  const [cx, cy, rx, ry] = [width / 2, height / 2, width * 0.3, height * 0.38];
  const soft = 4 / Math.min(rx, ry);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      data[y * width + x] = Math.round(255 * Math.min(1, Math.max(0, (1 - d) / soft + 0.5)));
    }
  }
  return { data, width, height };
}

/** The warm-up always brings its mask: a network call would be a bug. */
const noNetwork: RenderDeps['network'] = {
  resolve: () => 'full',
  prepare: () => Promise.reject(new Error('the warm-up must not run the network')),
  run: () => Promise.reject(new Error('the warm-up must not run the network')),
};
