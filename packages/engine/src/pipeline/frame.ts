import type { CropMargin, Length } from '../options.ts';

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
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (alpha[row + x]! >= FOREGROUND_THRESHOLD) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    if (first < left) left = first;
    for (let x = width - 1; x > right; x--) {
      if (alpha[row + x]! >= FOREGROUND_THRESHOLD) {
        right = x;
        break;
      }
    }
  }
  return top < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
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
