// Parsers of remove.bg's layout fields (scale, position, roi): strings as they come from forms, or
// the typed values parseRemovalOptions returns, so that its output can be parsed again.
import { EngineError, ErrorCode, shownValue } from './errors.ts';
import type { Length } from './options.ts';

/**
 * Where the subject goes on the canvas: 'original' (where it was, its centre kept when scaled), or
 * the share of the free space left of and above it (0..1 on each axis: 0 left/top, 0.5 centred).
 */
export type Position = 'original' | { x: number; y: number };

/** The region of interest: its corners in px of the original image or % of its width/height. */
export interface Roi {
  x1: Length;
  y1: Length;
  x2: Length;
  y2: Length;
}

/** The position `center` stands for, and the default when a scale is given. */
export const CENTER = { x: 0.5, y: 0.5 } as const;

const PERCENT = /^(\d+(?:\.\d+)?|\.\d+)%$/;
const LENGTH = /^(\d+(?:\.\d+)?|\.\d+)(px|%)?$/;

/** `original` → null; `10%`..`100%` (or a typed fraction 0.1..1) → that fraction; else 117. */
export function parseScale(value: unknown): number | null {
  if (typeof value === 'number' && value >= 0.1 && value <= 1) return value;
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (key === 'original') return null;
  const match = PERCENT.exec(key);
  const percent = match?.[1] ? Number(match[1]) : Number.NaN;
  if (!(percent >= 10 && percent <= 100)) {
    throw new EngineError(ErrorCode.invalidScale, 'scale must be original or 10% to 100%', shownValue(value));
  }
  return percent / 100;
}

/** `original`, `center`, `X%` (both axes) or `X% Y%` with 0..100, or a typed {x, y} of fractions; else 118. */
export function parsePosition(value: unknown): Position {
  if (typeof value === 'object' && value !== null) {
    const { x, y } = value as { x?: unknown; y?: unknown };
    if (isFraction(x) && isFraction(y)) return { x, y };
  }
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (key === 'original') return 'original';
  if (key === 'center' || key === 'centre') return { ...CENTER };
  const parts = key.split(/[\s,]+/).map((part) => {
    const match = PERCENT.exec(part);
    return match?.[1] ? Number(match[1]) / 100 : Number.NaN;
  });
  const [x, y = x] = parts;
  if (parts.length <= 2 && isFraction(x) && isFraction(y)) return { x, y };
  const message = 'position must be original, center, "X%" or "X% Y%" (0% to 100%)';
  throw new EngineError(ErrorCode.invalidPosition, message, shownValue(value));
}

function isFraction(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= 1;
}

/**
 * `x1 y1 x2 y2`, each px (the unit may be left out) or %, space or comma separated, or a typed Roi.
 * Bad syntax is 119 with the value sent; a percentage over 100 is 119 `exceeds_bounds` already here.
 * Pixel bounds and emptiness need the image's size: see resolveRoi.
 */
export function parseRoi(value: unknown): Roi {
  const parts =
    typeof value === 'object' && value !== null
      ? (['x1', 'y1', 'x2', 'y2'] as const).map((key) => typedLength((value as Partial<Roi>)[key]))
      : typeof value === 'string'
        ? value
            .trim()
            .toLowerCase()
            .split(/[\s,]+/)
            .map(textLength)
        : [];
  const [x1, y1, x2, y2] = parts;
  if (parts.length !== 4 || !x1 || !y1 || !x2 || !y2) {
    const message = 'roi must be four lengths "x1 y1 x2 y2" in px or %';
    throw new EngineError(ErrorCode.invalidRoi, message, shownValue(value));
  }
  if (parts.some((length) => length?.unit === '%' && length.value > 100)) {
    throw new EngineError(ErrorCode.invalidRoi, 'roi reaches past the image', 'exceeds_bounds');
  }
  return { x1, y1, x2, y2 };
}

function textLength(part: string): Length | null {
  const match = LENGTH.exec(part);
  return match?.[1] ? { value: Number(match[1]), unit: match[2] === '%' ? '%' : 'px' } : null;
}

function typedLength(part: unknown): Length | null {
  if (typeof part === 'number') return part >= 0 ? { value: part, unit: 'px' } : null;
  if (typeof part === 'string') return textLength(part.trim().toLowerCase());
  const { value, unit } = (part ?? {}) as Partial<Length>;
  return typeof value === 'number' && value >= 0 && (unit === 'px' || unit === '%') ? { value, unit } : null;
}
