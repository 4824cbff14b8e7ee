import type { CropMargin, Length } from '../options.ts';
import { alphaWords } from './alpha.ts';

/** A rectangle in pixels; x and y may be negative when a crop margin reaches past the image. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Alpha at or above this counts as subject for the foreground box and cropping (about 6%). */
export const FOREGROUND_THRESHOLD = 16;

/** Bounding box of alpha ≥ threshold, or null when there is no subject. */
export function foregroundBox(alpha: Uint8Array, width: number, height: number): Box | null {
  // Four pixels at a time where the array is aligned for it, since most of a photo is background.
  const words = alphaWords(alpha) ?? new Uint32Array(0);
  const wordEnd = words.length * 4;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const first = firstSubject(alpha, words, wordEnd, row, row + width);
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first - row);
    // Only what lies right of the box so far can move its right edge.
    const last = lastSubject(alpha, words, wordEnd, row + right + 1, row + width);
    if (last >= 0) right = last - row;
  }
  return top < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** A byte's high nibble set: alpha ≥ FOREGROUND_THRESHOLD (16), four bytes at a time. */
const HIGH = 0xf0f0f0f0;

/**
 * First index in [from, to) with alpha ≥ FOREGROUND_THRESHOLD, or -1; `words` is alpha's 32-bit
 * view over its first `wordEnd` bytes (empty when alpha is not aligned for one).
 */
function firstSubject(
  alpha: Uint8Array,
  words: Uint32Array,
  wordEnd: number,
  from: number,
  to: number,
): number {
  let i = from;
  if (wordEnd > 0) {
    for (; i < to && i % 4 !== 0; i++) if (alpha[i]! >= FOREGROUND_THRESHOLD) return i;
    const end = Math.min(to, wordEnd);
    while (i + 4 <= end && (words[i >> 2]! & HIGH) === 0) i += 4;
  }
  for (; i < to; i++) if (alpha[i]! >= FOREGROUND_THRESHOLD) return i;
  return -1;
}

/** Last index in [from, to) with alpha ≥ FOREGROUND_THRESHOLD, or -1 (see firstSubject). */
function lastSubject(
  alpha: Uint8Array,
  words: Uint32Array,
  wordEnd: number,
  from: number,
  to: number,
): number {
  let i = to - 1;
  if (wordEnd > 0) {
    for (; i >= from && (i + 1) % 4 !== 0; i--) if (alpha[i]! >= FOREGROUND_THRESHOLD) return i;
    while (i - 3 >= from && i < wordEnd && (words[(i - 3) >> 2]! & HIGH) === 0) i -= 4;
  }
  for (; i >= from; i--) if (alpha[i]! >= FOREGROUND_THRESHOLD) return i;
  return -1;
}

/** Most a margin may add on one side: half the subject's size on that axis, and at most 500 px. */
const MAX_MARGIN_PX = 500;

function marginPx(length: Length, subject: number): number {
  const wanted = length.unit === '%' ? (length.value / 100) * subject : length.value;
  return Math.round(Math.min(wanted, subject / 2, MAX_MARGIN_PX));
}

/** The output frame: the whole image, or with crop the subject's box grown by the margins. */
export function outputFrame(options: {
  width: number;
  height: number;
  box: Box | null;
  crop: boolean;
  margin: CropMargin;
}): Box {
  const { width, height, box, crop, margin } = options;
  if (!crop || !box) return { x: 0, y: 0, width, height };
  const top = marginPx(margin.top, box.height);
  const bottom = marginPx(margin.bottom, box.height);
  const left = marginPx(margin.left, box.width);
  const right = marginPx(margin.right, box.width);
  return {
    x: box.x - left,
    y: box.y - top,
    width: box.width + left + right,
    height: box.height + top + bottom,
  };
}
