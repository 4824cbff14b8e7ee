import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limit.ts';

describe('the memory rate limiter', () => {
  it('counts hits in a window, forgives one (never below zero), and starts again when it ends', async () => {
    let time = 1_000_000;
    const limiter = createMemoryRateLimiter(() => time);
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    const refused = await limiter.hit('k', rule);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 60 });
    await limiter.forgive('k');
    await limiter.forgive('k');
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
    await limiter.forgive('nothing-there');
    time += 60_000;
    await limiter.forgive('k');
    expect((await limiter.hit('k', rule)).remaining).toBe(1);
  });

  it('peeks without counting', async () => {
    const limiter = createMemoryRateLimiter();
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await limiter.peek('p', rule)).allowed).toBe(true);
    expect((await limiter.peek('p', rule)).allowed).toBe(true);
    await limiter.hit('p', rule);
    expect((await limiter.peek('p', rule)).allowed).toBe(false);
  });

  it('lets at most the limit through when the hits come at once', async () => {
    const limiter = createMemoryRateLimiter();
    const rule = { limit: 5, windowMs: 60_000 };
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('guess', rule)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });
});
