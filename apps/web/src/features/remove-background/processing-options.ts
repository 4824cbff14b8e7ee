/** The processing options of an image (SPEC §3), as the options panel edits them. */
export type ImageSize = 'preview' | 'full';
export type Channels = 'rgba' | 'alpha';
export type OutputFormat = 'image' | 'json';
export type FileFormat = 'png' | 'jpg' | 'webp' | 'avif';
export type PaddingUnit = 'px' | '%';
export type PaddingSide = 'top' | 'right' | 'bottom' | 'left';

export interface Padding {
  value: number;
  unit: PaddingUnit;
}

export interface ProcessingOptions {
  size: ImageSize;
  channels: Channels;
  outputFormat: OutputFormat;
  format: FileFormat;
  crop: boolean;
  paddings: Record<PaddingSide, Padding>;
  bgColorToggle: boolean;
  bgColor: string;
  bgImageToggle: boolean;
  bgImageSource: 'file' | 'url';
  bgImageFile: File | null;
  bgImageUrl: string;
}

/** The sides in the order of the crop_margin value: top right bottom left. */
export const paddingSides: readonly PaddingSide[] = ['top', 'right', 'bottom', 'left'];

export const defaultProcessingOptions: ProcessingOptions = {
  size: 'preview',
  channels: 'rgba',
  outputFormat: 'image',
  format: 'png',
  crop: false,
  paddings: {
    top: { value: 0, unit: 'px' },
    right: { value: 0, unit: 'px' },
    bottom: { value: 0, unit: 'px' },
    left: { value: 0, unit: 'px' },
  },
  bgColorToggle: false,
  bgColor: '#ffffff',
  bgImageToggle: false,
  bgImageSource: 'file',
  bgImageFile: null,
  bgImageUrl: '',
};

/**
 * The crop_margin value ('10px 5% 10px 5%': top right bottom left), or null when it must not be
 * sent: crop is off, or every margin is zero (SPEC §5).
 */
export function cropMargin(options: Pick<ProcessingOptions, 'crop' | 'paddings'>): string | null {
  if (!options.crop) return null;
  const sides = paddingSides.map((side) => options.paddings[side]);
  if (sides.every((padding) => !padding.value)) return null;
  return sides.map((padding) => `${Math.max(0, padding.value || 0)}${padding.unit}`).join(' ');
}

/** The background image actually sent: a chosen file, or a non-empty URL. */
function backgroundImage(options: ProcessingOptions): { file: File } | { url: string } | null {
  if (!options.bgImageToggle) return null;
  if (options.bgImageSource === 'file') return options.bgImageFile ? { file: options.bgImageFile } : null;
  const url = options.bgImageUrl.trim();
  return url ? { url } : null;
}

function backgroundColor(options: ProcessingOptions): string | null {
  const color = options.bgColor.trim();
  return options.bgColorToggle && color ? color : null;
}

/** The input image of an item: a file, or the address of one. */
export type ImageInput = { kind: 'file'; file: File } | { kind: 'url'; url: string };

/** The multipart form of the execute call (SPEC §7.2) for one input, size and set of options. */
export function executeForm(input: ImageInput, options: ProcessingOptions, size: ImageSize): FormData {
  const form = new FormData();
  if (input.kind === 'file') form.append('image_file', input.file, input.file.name);
  else form.append('image_file_url', input.url);
  form.append('size', size);
  form.append('channels', options.channels);
  form.append('format', options.format);
  form.append('output_format', options.outputFormat);
  const color = backgroundColor(options);
  if (color) form.append('bg_color', color);
  const image = backgroundImage(options);
  if (image && 'file' in image) form.append('bg_image_file', image.file, image.file.name);
  if (image && 'url' in image) form.append('bg_image_file_url', image.url);
  form.append('crop', String(options.crop));
  const margin = cropMargin(options);
  if (margin) form.append('crop_margin', margin);
  return form;
}

const fileIds = new WeakMap<File, number>();
let nextFileId = 1;

function fileId(file: File): number {
  let id = fileIds.get(file);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(file, id);
  }
  return id;
}

/**
 * What makes two results differ, size aside: the values that are sent. Two option sets with the
 * same key give the same output, so a made output is reused for it (SPEC §4).
 */
export function optionsKey(options: ProcessingOptions): string {
  const image = backgroundImage(options);
  return JSON.stringify([
    options.channels,
    options.outputFormat,
    options.format,
    backgroundColor(options),
    image && ('file' in image ? `file:${fileId(image.file)}` : `url:${image.url}`),
    options.crop,
    cropMargin(options),
  ]);
}
