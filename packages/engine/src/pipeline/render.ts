import type { RemovalOptions } from '../options.ts';
import type { NetworkQuality, Predictor } from '../worker/session.ts';
import { flatten, isOpaque, makeBackdrop, resolveFormat } from './backdrop.ts';
import { prepareColours } from './compose.ts';
import { decodeGrid, decodeWork, type ImageHeader, workSize } from './decode.ts';
import { DEFAULT_ENCODE, type EncodeConfig, encodeCutout, type ImageFormat, MIME } from './encode.ts';
import { type Box, foregroundBox, outputFrame } from './frame.ts';
import { placeSubject, planLayout } from './layout.ts';
import { gridGuide, gridSize, type MaskData, prepareGuide, type RefineConfig, refineMask } from './refine.ts';
import { clearOutsideRegion, resolveRoi } from './roi.ts';
import { removeSemitransparency } from './semitransparency.ts';
import { addShadow, shadowReach } from './shadow.ts';

/** One removal as the worker receives it: validated bytes, options and header, maybe a cached mask. */
export interface RenderTask {
  input: Uint8Array;
  options: RemovalOptions;
  header: ImageHeader;
  mask?: MaskData;
  /** The network input to use when no mask came with the task (default 'full'). */
  quality?: NetworkQuality;
}

/** The finished cut-out, in output coordinates. */
export interface RenderedImage {
  bytes: Uint8Array;
  mime: string;
  format: ImageFormat;
  width: number;
  height: number;
  foreground: Box;
  original: { width: number; height: number };
  timings: Record<string, number>;
}

/** Services the renderer needs: the network (unused for cached masks) and settings. */
export interface RenderDeps {
  network: Pick<Predictor, 'resolve' | 'prepare' | 'run'>;
  refine: RefineConfig;
  encode?: EncodeConfig;
}

/**
 * network input and grid decodes → network → full-size decode beside refinement → roi and
 * semitransparency → crop frame → scale and position → shadow → composite → encode.
 * Returns the network mask too, for the cache (nothing after the network changes it), and the
 * quality of the network run that made it (null when it came with the task).
 */
