import { describe, expect, it } from 'vitest';
import { iouLosses, score } from './metrics.ts';

describe('eval metrics', () => {
  it('counts the photos that lose more than 0.05 IoU and lists those losing more than 0.02, worst first', () => {
    const ours = new Map([
      ['a', 0.9],
      ['b', 0.7],
      ['c', 0.8],
      ['d', 0.95],
      ['e', 0.5],
    ]);
    const peer = new Map([
      ['a', 0.96], // loses 0.06
      ['b', 0.73], // loses 0.03
      ['c', 0.85], // loses exactly 0.05: listed, not counted
      ['d', 0.9], // wins
    ]); // e: the peer did not score it
    const losses = iouLosses(ours, peer);
    expect(losses.over5).toBe(1);
    expect(losses.over2.map((l) => l.name)).toEqual(['a', 'c', 'b']);
    expect(losses.over2[0]?.gap).toBeCloseTo(0.06, 10);
    expect(iouLosses(ours, ours)).toEqual({ over5: 0, over2: [] });
  });

  it('scores IoU at 128 and the MAE of two alphas', () => {
    const gt = Uint8Array.from([255, 255, 0, 0]);
    const pred = Uint8Array.from([255, 127, 128, 0]);
    const s = score({ pred, gt, width: 2, height: 2 });
    expect(s.iou).toBeCloseTo(1 / 3, 10);
    expect(s.mae).toBeCloseTo((128 / 255 + 128 / 255) / 4, 10);
  });
});
