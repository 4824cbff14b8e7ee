import { describe, expect, it } from 'vitest';
import { DEFAULT_ENCODE } from '../pipeline/encode.ts';
import { DEFAULT_REFINE } from '../pipeline/refine.ts';
import { warmPipeline } from './warm-pipeline.ts';

/** The warm-up with the default settings and a square mask of `side`. */
const warm = (side: number, options: { rounds?: number; stop?: () => boolean }) =>
  warmPipeline({
    maskSize: { width: side, height: side },
    refine: DEFAULT_REFINE,
    encode: DEFAULT_ENCODE,
    ...options,
  });

describe('warmPipeline', () => {
  it('runs the work around the network the given number of rounds, with its own mask and no network', async () => {
    // The warm-up's network rejects every call: a round that asked for it would fail here.
    const times = await warm(1024, { rounds: 2 });
    expect(times).toHaveLength(2);
    for (const ms of times) expect(ms).toBeGreaterThan(0);
  });

  it('takes a mask of any network size', async () => {
    expect(await warm(320, { rounds: 1 })).toHaveLength(1);
  });

  it('stops before the next removal once asked to', async () => {
    let asked = 0;
    // Asked before the photo is made and before each removal: the third question says stop.
    expect(await warm(1024, { stop: () => ++asked > 3 })).toHaveLength(1);
    expect(asked).toBe(4);
    expect(await warm(64, { stop: () => true })).toEqual([]);
  });
});