export async function render(
  task: RenderTask,
  deps: RenderDeps,
): Promise<{ image: RenderedImage; mask: MaskData; quality: NetworkQuality | null }> {
  const { input, options, header } = task;
  const clock = stopwatch();
  // The region needs only the header: a bad one is refused before the network runs.
  const region = options.roi ? resolveRoi(options.roi, header) : null;
  const size = workSize(header, options.size, options.megapixels);
  const grid = gridSize(size, deps.refine);
  const small = grid.width === size.width && grid.height === size.height;
  // The photo at the refinement grid's size is small (~2 MB at 12 MP): it decodes on another libuv
  // thread beside the network's input. A result no larger than the grid (a preview, a small photo)
  // is its own grid, and as small: the whole working image decodes there instead.
  const gridDecode = small ? null : handled(decodeGrid({ bytes: input, size: grid }));
  const smallDecode = small ? handled(decodeWork({ bytes: input, header, size })) : null;
  // The network runs alone: its activations are the largest allocation of a removal, and decoding
  // a large working image beside it would add to that peak (~50 MB at 12 MP).
  const quality = task.mask ? null : deps.network.resolve(task.quality ?? 'full');
  const networkInput = quality ? await deps.network.prepare(input, header, quality) : null;
  clock.mark('network_input')();
  const mask = networkInput
    ? await deps.network.run(networkInput, quality ?? 'full')
    : (task.mask as MaskData);
  clock.mark('network')();
  // Then a large working image decodes on a libuv thread while this thread refines on the grid: only
  // the last step of refinement needs its pixels.
  const decoding = smallDecode ?? handled(decodeWork({ bytes: input, header, size }));
  const prepared = gridDecode
    ? gridGuide(await gridDecode, grid)
    : await prepareGuide({ image: await decoding, config: deps.refine });
  clock.mark('guide')();
  // A ZIP always carries the colours beside the alpha.
  const channels = options.format === 'zip' ? 'rgba' : options.channels;
  const withColours = channels === 'rgba';
  const { alpha, colours } = await refineMask({
    image: decoding,
    prepared,
    mask,
    original: header,
    config: deps.refine,
    colours: withColours,
  });
  const image = await decoding;
  clock.mark('refine')();
  if (region)
    clearOutsideRegion({ alpha, width: image.width, height: image.height, region, original: header });
  if (!options.semitransparency) removeSemitransparency(alpha);
  const box = foregroundBox(alpha, image.width, image.height);
  const frame = outputFrame({
    width: image.width,
    height: image.height,
    box,
    crop: options.crop,
    margin: options.crop_margin,
  });
  // A shadow is drawn into the arrays that are output: the photo's own when the frame lies within
  // it, else the placed subject's (crop margins past the photo's edge).
  const plan = box
    ? planLayout({
        frame,
        box,
        scale: options.scale,
        position: options.position,
        maxPixels: options.megapixels === null ? null : options.megapixels * 1e6,
        force: options.add_shadow && !within(frame, image),
      })
    : null;
  const canvas = plan ? plan.canvas : frame;
  let backdrop = await makeBackdrop(options, canvas);
  const format = resolveFormat(options, backdrop);
  if (format === 'jpg') backdrop = flatten(backdrop);
  const opaque = isOpaque(backdrop);
  if (colours) prepareColours({ image, alpha, colours, clearTransparent: !opaque });
  const room = plan && options.add_shadow ? shadowReach(plan.target.height) : 0;
  const placed = plan
    ? await placeSubject({ image, alpha, plan, room })
    : { image, alpha, frame, subject: box };
  if (options.add_shadow && placed.subject) {
    await addShadow({ ...placed, subject: placed.subject, area: clip(placed.frame, placed.image) });
  }
  clock.mark('compose')();
  const encodeConfig = deps.encode ?? DEFAULT_ENCODE;
  const bytes = await encodeCutout({
    image: placed.image,
    alpha: placed.alpha,
    frame: placed.frame,
    channels,
    backdrop,
    opaque,
    format,
    config: encodeConfig,
  });
  clock.mark('encode')();
  const foreground = plan
    ? plan.target
    : box
      ? { x: box.x - frame.x, y: box.y - frame.y, width: box.width, height: box.height }
      : { x: 0, y: 0, width: 0, height: 0 };
  const rendered: RenderedImage = {
    bytes,
    mime: MIME[format],
    format,
    width: canvas.width,
    height: canvas.height,
    foreground,
    original: { width: header.width, height: header.height },
    timings: clock.timings,
  };
  return { image: rendered, mask, quality };
}

/** Marks a promise that is awaited later as handled now, so an early rejection cannot crash the thread. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** The part of `frame` that lies on the image. */
function clip(frame: Box, image: { width: number; height: number }): Box {
  const x = Math.max(0, frame.x);
  const y = Math.max(0, frame.y);
  const width = Math.min(image.width, frame.x + frame.width) - x;
  const height = Math.min(image.height, frame.y + frame.height) - y;
  return { x, y, width, height };
}

function within(frame: Box, image: { width: number; height: number }): boolean {
  return (
    frame.x >= 0 &&
    frame.y >= 0 &&
    frame.x + frame.width <= image.width &&
    frame.y + frame.height <= image.height
  );
}

/** Milliseconds between marks, stage by stage. */
function stopwatch() {
  const start = performance.now();
  let last = start;
  const timings: Record<string, number> = {};
  return {
    timings,
    mark:
      (name: string) =>
      <T>(value?: T): T => {
        const now = performance.now();
        timings[name] = Math.round(now - last);
        last = now;
        timings.total = Math.round(now - start);
        return value as T;
      },
  };
}
