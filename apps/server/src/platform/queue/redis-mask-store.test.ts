import { maskLifetimeMs } from '@cutout/engine';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testRedisUrl } from '../../test/harness.ts';
import { connectRedis } from '../redis/redis.ts';
import { dropKeysUnder, uniquePrefix } from './redis-keys.testing.ts';
import { createRedisMaskStore } from './redis-mask-store.ts';

describe.runIf(testRedisUrl)('the Redis mask store', () => {
  const prefix = uniquePrefix('masks');
  let redis: Redis;
  const mask = { width: 4, height: 2, data: Uint8Array.from([0, 32, 64, 96, 128, 160, 192, 255]) };

  beforeAll(() => {
    redis = new Redis(testRedisUrl as string);
  });
  afterAll(async () => {
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  });

  it('gives one engine process the masks another stored, under the engine key, for the mask lifetime', async () => {
    const second = connectRedis(testRedisUrl as string);
    const [one, other] = [
      createRedisMaskStore({ redis, prefix }),
      createRedisMaskStore({ redis: second, prefix }),
    ];
    expect(await other.get('user:1:abc')).toBeUndefined();
    await one.set('user:1:abc', mask);
    const found = await other.get('user:1:abc');
    expect(found && { ...found, data: [...found.data] }).toEqual({ ...mask, data: [...mask.data] });
    expect(await other.get('user:2:abc')).toBeUndefined();
    expect(other.stats()).toEqual({ hits: 1, misses: 2 });
    const ttl = await redis.pttl(`${prefix}:mask:user:1:abc`);
    expect(ttl).toBeGreaterThan(maskLifetimeMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(maskLifetimeMs);
    await second.quit();
  });

  it('answers a miss for a foreign value and while Redis is away, and tells why', async () => {
    await redis.set(`${prefix}:mask:odd`, 'not a mask');
    expect(await createRedisMaskStore({ redis, prefix }).get('odd')).toBeUndefined();

    const away = connectRedis(testRedisUrl as string);
    away.disconnect();
    const onError = vi.fn();
    const store = createRedisMaskStore({ redis: away, prefix, onError });
    expect(await store.get('user:1:abc')).toBeUndefined();
    await store.set('user:1:abc', mask);
    expect(onError).toHaveBeenCalledTimes(2);
  });
});
