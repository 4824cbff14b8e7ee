import { type Engine, EngineError } from '@cutout/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/api-errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The engine's refusal when its queue is full, and the public API's rate limit. The engine here
 * is a stand-in that is always full: what is tested is the server's answer to it.
 */
describe('busy engine and rate limits', () => {
  let t: TestApp;
  let photo: Buffer;
  const busyEngine = {
    remove: async () => {
      throw new EngineError('BUSY', 'the queue is full');
    },
  } as unknown as Engine;

  beforeAll(async () => {
    t = await createTestApp('pglite', { API_REQUESTS_PER_MINUTE: '2' }, { engine: async () => busyEngine });
    photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const removebg = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/removebg',
      payload: { image_file_b64: photo.toString('base64'), size: 'preview' },
    });

  it('answers 503 SERVER_BUSY with Retry-After when the inference queue is full', async () => {
    const response = await removebg();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(errorOf(response)).toMatchObject({
      code: 'SERVER_BUSY',
      removeBg: { status: '503', code: 'service_unavailable' },
    });
  });

  it('limits requests per caller with X-RateLimit headers, then 429 and Retry-After', async () => {
    const second = await removebg();
    expect(second.headers['x-ratelimit-limit']).toBe('2');
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(second.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    const third = await removebg();
    expect(third.statusCode).toBe(429);
    expect(errorOf(third)).toMatchObject({
      code: 'RATE_LIMITED',
      removeBg: { status: '429', code: 'rate_limit_exceeded', title: 'Rate limit exceeded' },
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
