import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropKeysUnder, uniquePrefix } from './platform/queue/redis-keys.testing.ts';
import { createTestApp, type TestApp, testRedisUrl } from './test/harness.ts';

/**
 * Two web processes configured for scale-out (REDIS_URL) share what must be shared: the public API's
 * rate limit counts the calls of both, and readiness checks Redis. (The queue and its workers are
 * tested in platform/queue, the schedules in platform/jobs/bullmq.)
 */
describe.runIf(testRedisUrl)('two web processes on one Redis', () => {
  const prefix = uniquePrefix('web');
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl as string, QUEUE_PREFIX: prefix, API_REQUESTS_PER_MINUTE: '3' };
    first = await createTestApp('pglite', env);
    second = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const redis = new Redis(testRedisUrl as string);
    await dropKeysUnder(redis, prefix);
    redis.disconnect();
  });

  it('is ready while Redis answers, and says so', async () => {
    const ready = await first.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', database: 'pglite', redis: 'redis' });
  });

  it('counts one caller in one window across both processes', async () => {
    // Invalid on purpose (no image): refused at once, but each call counts against the limit.
    const call = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/removebg',
        remoteAddress: '203.0.113.77',
        payload: { size: 'preview', image_file_b64: '' },
      });
    const answers = [await call(first), await call(second), await call(first), await call(second)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 429]);
    expect(answers[3]?.headers['retry-after']).toBeDefined();
  });
});
