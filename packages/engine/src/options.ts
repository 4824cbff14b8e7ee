import {
  type ForegroundType,
  foregroundTypeLevels,
  foregroundTypes,
  sizeMegapixels,
  sizeNames,
} from '@cutout/contracts';
import { parseColor, type Rgba } from './colors.ts';
import { EngineError, ErrorCode, type ErrorCodeNumber, shownValue } from './errors.ts';
import { checkImageBytes, decodeBase64Image } from './input.ts';
import { CENTER, type Position, parsePosition, parseRoi, parseScale, type Roi } from './options-layout.ts';

/** A margin length: pixels, or percent of the subject's size on that axis. */
export interface Length {
  value: number;
  unit: 'px' | '%';
}

/** Margins in CSS order of the four sides. */
export interface CropMargin {
  top: Length;
  right: Length;
  bottom: Length;
  left: Length;
}

/** Validated processing options (names as in SPEC.md §7.2 and the remove.bg API). */
export interface RemovalOptions {
  size: 'preview' | 'full';
  /** At most this many megapixels in the result (remove.bg's `medium` 1.5 and `hd` 4), or no limit. */
  megapixels: number | null;
  /**
   * The kind of subject: a named one is echoed in `result.type`, `auto` is detected when the
   * engine has a classifier (EngineConfig.classifier). It does not change the pixels.
   */
  type: ForegroundType;
  /** remove.bg's classification level of `result.type`; none: no type at all. */
  type_level: (typeof foregroundTypeLevels)[number];
  channels: 'rgba' | 'alpha';
  /** 'auto': png when the result has transparency, jpg when it is opaque (never zip). */
  format: 'png' | 'jpg' | 'webp' | 'avif' | 'zip' | 'auto';
  output_format: 'image' | 'json';
  /** Only alpha inside this region may be foreground; null is the whole image. */
  roi: Roi | null;
  bg_color: Rgba | null;
  bg_image: Uint8Array | null;
  crop: boolean;
  crop_margin: CropMargin;
  /** The subject's larger share of the canvas (0.1..1), or null to keep its size ('original'). */
  scale: number | null;
  position: Position;
  add_shadow: boolean;
  /** false: semi-transparent regions become opaque or transparent (a narrow antialiased edge stays). */
  semitransparency: boolean;
}

/** What callers may pass: strings as they come from form fields, or typed values. */
export interface RemovalOptionsInput {
  size?: string;
  /** Typed only (no form field has it): a megapixel limit; a size name's own limit wins when smaller. */
  megapixels?: number | null;
  type?: string;
  type_level?: string | number;
  channels?: string;
  format?: string;
  output_format?: string;
  roi?: string | Roi | null;
  bg_color?: string | Rgba | null;
  bg_image?: Uint8Array | string | null;
  crop?: boolean | string | number;
  crop_margin?: string | number | Partial<Record<keyof CropMargin, string | number | Length>>;
  scale?: string | number | null;
  position?: string | Position;
  add_shadow?: boolean | string | number;
  semitransparency?: boolean | string | number;
}

/** The names each size is asked for by, as the contracts define them (preview names are free). */
export const SIZE_NAMES = sizeNames satisfies Record<RemovalOptions['size'], readonly string[]>;

const SIZES = new Map<string, RemovalOptions['size']>(
  (Object.keys(SIZE_NAMES) as Array<RemovalOptions['size']>).flatMap((size) =>
    SIZE_NAMES[size].map((name) => [name, size] as const),
  ),
);
const FORMATS: Record<string, RemovalOptions['format']> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'webp',
  avif: 'avif',
  zip: 'zip',
  auto: 'auto',
};
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off', '']);
const ZERO: Length = { value: 0, unit: 'px' };

/** The options used when a field is absent. */
export const DEFAULT_OPTIONS: RemovalOptions = {
  size: 'full',
  megapixels: null,
  type: 'auto',
  type_level: '1',
  channels: 'rgba',
  format: 'png',
  output_format: 'image',
  roi: null,
  bg_color: null,
  bg_image: null,
  crop: false,
  crop_margin: { top: ZERO, right: ZERO, bottom: ZERO, left: ZERO },
  scale: null,
  position: 'original',
  add_shadow: false,
  semitransparency: true,
};

/**
 * Validates raw option fields (strings from multipart/JSON, or typed values) into RemovalOptions;
 * throws an EngineError with the SPEC.md §8.3 code of the first bad field. Unknown keys are ignored.
 */
