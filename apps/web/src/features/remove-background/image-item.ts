import { type ImageInput, type ImageSize, optionsKey, type ProcessingOptions } from './processing-options.ts';
import type { RemovalResult, SizeLimits } from './removal-api.ts';
import type { RemovalFailure } from './removal-errors.ts';

/** A made result: one size of one image with one set of options. */
export interface ImageOutput {
  size: ImageSize;
  optionsKey: string;
  image: Blob;
  /** An object URL of `image`, for showing it. */
  url: string;
  download: Blob;
  fileName: string;
  width: number | null;
  height: number | null;
}

/** The image item of SPEC §3. */
export interface ImageItem {
  id: string;
  name: string;
  input: ImageInput;
  /** What an <img> shows of the input: an object URL of the file, or the given address. */
  inputUrl: string;
  options: ProcessingOptions;
  /** The outputs made so far, by size and options (`outputSlot`): a made output is never made again. */
  outputs: Readonly<Record<string, ImageOutput>>;
  loading: boolean;
  /** The sizes being made or waiting for their turn. */
  loadingSizes: readonly ImageSize[];
  invalidInput: boolean;
  failure: RemovalFailure | null;
  sizeLimits: SizeLimits | null;
  selected: boolean;
}

export function outputSlot(size: ImageSize, options: ProcessingOptions): string {
  return `${size}|${optionsKey(options)}`;
}

/** The output made for this size with the item's current options, if any. */
export function outputFor(item: ImageItem, size: ImageSize): ImageOutput | undefined {
  return item.outputs[outputSlot(size, item.options)];
}

/**
 * The size a result will have: the original shrunk to fit `limit` (never enlarged), rounded as the
 * engine rounds it (`workSize`).
 */
export function fittedSize(
  original: { width: number; height: number },
  limit: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(1, limit.width / original.width, limit.height / original.height);
  if (scale === 1) return { width: original.width, height: original.height };
  return {
    width: Math.max(1, Math.round(original.width * scale)),
    height: Math.max(1, Math.round(original.height * scale)),
  };
}

/** The best output to show for the item's current options: the full size, else the preview. */
export function shownOutput(item: ImageItem): ImageOutput | undefined {
  return outputFor(item, 'full') ?? outputFor(item, 'preview');
}

const fileExtension = (options: ProcessingOptions) =>
  options.outputFormat === 'json' ? 'json' : options.format;

function stemOf(name: string): string {
  const stem = name.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return stem.replace(/^-+|-+$/g, '') || 'image';
}

function nameOfUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : 'image';
  } catch {
    return 'image';
  }
}

/** A new, unselected item; an input refused before any call (`failure`) is invalid for good. */
export function newImageItem(input: {
  id: string;
  source: ImageInput;
  options: ProcessingOptions;
  failure: RemovalFailure | null;
}): ImageItem {
  const { source, failure } = input;
  return {
    id: input.id,
    name: source.kind === 'file' ? source.file.name : nameOfUrl(source.url),
    input: source,
    inputUrl: source.kind === 'file' ? URL.createObjectURL(source.file) : source.url,
    options: input.options,
    outputs: {},
    loading: false,
    loadingSizes: [],
    invalidInput: failure !== null,
    failure,
    sizeLimits: null,
    selected: false,
  };
}

/** The output a call made for an item, its file named after the item's. */
export function newImageOutput(input: {
  itemName: string;
  size: ImageSize;
  options: ProcessingOptions;
  slot: string;
  result: RemovalResult;
}): ImageOutput {
  const { size, result } = input;
  const suffix = size === 'preview' ? '-preview' : '';
  return {
    size,
    optionsKey: input.slot,
    image: result.image,
    url: URL.createObjectURL(result.image),
    download: result.download,
    fileName: `${stemOf(input.itemName)}-no-bg${suffix}.${fileExtension(input.options)}`,
    width: result.width,
    height: result.height,
  };
}

/** Frees the object URLs of a removed item: its input file's and every output's. */
export function revokeImageUrls(item: ImageItem): void {
  if (item.input.kind === 'file') URL.revokeObjectURL(item.inputUrl);
  for (const output of Object.values(item.outputs)) URL.revokeObjectURL(output.url);
}
