import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/harness.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

describe.runIf(testRedisUrl)('the Redis rate limiter', () => {
  let redis: Redis;
  const prefix = `cutout-test:${process.pid}:${Date.now()}:`;
  beforeAll(() => {
    redis = new Redis(testRedisUrl as string);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts hits of every process in one window, then refuses with Retry-After', async () => {
    // Two web processes: two limiters on their own connections, one Redis.
    const other = new Redis(testRedisUrl as string);
    const a = createRedisRateLimiter(redis, { prefix });
    const b = createRedisRateLimiter(other, { prefix });
    const rule = { limit: 3, windowMs: 60_000 };
    const verdicts = await Promise.all([
      a.hit('login:1.2.3.4', rule),
      b.hit('login:1.2.3.4', rule),
      a.hit('login:1.2.3.4', rule),
    ]);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true]);
    expect(verdicts.map((v) => v.remaining).sort()).toEqual([0, 1, 2]);
    const refused = await b.hit('login:1.2.3.4', rule);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(58);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own window.
    expect((await a.hit('login:5.6.7.8', rule)).allowed).toBe(true);
    other.disconnect();
  });

  it('peeks without counting, forgives a hit (never below zero), resets a key, and starts a new window when one ends', async () => {
    const limiter = createRedisRateLimiter(redis, { prefix });
    const rule = { limit: 1, windowMs: 400 };
    expect((await limiter.peek('code:x', rule)).allowed).toBe(true);
    expect((await limiter.peek('code:x', rule)).allowed).toBe(true);
    expect((await limiter.hit('code:x', rule)).allowed).toBe(true);
    expect((await limiter.peek('code:x', rule)).allowed).toBe(false);
    await limiter.forgive('code:x');
    await limiter.forgive('code:x');
    expect((await limiter.hit('code:x', rule)).allowed).toBe(true);
    expect((await limiter.hit('code:x', rule)).allowed).toBe(false);
    await limiter.reset('code:x');
    expect((await limiter.hit('code:x', rule)).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await limiter.hit('code:x', rule)).allowed).toBe(true);
  });
});
