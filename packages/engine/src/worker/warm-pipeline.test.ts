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
});