export function parseRemovalOptions(raw: Record<string, unknown> | RemovalOptionsInput = {}): RemovalOptions {
  const fields = raw as Record<string, unknown>;
  const given = (key: string) => fields[key] !== undefined && fields[key] !== null && fields[key] !== '';
  const D = DEFAULT_OPTIONS;
  const scale = given('scale') ? parseScale(fields.scale) : null;
  return {
    size: given('size') ? parseSize(fields.size) : D.size,
    megapixels: parseMegapixels(given('size') ? fields.size : null, fields.megapixels),
    type: given('type') ? parseType(fields.type) : D.type,
    type_level: given('type_level') ? parseTypeLevel(fields.type_level) : D.type_level,
    channels: given('channels') ? parseChannels(fields.channels) : D.channels,
    ...formats(
      given('format') ? parseFormat(fields.format) : null,
      given('output_format') ? parseOutputFormat(fields.output_format) : null,
    ),
    roi: given('roi') ? parseRoi(fields.roi) : null,
    bg_color: given('bg_color') ? parseBgColor(fields.bg_color) : null,
    bg_image: given('bg_image') ? parseBgImage(fields.bg_image) : null,
    crop: given('crop') ? parseBoolean(fields.crop, 'crop', ErrorCode.invalidCrop) : false,
    crop_margin: given('crop_margin') ? parseCropMargin(fields.crop_margin) : D.crop_margin,
    scale,
    // remove.bg's rule: a scaled subject is centred unless a position is given.
    position: given('position')
      ? parsePosition(fields.position)
      : scale === null
        ? 'original'
        : { ...CENTER },
    add_shadow: given('add_shadow')
      ? parseBoolean(fields.add_shadow, 'add_shadow', ErrorCode.invalidShadow)
      : D.add_shadow,
    semitransparency: given('semitransparency')
      ? parseBoolean(fields.semitransparency, 'semitransparency', ErrorCode.invalidSemitransparency)
      : D.semitransparency,
  };
}

function keyOf(value: unknown): string | null {
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}

function parseSize(value: unknown): RemovalOptions['size'] {
  const size = SIZES.get(keyOf(value) ?? '');
  if (!size) throw new EngineError(ErrorCode.wrongSize, 'size must be preview or full', shownValue(value));
  return size;
}

/**
 * The limit of a size name (`medium`, `hd`) and a typed `megapixels` (parseRemovalOptions' own
 * output parsed again), the smaller if both; null when neither limits. A bad typed value is 104.
 */
function parseMegapixels(size: unknown, typed: unknown): number | null {
  if (typed !== undefined && typed !== null && !(typeof typed === 'number' && typed > 0)) {
    throw new EngineError(ErrorCode.wrongSize, 'megapixels must be a positive number', shownValue(typed));
  }
  const named = sizeMegapixels[keyOf(size) ?? ''] ?? null;
  const limits = [named, typed ?? null].filter((mp): mp is number => mp !== null);
  return limits.length > 0 ? Math.min(...limits) : null;
}

function parseType(value: unknown): RemovalOptions['type'] {
  const type = foregroundTypes.find((name) => name === keyOf(value));
  const message = `type must be one of ${foregroundTypes.join(', ')}`;
  if (!type) throw new EngineError(ErrorCode.invalidType, message, shownValue(value));
  return type;
}

// A JSON body may carry the level as a number (1, 2).
function parseTypeLevel(value: unknown): RemovalOptions['type_level'] {
  const key = typeof value === 'number' ? String(value) : keyOf(value);
  const level = foregroundTypeLevels.find((name) => name === key);
  const message = `type_level must be one of ${foregroundTypeLevels.join(', ')}`;
  if (!level) throw new EngineError(ErrorCode.invalidType, message, shownValue(value));
  return level;
}

// 105 ("wrong channel") when the field is not a single text value at all (a number, a list from a
// repeated form field, an object); 110 ("wrong channels value") when it is text but not rgba/alpha.
function parseChannels(value: unknown): RemovalOptions['channels'] {
  const key = keyOf(value);
  if (key === null)
    throw new EngineError(ErrorCode.wrongChannel, 'channels must be a text value: rgba or alpha');
  if (key !== 'rgba' && key !== 'alpha') {
    throw new EngineError(ErrorCode.wrongChannelsValue, 'channels must be rgba or alpha', shownValue(value));
  }
  return key;
}

function parseFormat(value: unknown): RemovalOptions['format'] {
  const format = FORMATS[keyOf(value) ?? ''];
  if (!format)
    throw new EngineError(
      ErrorCode.wrongOutputFormat,
      'format must be png, jpg, webp, avif, zip or auto',
      shownValue(value),
    );
  return format;
}

