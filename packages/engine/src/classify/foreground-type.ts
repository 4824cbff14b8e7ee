import type { foregroundTypeLevels } from '@cutout/contracts';
import { COCO_CLASSES, type DetectedType } from './coco.ts';
import { boxArea, type Detection } from './detections.ts';

export type TypeLevel = (typeof foregroundTypeLevels)[number];

/**
 * The least evidence (summed score × box share of the photo) for a type to be said; below it the
 * photo is `other`. A 0.5-scored box over a tenth of the photo is just enough: a few small, unsure
 * boxes (people far away in a landscape, a car in the rings of a logo) are not a subject.
 */
export const MIN_EVIDENCE = 0.05;

/**
 * The photo's type from its detections: each type gathers score × box area of its objects (large,
 * confident objects are the subject; many small ones rarely are), the most evidence wins.
 */
export function detectedType(detections: readonly Detection[], minEvidence = MIN_EVIDENCE): DetectedType {
  const evidence = new Map<DetectedType, number>();
  for (const detection of detections) {
    const type = COCO_CLASSES[detection.classId]?.[1];
    if (!type) continue;
    evidence.set(type, (evidence.get(type) ?? 0) + detection.score * boxArea(detection.box));
  }
  let best: DetectedType = 'other';
  let most = minEvidence;
  for (const [type, value] of evidence) {
    if (value >= most) [best, most] = [type, value];
  }
  return best;
}

/**
 * remove.bg's name for a detected type at a classification level: level 1 knows person, product,
 * animal, car and other, so buses, boats and planes are `car` there (level 2's `transportation`,
 * `car_interior` and `car_part` refine level 1's `car`); 2 and latest say `transportation`. `none`
 * has no type. `car_interior`, `car_part` and `graphics` are never detected: COCO has no such class.
 */
export function typeAtLevel(type: DetectedType, level: TypeLevel): string | undefined {
  if (level === 'none') return undefined;
  if (level === '1' && type === 'transportation') return 'car';
  return type;
}
