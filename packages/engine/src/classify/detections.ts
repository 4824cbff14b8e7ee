import { COCO_CLASSES } from './coco.ts';

/** One object found in the photo; the box in fractions of the photo's width and height. */
export interface Detection {
  /** COCO class id (0..79). */
  classId: number;
  score: number;
  box: { x1: number; y1: number; x2: number; y2: number };
}

/** How raw detections are filtered: human's defaults for CenterNet. */
export interface DetectionFilter {
  /** Below this score a detection is dropped. Default 0.2. */
  minScore: number;
  /** Boxes overlapping a better one by more than this IoU are dropped, whatever their class. Default 0.4. */
  maxOverlap: number;
  /** At most this many detections are kept, best first. Default 10. */
  maxDetections: number;
}

export const DEFAULT_FILTER: DetectionFilter = { minScore: 0.2, maxOverlap: 0.4, maxDetections: 10 };

/** Values per detection in CenterNet's `tower_0/detections` output: x1, y1, x2, y2 (input pixels), score, class. */
const STRIDE = 6;

/**
 * CenterNet's detections (1 × N × 6) to the boxes worth counting: score filter, then greedy
 * class-agnostic non-maximum suppression as human does (a bed under a portrait's person box goes).
 */
export function decodeDetections(options: {
  raw: Float32Array;
  inputSize: number;
  filter?: Partial<DetectionFilter>;
}): Detection[] {
  const { raw, inputSize } = options;
  const filter = { ...DEFAULT_FILTER, ...options.filter };
  const candidates: Detection[] = [];
  for (let i = 0; i + STRIDE <= raw.length; i += STRIDE) {
    const score = raw[i + 4]!;
    const classId = raw[i + 5]!;
    if (!(score >= filter.minScore) || !Number.isInteger(classId) || !COCO_CLASSES[classId]) continue;
    const clip = (v: number) => Math.min(1, Math.max(0, v / inputSize));
    const box = { x1: clip(raw[i]!), y1: clip(raw[i + 1]!), x2: clip(raw[i + 2]!), y2: clip(raw[i + 3]!) };
    if (box.x2 <= box.x1 || box.y2 <= box.y1) continue;
    candidates.push({ classId, score, box });
  }
  candidates.sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const candidate of candidates) {
    if (kept.length >= filter.maxDetections) break;
    if (kept.every((other) => overlap(candidate.box, other.box) <= filter.maxOverlap)) kept.push(candidate);
  }
  return kept;
}

/** A box's share of the photo. */
export function boxArea(box: Detection['box']): number {
  return Math.max(0, box.x2 - box.x1) * Math.max(0, box.y2 - box.y1);
}

/** Intersection over union. */
function overlap(a: Detection['box'], b: Detection['box']): number {
  const inter = boxArea({
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
    x2: Math.min(a.x2, b.x2),
    y2: Math.min(a.y2, b.y2),
  });
  const union = boxArea(a) + boxArea(b) - inter;
  return union > 0 ? inter / union : 0;
}
