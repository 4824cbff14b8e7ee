import type { PublicApiParameter } from '@cutout/contracts';
import { type ImagePart, readImageInput } from './inputs.ts';
import type { ImageInput, RemoveOptions } from './types.ts';

/** One field of the removal form: text, or a file with its name. */
export type FormField = [PublicApiParameter, string | { blob: Blob; filename: string }];

/** RemoveOptions' names → remove.bg's parameter names (the wire's, from the contracts). */
const optionFields = {
  size: 'size',
  type: 'type',
  typeLevel: 'type_level',
  format: 'format',
  roi: 'roi',
  crop: 'crop',
  cropMargin: 'crop_margin',
  scale: 'scale',
  position: 'position',
  channels: 'channels',
  addShadow: 'add_shadow',
  semitransparency: 'semitransparency',
  bgColor: 'bg_color',
} as const satisfies Partial<Record<keyof RemoveOptions, PublicApiParameter>>;

/** Where each kind of image goes: the image's fields and the background's. */
const sourceFields = {
  image: { file: 'image_file', base64: 'image_file_b64', url: 'image_url' },
  background: { file: 'bg_image_file', base64: 'bg_image_file_b64', url: 'bg_image_url' },
} as const satisfies Record<string, Record<ImagePart['kind'], PublicApiParameter>>;

/**
 * The form of one removal: every option given, booleans as "true"/"false", the image and the
 * background. Streams are read here, once, so the request can be sent again on a retry.
 */
export async function removalFields(image: ImageInput, options: RemoveOptions): Promise<FormField[]> {
  const fields: FormField[] = [];
  for (const option of Object.keys(optionFields) as Array<keyof typeof optionFields>) {
    const value = options[option];
    if (value !== undefined) fields.push([optionFields[option], String(value)]);
  }
  if (options.bgImage !== undefined) {
    fields.push(sourceField('background', await readImageInput(options.bgImage, 'background')));
  }
  // The image goes last: a server that streams the form reads every option before the big part.
  fields.push(sourceField('image', await readImageInput(image, 'image')));
  return fields;
}

function sourceField(role: keyof typeof sourceFields, part: ImagePart): FormField {
  const name = sourceFields[role][part.kind];
  if (part.kind === 'file') return [name, { blob: part.blob, filename: part.filename }];
  return [name, part.kind === 'base64' ? part.text : part.url];
}

/** A fresh FormData of the fields (one per try: a body is not sent twice). */
export function toFormData(fields: FormField[]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.blob, value.filename);
  }
  return form;
}
