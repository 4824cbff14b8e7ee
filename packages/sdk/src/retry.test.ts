import { describe, expect, it } from 'vitest';
import { CutoutApiError, CutoutNetworkError } from './errors.ts';
import { isRetryable, retryDelayMs, sleep } from './retry.ts';

const apiError = (status: number, retryAfterSeconds?: number) =>
  new CutoutApiError({ status, code: 'x', title: 'x', detail: 'x', specCode: 'X', retryAfterSeconds });

describe('the retry rules', () => {
  it('retries 429, 502, 503, 504 and network failures only', () => {
    expect([429, 502, 503, 504].map((status) => isRetryable(apiError(status)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([400, 402, 403, 404, 413, 500].some((status) => isRetryable(apiError(status)))).toBe(false);
    expect(isRetryable(new CutoutNetworkError('down'))).toBe(true);
    expect(isRetryable(new TypeError('bug'))).toBe(false);
  });

  it('waits Retry-After, capped, else a full-jitter exponential backoff', () => {
    const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 };
    expect(retryDelayMs(apiError(429, 2), 0, { ...policy, maxDelayMs: 5000 })).toBe(2000);
    expect(retryDelayMs(apiError(429, 30), 0, policy)).toBe(1000);
    expect([0, 1, 2, 3, 4].map((retry) => retryDelayMs(apiError(503), retry, policy))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect(retryDelayMs(new CutoutNetworkError('down'), 0, { ...policy, random: () => 0.999 })).toBe(99);
  });

  it('stops a wait at once when the signal aborts, with its reason', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(new Error('enough')), 20);
    await expect(waiting).rejects.toThrow('enough');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
