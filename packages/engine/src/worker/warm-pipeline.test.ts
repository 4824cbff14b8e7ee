import { describe, expect, it } from 'vitest';
import { DEFAULT_ENCODE } from '../pipeline/encode.ts';
import { DEFAULT_REFINE } from '../pipeline/refine.ts';
import { warmPipeline } from './warm-pipeline.ts';

describe('warmPipeline', () => {
  it('runs the work around the network the given number of rounds, with its own mask and no network', async () => {
    // The warm-up's network rejects every call: a round that asked for it would fail here.
    const times = await warmPipeline({
      maskSize: { width: 1024, height: 1024 },
      refine: DEFAULT_REFINE,
      encode: DEFAULT_ENCODE,
      rounds: 2,
    });
    expect(times).toHaveLength(2);
    for (const ms of times) expect(ms).toBeGreaterThan(0);
  });

  it('takes a mask of any network size', async () => {
    const times = await warmPipeline({
      maskSize: { width: 320, height: 320 },
      refine: DEFAULT_REFINE,
      encode: DEFAULT_ENCODE,
      rounds: 1,
    });
    expect(times).toHaveLength(1);
  });

  it('stops before the next removal once asked to', async () => {
    let asked = 0;
    // Asked before the photo is made and before each removal: the third question says stop.
    const times = await warmPipeline({
      maskSize: { width: 1024, height: 1024 },
      refine: DEFAULT_REFINE,
      encode: DEFAULT_ENCODE,
      stop: () => ++asked > 3,
    });
    expect(times).toHaveLength(1);
    expect(asked).toBe(4);
    expect(
      await warmPipeline({
        maskSize: { width: 64, height: 64 },
        refine: DEFAULT_REFINE,
        encode: DEFAULT_ENCODE,
        stop: () => true,
      }),
    ).toEqual([]);
  });
});
