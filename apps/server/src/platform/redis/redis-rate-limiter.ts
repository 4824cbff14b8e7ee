import type { Redis } from 'ioredis';
import { type RateLimiter, verdict } from '../rate-limit.ts';

/**
 * Counts a hit in the window of a key: the window starts at the key's first hit and lasts `windowMs`
 * (the memory limiter's rule), so every process sharing Redis counts in the same window.
 * Answers the count and the milliseconds the window has left.
 */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {count, left}`;

/** Takes one hit back, never below zero, and keeps the window's end. */
const forgiveScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

/** The rate limiter of the scale-out mode: one fixed window per key in Redis, shared by every process. */
export function createRedisRateLimiter(
  redis: Redis,
  options: { prefix?: string; now?: () => number } = {},
): RateLimiter {
  const prefix = options.prefix ?? 'cutout:rate:';
  const now = options.now ?? Date.now;
  return {
    async hit(key, rule) {
      const [count, left] = (await redis.eval(hitScript, 1, prefix + key, String(rule.windowMs))) as [
        number,
        number,
      ];
      const time = now();
      return verdict({ count, resetAt: time + left }, rule, time);
    },
    async forgive(key) {
      await redis.eval(forgiveScript, 1, prefix + key);
    },
    async peek(key, rule) {
      const replies = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec();
      const count = Number(replies?.[0]?.[1] ?? 0);
      const left = Number(replies?.[1]?.[1] ?? -2);
      const time = now();
      const current =
        left > 0 ? { count, resetAt: time + left } : { count: 0, resetAt: time + rule.windowMs };
      // As if this were the next hit: allowed while the count is still under the limit.
      return verdict({ count: current.count + 1, resetAt: current.resetAt }, rule, time);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
