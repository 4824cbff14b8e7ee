import type { Rgba } from '../colors.ts';
import type { RemovalOptions } from '../options.ts';
import { prepareColours } from './compose.ts';
import { decodeBackdrop, decodeGrid, decodeWork, type ImageHeader, workSize } from './decode.ts';
import {
  type Backdrop,
  DEFAULT_ENCODE,
  type EncodeConfig,
  encodeCutout,
  type ImageFormat,
  MIME,
} from './encode.ts';
import { type Box, foregroundBox, outputFrame } from './frame.ts';
import { gridGuide, gridSize, type MaskData, prepareGuide, type RefineConfig, refineMask } from './refine.ts';

/** One removal as the worker receives it: validated bytes, options and header, maybe a cached mask. */
export interface RenderTask {
  input: Uint8Array;
  options: RemovalOptions;
  header: ImageHeader;
  mask?: MaskData;
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
  network: {
    prepare: (input: Uint8Array) => Promise<Float32Array>;
    run: (tensor: Float32Array) => Promise<MaskData>;
  };
  refine: RefineConfig;
  encode?: EncodeConfig;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 255 };

/**
 * network input and grid decodes → network → full-size decode beside refinement → crop → composite
 * → encode.
 * Returns the network mask too, for the cache.
 */
export async function render(
  task: RenderTask,
  deps: RenderDeps,
): Promise<{ image: RenderedImage; mask: MaskData }> {
  const { input, options, header } = task;
  const clock = stopwatch();
  const size = workSize(header, options.size);
  const grid = gridSize(size, deps.refine);
  const small = grid.width === size.width && grid.height === size.height;
  // The photo at the refinement grid's size is small (~2 MB at 12 MP): it decodes on another libuv
  // thread beside the network's input. Small photos are their own grid.
  const gridDecode = small ? null : handled(decodeGrid({ bytes: input, size: grid }));
  // The network runs alone: its activations are the largest allocation of a removal, and decoding
  // the full-size photo beside it would add to that peak (~50 MB at 12 MP).
  const tensor = task.mask ? null : await deps.network.prepare(input);
  clock.mark('network_input')();
  const mask = tensor ? await deps.network.run(tensor) : (task.mask as MaskData);
  clock.mark('network')();
  // Then the full-size decode runs on a libuv thread while this thread refines on the grid: only
  // the last step of refinement needs the full-size pixels.
  const decoding = handled(decodeWork({ bytes: input, header, size }));
  const prepared = gridDecode
    ? gridGuide(await gridDecode, grid)
    : await prepareGuide({ image: await decoding, config: deps.refine });
  clock.mark('guide')();
  const withColours = options.channels === 'rgba';
  const { alpha, colours } = await refineMask({
    image: decoding,
    prepared,
    mask,
    config: deps.refine,
    colours: withColours,
  });
  const image = await decoding;
  clock.mark('refine')();
  const box = foregroundBox(alpha, image.width, image.height);
  const frame = outputFrame({
    width: image.width,
    height: image.height,
    box,
    crop: options.crop,
    margin: options.crop_margin,
  });
  let backdrop = await makeBackdrop(options, frame);
  const format = resolveFormat(options, backdrop);
  if (format === 'jpg') backdrop = flatten(backdrop);
  const opaque = isOpaque(backdrop);
  if (colours) prepareColours({ image, alpha, colours, clearTransparent: !opaque });
  clock.mark('compose')();
  const encodeConfig = deps.encode ?? DEFAULT_ENCODE;
  const bytes = await encodeCutout({
    image,
    alpha,
    frame,
    channels: options.channels,
    backdrop,
    opaque,
    format,
    config: encodeConfig,
  });
  clock.mark('encode')();
  const foreground = box
    ? { x: box.x - frame.x, y: box.y - frame.y, width: box.width, height: box.height }
    : { x: 0, y: 0, width: 0, height: 0 };
  const rendered: RenderedImage = {
    bytes,
    mime: MIME[format],
    format,
    width: frame.width,
    height: frame.height,
    foreground,
    original: { width: header.width, height: header.height },
    timings: clock.timings,
  };
  return { image: rendered, mask };
}

/** Marks a promise that is awaited later as handled now, so an early rejection cannot crash the thread. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

async function makeBackdrop(options: RemovalOptions, frame: Box): Promise<Backdrop> {
  const color = options.bg_color;
  if (!options.bg_image) return color ? { kind: 'color', color } : { kind: 'none' };
  const rgba = await decodeBackdrop({ bytes: options.bg_image, size: frame });
  // A colour given with an image fills behind the image's own transparent parts.
  if (color && color.a > 0) overInPlace(rgba, color);
  return { kind: 'image', rgba };
}

/** 'auto' gives png when the result has transparency and jpg when it is opaque. */
function resolveFormat(options: RemovalOptions, backdrop: Backdrop): ImageFormat {
  if (options.format !== 'auto') return options.format;
  return options.channels === 'rgba' && isOpaque(backdrop) ? 'jpg' : 'png';
}

function isOpaque(backdrop: Backdrop): boolean {
  if (backdrop.kind === 'none') return false;
  if (backdrop.kind === 'color') return backdrop.color.a === 255;
  for (let i = 3; i < backdrop.rgba.length; i += 4) if (backdrop.rgba[i] !== 255) return false;
  return true;
}

/** JPEG has no alpha: whatever is transparent behind the subject becomes white. */
function flatten(backdrop: Backdrop): Backdrop {
  if (backdrop.kind === 'none') return { kind: 'color', color: WHITE };
  if (backdrop.kind === 'color') {
    const { r, g, b, a } = backdrop.color;
    const k = a / 255;
    const mix = (c: number) => Math.round(c * k + 255 * (1 - k));
    return { kind: 'color', color: { r: mix(r), g: mix(g), b: mix(b), a: 255 } };
  }
  overInPlace(backdrop.rgba, WHITE);
  return backdrop;
}

/** Composites RGBA pixels over a colour, in place (straight alpha). */
function overInPlace(rgba: Uint8Array, under: Rgba): void {
  const ua = under.a / 255;
  for (let i = 0; i < rgba.length; i += 4) {
    const fa = rgba[i + 3]! / 255;
    if (fa === 1) continue;
    const ba = ua * (1 - fa);
    const oa = fa + ba;
    if (oa === 0) continue;
    rgba[i] = (rgba[i]! * fa + under.r * ba) / oa + 0.5;
    rgba[i + 1] = (rgba[i + 1]! * fa + under.g * ba) / oa + 0.5;
    rgba[i + 2] = (rgba[i + 2]! * fa + under.b * ba) / oa + 0.5;
    rgba[i + 3] = oa * 255 + 0.5;
  }
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
