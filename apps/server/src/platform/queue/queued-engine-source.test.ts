import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/harness.ts';
import { queuedEngineSource } from './queued-engine.ts';
import { dropKeysUnder, uniquePrefix } from './redis-keys.testing.ts';

describe('the queued engine of a web process', () => {
  it('fails a start while Redis is away, and tries again on the next use', async () => {
    const source = queuedEngineSource({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: 'unreachable',
      maxQueue: 1,
      connectTimeoutMs: 300,
    });
    await expect(source.get()).rejects.toThrow('Redis did not answer within 300 ms');
    await expect(source.get()).rejects.toThrow('Redis did not answer');
    await source.close();
  });

  it.runIf(testRedisUrl)('starts once, on first use, and closes with the app', async () => {
    const prefix = uniquePrefix('source');
    const source = queuedEngineSource({ redisUrl: testRedisUrl as string, prefix, maxQueue: 1 });
    const [one, two] = await Promise.all([source.get(), source.get()]);
    expect(one).toBe(two);
    await source.close();
    await expect(one.remove(Buffer.from('x'))).rejects.toThrow('engine is closed');
    const redis = new Redis(testRedisUrl as string);
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  });
});
