import { CSS_NAMED_COLORS } from './css-colors.ts';

/** An sRGB colour with straight (not premultiplied) alpha, every channel 0..255. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^rgba?\(\s*([^)]*)\)$/i;

/**
 * Parses a CSS colour name, a hex code with or without '#' (3, 4, 6 or 8 digits, the last
 * ones alpha, as remove.bg accepts) or `rgb()`/`rgba()`; returns null when it is none of them.
 */
export function parseColor(input: string): Rgba | null {
  const text = input.trim().toLowerCase();
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = CSS_NAMED_COLORS.get(text);
  if (named !== undefined) return { r: (named >> 16) & 255, g: (named >> 8) & 255, b: named & 255, a: 255 };
  const hex = HEX.exec(text)?.[1];
  if (hex) return parseHex(hex);
  const args = FUNC.exec(text)?.[1];
  return args === undefined ? null : parseRgbFunction(args);
}

function parseHex(hex: string): Rgba {
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const n = (i: number) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: n(0), g: n(1), b: n(2), a: full.length === 8 ? n(3) : 255 };
}

function parseRgbFunction(args: string): Rgba | null {
  const parts = args.split(/\s*[,/]\s*|\s+/).filter((p) => p !== '');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const channels = parts.slice(0, 3).map((p) => parseChannel(p, 255));
  const alpha = parts[3] === undefined ? 255 : parseChannel(parts[3], 1);
  if (channels.some((c) => c === null) || alpha === null) return null;
  const [r, g, b] = channels as [number, number, number];
  return { r, g, b, a: alpha };
}

/** A number scaled so that `scale` maps to 255, or a percentage; clamped as CSS does. */
function parseChannel(part: string, scale: number): number | null {
  const percent = part.endsWith('%');
  const value = Number(percent ? part.slice(0, -1) : part);
  if (!Number.isFinite(value)) return null;
  const unit = percent ? value / 100 : value / scale;
  return Math.round(Math.min(1, Math.max(0, unit)) * 255);
}
