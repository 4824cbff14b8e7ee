import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_ENV, withAllocatorEnv } from './allocator.mjs';

describe('allocator settings', () => {
  it('are added to an environment that lacks them, and reach a process started with it', () => {
    const env = withAllocatorEnv({ PATH: process.env.PATH });
    expect(env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '1048576' });
    const seen = execFileSync(
      process.execPath,
      ['-e', 'console.log(process.env.MALLOC_ARENA_MAX, process.env.MALLOC_TRIM_THRESHOLD_)'],
      { env, encoding: 'utf8' },
    );
    expect(seen.trim()).toBe('2 1048576');
  });

  it('leave values the environment already sets', () => {
    const env = withAllocatorEnv({ MALLOC_ARENA_MAX: '8', OTHER: 'x' });
    expect(env.MALLOC_ARENA_MAX).toBe('8');
    expect(env.MALLOC_TRIM_THRESHOLD_).toBe(ALLOCATOR_ENV.MALLOC_TRIM_THRESHOLD_);
    expect(env.OTHER).toBe('x');
  });
});
