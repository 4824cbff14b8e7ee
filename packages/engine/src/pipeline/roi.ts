import { EngineError, ErrorCode } from '../errors.ts';
import type { Length } from '../options.ts';
import type { Roi } from '../options-layout.ts';

/** A rectangle by its edges, in pixels: columns x1 ≤ x < x2, rows y1 ≤ y < y2 (edges may be fractional). */
export interface Region {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The roi in the original image's pixels (% of its width and height). 119 `exceeds_bounds` when it
 * reaches past the image (checked first), 119 `empty` when it has no area. Needs only the header,
 * so a bad region is refused before the network runs.
 */
export function resolveRoi(roi: Roi, original: { width: number; height: number }): Region {
  const { width, height } = original;
  const px = (length: Length, side: number) =>
    length.unit === '%' ? (length.value / 100) * side : length.value;
  const region = {
    x1: px(roi.x1, width),
    y1: px(roi.y1, height),
    x2: px(roi.x2, width),
    y2: px(roi.y2, height),
  };
  if (Math.max(region.x1, region.x2) > width || Math.max(region.y1, region.y2) > height) {
    const message = `roi reaches past the image (${width}x${height} px)`;
    throw new EngineError(ErrorCode.invalidRoi, message, 'exceeds_bounds');
  }
  if (region.x2 <= region.x1 || region.y2 <= region.y1) {
    throw new EngineError(
      ErrorCode.invalidRoi,
      'roi is empty: x2 must exceed x1 and y2 must exceed y1',
      'empty',
    );
  }
  return region;
}

/**
 * Clears alpha outside `region` (in original pixels, scaled here to the alpha's size), in place: a
 * few fills per row, nothing per pixel. A region thinner than a pixel at this size keeps one pixel.
 */
export function clearOutsideRegion(options: {
  alpha: Uint8Array;
  width: number;
  height: number;
  region: Region;
  original: { width: number; height: number };
}): void {
  const { alpha, width, height, region, original } = options;
  const sx = width / original.width;
  const sy = height / original.height;
  const x1 = Math.min(width - 1, Math.round(region.x1 * sx));
  const y1 = Math.min(height - 1, Math.round(region.y1 * sy));
  const x2 = Math.max(x1 + 1, Math.min(width, Math.round(region.x2 * sx)));
  const y2 = Math.max(y1 + 1, Math.min(height, Math.round(region.y2 * sy)));
  alpha.fill(0, 0, y1 * width);
  alpha.fill(0, y2 * width);
  if (x1 === 0 && x2 === width) return;
  for (let row = y1 * width; row < y2 * width; row += width) {
    alpha.fill(0, row, row + x1);
    alpha.fill(0, row + x2, row + width);
  }
}
