import { foregroundTypeLevels, foregroundTypes, sizeNames } from '@cutout/contracts';
import { UsageError } from './usage-error.ts';

/** The result formats a caller may ask for; `auto` (or none) lets the answer's media type decide. */
export const resultFormats = ['auto', 'png', 'jpg', 'webp', 'avif', 'zip'] as const;
export type ResultFormat = (typeof resultFormats)[number];

/** The sizes remove.bg names, in the order the help lists them. */
export const sizes = ['preview', 'small', 'regular', 'medium', 'hd', 'full', '4k', 'auto'] as const;
export type Size = (typeof sizes)[number];

/** The API options of one run, as the flags gave them (remove.bg's parameters, camel-cased). */
export interface RemovalSettings {
  size: Size;
  type?: (typeof foregroundTypes)[number];
  typeLevel?: (typeof foregroundTypeLevels)[number];
  format?: ResultFormat;
  roi?: string;
  crop?: boolean;
  cropMargin?: string;
  scale?: string;
  position?: string;
  channels?: 'rgba' | 'alpha';
  addShadow?: boolean;
  semitransparency?: boolean;
  bgColor?: string;
  /** A file path or an http(s) URL. */
  bgImage?: string;
}

/** The raw flag values settingsFrom reads. */
export interface RemovalFlags {
  size?: string;
  type?: string;
  'type-level'?: string;
  format?: string;
  roi?: string;
  crop?: boolean;
  'crop-margin'?: string;
  scale?: string;
  position?: string;
  channels?: string;
  'add-shadow'?: boolean;
  'no-semitransparency'?: boolean;
  semitransparency?: boolean;
  'bg-color'?: string;
  'bg-image'?: string;
}

/** The size a run uses when --size is not given: the whole point of a batch tool is the full image. */
export const defaultSize: Size = 'full';

/** Sizes that cost a litre and therefore need an API key (auto falls back to a preview without one). */
export function sizeNeedsKey(size: Size): boolean {
  return size !== 'auto' && (sizeNames.full as readonly string[]).includes(size);
}

const LENGTH = String.raw`\d+(?:\.\d+)?(?:px|%)?`;
const PERCENT = String.raw`\d+(?:\.\d+)?%`;
const patterns = {
  roi: new RegExp(String.raw`^${LENGTH}(?:[\s,]+${LENGTH}){3}$`),
  cropMargin: new RegExp(String.raw`^${LENGTH}(?:[\s,]+${LENGTH}){0,3}$`),
  scale: /^(?:original|\d+(?:\.\d+)?%)$/,
  position: new RegExp(String.raw`^(?:original|center|${PERCENT}(?:\s+${PERCENT})?)$`),
  // Names, hex with or without '#', rgb()/rgba(): the service checks the colour itself.
  bgColor: /^(?:#?[0-9a-f]{3,8}|[a-z]+|rgba?\([^)]*\))$/i,
};

/**
 * Checks the option flags cheaply (a typo should fail in milliseconds with exit 2, not once per
 * file); the service and the engine still validate every value themselves.
 */
export function settingsFrom(flags: RemovalFlags): RemovalSettings {
  const settings: RemovalSettings = { size: oneOf('--size', flags.size, sizes) ?? defaultSize };
  const type = oneOf('--type', flags.type, foregroundTypes);
  if (type) settings.type = type;
  const typeLevel = oneOf('--type-level', flags['type-level'], foregroundTypeLevels);
  if (typeLevel) settings.typeLevel = typeLevel;
  const format = oneOf('--format', flags.format === 'jpeg' ? 'jpg' : flags.format, resultFormats);
  if (format) settings.format = format;
  const channels = oneOf('--channels', flags.channels, ['rgba', 'alpha'] as const);
  if (channels) settings.channels = channels;
  const roi = matching('--roi', flags.roi, patterns.roi, '4 values "x1 y1 x2 y2" in px or %');
  if (roi) settings.roi = roi;
  const margin = matching(
    '--crop-margin',
    flags['crop-margin'],
    patterns.cropMargin,
    '1, 2 or 4 px or % values',
  );
  if (margin) settings.cropMargin = margin;
  const scale = matching('--scale', flags.scale, patterns.scale, 'a percentage such as 80% or "original"');
  if (scale) {
    const percent = Number.parseFloat(scale);
    if (scale !== 'original' && (percent < 10 || percent > 100))
      throw new UsageError(`--scale must be between 10% and 100%, not ${scale}`);
    settings.scale = scale;
  }
  const position = matching(
    '--position',
    flags.position,
    patterns.position,
    'original, center, "X%" or "X% Y%"',
  );
  if (position) settings.position = position;
  const bgColor = matching('--bg-color', flags['bg-color'], patterns.bgColor, 'a colour name or a hex code');
  if (bgColor) settings.bgColor = bgColor;
  if (flags['bg-image']) settings.bgImage = flags['bg-image'];
  if (flags.crop) settings.crop = true;
  if (flags['add-shadow']) settings.addShadow = true;
  if (flags['no-semitransparency'] && flags.semitransparency)
    throw new UsageError('--semitransparency and --no-semitransparency exclude each other');
  if (flags['no-semitransparency']) settings.semitransparency = false;
  if (flags.semitransparency) settings.semitransparency = true;
  return settings;
}

function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  const key = value.trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(key))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}"`);
  return key as T;
}

function matching(flag: string, value: string | undefined, pattern: RegExp, expected: string) {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!pattern.test(text)) throw new UsageError(`${flag} takes ${expected}, not "${value}"`);
  return text;
}
