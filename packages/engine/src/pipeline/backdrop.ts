import type { Rgba } from '../colors.ts';
import type { RemovalOptions } from '../options.ts';
import { decodeBackdrop } from './decode.ts';
import type { Backdrop, ImageFormat } from './encode.ts';

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 255 };

/** What goes behind the subject: nothing, bg_color, or bg_image cover-fitted to `size` (over bg_color). */
export async function makeBackdrop(
  options: RemovalOptions,
  size: { width: number; height: number },
): Promise<Backdrop> {
  const color = options.bg_color;
  if (!options.bg_image) return color ? { kind: 'color', color } : { kind: 'none' };
  const rgba = await decodeBackdrop({ bytes: options.bg_image, size });
  // A colour given with an image fills behind the image's own transparent parts.
  if (color && color.a > 0) overInPlace(rgba, color);
  return { kind: 'image', rgba };
}

/** 'auto' gives png when the result has transparency and jpg when it is opaque (never zip). */
export function resolveFormat(options: RemovalOptions, backdrop: Backdrop): ImageFormat {
  if (options.format !== 'auto') return options.format;
  return options.channels === 'rgba' && isOpaque(backdrop) ? 'jpg' : 'png';
}

/** True when nothing of the backdrop lets transparency through. */
export function isOpaque(backdrop: Backdrop): boolean {
  if (backdrop.kind === 'none') return false;
  if (backdrop.kind === 'color') return backdrop.color.a === 255;
  for (let i = 3; i < backdrop.rgba.length; i += 4) if (backdrop.rgba[i] !== 255) return false;
  return true;
}

/** JPEG has no alpha: whatever is transparent behind the subject becomes white. */
export function flatten(backdrop: Backdrop): Backdrop {
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