/**
 * `output_format` says how the answer is written (image, json) or, as SPEC §5 names it, the picture's
 * own format (png, jpg, webp…): then it is `format`'s other name.
 */
function parseOutputFormat(value: unknown): RemovalOptions['output_format'] | RemovalOptions['format'] {
  const key = keyOf(value);
  if (key === 'image' || key === 'json') return key;
  const format = FORMATS[key ?? ''];
  if (!format) {
    throw new EngineError(
      ErrorCode.wrongOutputFormat,
      'output_format must be image or json, or a picture format: png, jpg, webp, avif, zip or auto',
      shownValue(value),
    );
  }
  return format;
}

/**
 * The picture's format and how the answer is written, from `format` and `output_format`. A format
 * named by output_format stands where format is absent or `auto`; a different one is refused.
 */
function formats(
  format: RemovalOptions['format'] | null,
  output: ReturnType<typeof parseOutputFormat> | null,
): Pick<RemovalOptions, 'format' | 'output_format'> {
  if (output === null || output === 'image' || output === 'json') {
    return { format: format ?? DEFAULT_OPTIONS.format, output_format: output ?? 'image' };
  }
  if (format !== null && format !== 'auto' && format !== output) {
    throw new EngineError(
      ErrorCode.wrongOutputFormat,
      'format and output_format name different formats',
      `${format}, ${output}`,
    );
  }
  return { format: output, output_format: 'image' };
}

function parseBgColor(value: unknown): Rgba {
  if (typeof value === 'object' && value !== null) {
    const { r, g, b, a = 255 } = value as Partial<Rgba>;
    const ok = [r, g, b, a].every((c) => typeof c === 'number' && c >= 0 && c <= 255);
    if (ok) return { r, g, b, a } as Rgba;
  }
  const color = typeof value === 'string' ? parseColor(value) : null;
  if (!color) {
    const message = 'bg_color must be a colour name or a hex code (3, 4, 6 or 8 digits)';
    throw new EngineError(ErrorCode.invalidBackgroundColor, message, shownValue(value));
  }
  return color;
}

function parseBgImage(value: unknown): Uint8Array {
  const bytes =
    typeof value === 'string' ? decodeBase64Image(value, { code: ErrorCode.invalidBackgroundImage }) : value;
  checkImageBytes(bytes, 'background');
  return bytes as Uint8Array;
}

function parseBoolean(value: unknown, name: string, code: ErrorCodeNumber): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  const key = keyOf(value);
  if (key !== null && TRUE.has(key)) return true;
  if (key !== null && FALSE.has(key)) return false;
  throw new EngineError(code, `${name} must be true or false`, shownValue(value));
}

const LENGTH = /^(\d+(?:\.\d+)?|\.\d+)(px|%)?$/;

function parseLength(part: unknown): Length {
  if (typeof part === 'number' && Number.isFinite(part) && part >= 0) return { value: part, unit: 'px' };
  if (typeof part === 'object' && part !== null) {
    const { value, unit } = part as Partial<Length>;
    if (typeof value === 'number' && value >= 0 && (unit === 'px' || unit === '%')) return { value, unit };
  }
  const match = typeof part === 'string' ? LENGTH.exec(part.trim().toLowerCase()) : null;
  if (!match?.[1]) {
    const message = 'crop_margin values must be non-negative numbers of px or %';
    throw new EngineError(ErrorCode.invalidCropMargin, message, shownValue(part));
  }
  return { value: Number(match[1]), unit: match[2] === '%' ? '%' : 'px' };
}

/** One, two or four values in CSS order (top, right, bottom, left), space or comma separated. */
function parseCropMargin(value: unknown): CropMargin {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const sides = value as Record<string, unknown>;
    const side = (name: keyof CropMargin) => (sides[name] === undefined ? ZERO : parseLength(sides[name]));
    return { top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left') };
  }
  const parts = typeof value === 'number' ? [value] : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const lengths = parts.filter((p) => p !== '').map(parseLength);
  const [a, b, c, d] = lengths;
  if (a && lengths.length === 1) return { top: a, right: a, bottom: a, left: a };
  if (a && b && lengths.length === 2) return { top: a, right: b, bottom: a, left: b };
  if (a && b && c && d && lengths.length === 4) return { top: a, right: b, bottom: c, left: d };
  const message = 'crop_margin takes 1, 2 or 4 values (top right bottom left)';
  throw new EngineError(ErrorCode.invalidCropMargin, message, shownValue(value));
}
