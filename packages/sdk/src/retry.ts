import { CutoutApiError, CutoutNetworkError } from './errors.ts';

/**
 * When to try again: after 429, 502, 503, 504, network failures and a 409 saying that the first try
 * of the same Idempotency-Key still runs (`idempotency_key_in_use`) only, waiting Retry-After when
 * the server gave one, else exponential backoff with full jitter. Every other error is final.
 */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A number in [0, 1): the jitter's source (Math.random). */
  random?: () => number;
}

/** Statuses that say "not now" rather than "not this". */
export const retryableStatuses: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Whether a failed try may be repeated. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof CutoutNetworkError) return true;
  if (!(error instanceof CutoutApiError)) return false;
  return retryableStatuses.has(error.status) || error.code === 'idempotency_key_in_use';
}

/** The wait before retry number `retry` (0 for the first), in milliseconds. */
export function retryDelayMs(error: unknown, retry: number, policy: RetryPolicy): number {
  const asked = error instanceof CutoutApiError ? error.retryAfterSeconds : undefined;
  if (asked !== undefined) return Math.min(asked * 1000, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor((policy.random ?? Math.random)() * ceiling);
}

/** Waits `ms`, or rejects with the signal's reason the moment it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `attempt` until it succeeds, fails for good, or the retries are spent (then the last error). */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    signal?.throwIfAborted();
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (retry >= policy.maxRetries || !isRetryable(error)) throw error;
      await sleep(retryDelayMs(error, retry, policy), signal);
    }
  }
}
