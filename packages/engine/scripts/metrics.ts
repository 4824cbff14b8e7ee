/** Scores of one predicted alpha against its ground truth (see the eval set's README). */
export interface Scores {
  iou: number;
  mae: number;
  sad: number;
  bf: number;
}

/** IoU at 128, MAE on [0,1], SAD/1000 and the DAVIS boundary F-measure of 8-bit alphas of one size. */
export function score(options: { pred: Uint8Array; gt: Uint8Array; width: number; height: number }): Scores {
  const { pred, gt, width, height } = options;
  const n = width * height;
  let inter = 0;
  let union = 0;
  let absSum = 0;
  for (let i = 0; i < n; i++) {
    const p = pred[i]! >= 128;
    const g = gt[i]! >= 128;
    if (p && g) inter++;
    if (p || g) union++;
    absSum += Math.abs(pred[i]! - gt[i]!) / 255;
  }
  return {
    iou: union === 0 ? 1 : inter / union,
    mae: absSum / n,
    sad: absSum / 1000,
    bf: boundaryF({ pred, gt, width, height }),
  };
}

/** Boundary tolerance in pixels: max(1, ceil(0.008 · diagonal)), 4 px at 400x300, 8 px at 768x512. */
export function boundaryTolerance(width: number, height: number): number {
  return Math.max(1, Math.ceil(0.008 * Math.sqrt(width * width + height * height)));
}

/** F-measure of the two masks' boundaries (binarised at 128) matched within the tolerance. */
export function boundaryF(options: {
  pred: Uint8Array;
  gt: Uint8Array;
  width: number;
  height: number;
}): number {
  const { width, height } = options;
  const d = boundaryTolerance(width, height);
  const bp = boundary(options.pred, width, height);
  const bg = boundary(options.gt, width, height);
  const np = count(bp);
  const ng = count(bg);
  if (np === 0 && ng === 0) return 1;
  if (np === 0 || ng === 0) return 0;
  const precision = overlap(bp, dilateDisk(bg, width, height, d)) / np;
  const recall = overlap(bg, dilateDisk(bp, width, height, d)) / ng;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** M AND NOT erode(M) with a 3x3 square; outside the image counts as background. */
export function boundary(alpha: Uint8Array, width: number, height: number): Uint8Array {
  const on = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && alpha[y * width + x]! >= 128;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!on(x, y)) continue;
      let interior = true;
      for (let dy = -1; dy <= 1 && interior; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!on(x + dx, y + dy)) {
            interior = false;
            break;
          }
        }
      }
      if (!interior) out[y * width + x] = 1;
    }
  }
  return out;
}

/** Dilation with a disk of radius d (stamping the disk at every set pixel; boundaries are sparse). */
export function dilateDisk(mask: Uint8Array, width: number, height: number, d: number): Uint8Array {
  const offsets: [number, number][] = [];
  for (let dy = -d; dy <= d; dy++)
    for (let dx = -d; dx <= d; dx++) if (dx * dx + dy * dy <= d * d) offsets.push([dx, dy]);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (const [dx, dy] of offsets) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < width && yy < height) out[yy * width + xx] = 1;
      }
    }
  }
  return out;
}

function count(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n;
}

function overlap(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += a[i]! & b[i]!;
  return n;
}

/** Mean of each score over a list. */
export function meanScores(list: readonly Scores[]): Scores {
  const sum = { iou: 0, mae: 0, sad: 0, bf: 0 };
  for (const s of list) {
    sum.iou += s.iou;
    sum.mae += s.mae;
    sum.sad += s.sad;
    sum.bf += s.bf;
  }
  const n = Math.max(1, list.length);
  return { iou: sum.iou / n, mae: sum.mae / n, sad: sum.sad / n, bf: sum.bf / n };
}

/**
 * Where `ours` loses IoU to `other`, photo by photo (IoU by photo name): how many lose more than
 * 0.05 (the target is none) and, largest first, those losing more than 0.02 (what to look at). A
 * photo `other` did not score counts nothing.
 */
export function iouLosses(
  ours: ReadonlyMap<string, number>,
  other: ReadonlyMap<string, number>,
): { over5: number; over2: { name: string; gap: number }[] } {
  const gaps = [...ours].map(([name, iou]) => ({ name, gap: (other.get(name) ?? iou) - iou }));
  return {
    over5: gaps.filter((g) => g.gap > 0.05).length,
    over2: gaps.filter((g) => g.gap > 0.02).sort((a, b) => b.gap - a.gap),
  };
}
