import { DomainError } from './errors.ts';

/** A fixed-window counter per key; in memory by default (one process), Redis in scale-out. */
export interface RateLimiter {
  /** Counts one hit; `allowed` is false once the key went over its limit in the current window. */
  hit(key: string, rule: RateRule): Promise<RateVerdict>;
  /**
   * Takes back one hit of the current window. Guesses (passwords, codes, keys) are counted before
   * they are checked, so that parallel guesses cannot all pass a check made before any of them
   * counted; one that turns out right is forgiven.
   */
  forgive(key: string): Promise<void>;
  /**
   * Whether one more hit would still be allowed, without counting it: for a lock on failures where
   * right answers come often and at once (API keys), so that counting them up front would refuse
   * them; parallel wrong ones may then each pass the check once.
   */
  peek(key: string, rule: RateRule): Promise<RateVerdict>;
  /** Forgets a key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Hits left in the current window. */
  remaining: number;
  /** When the current window ends, in epoch seconds. */
  resetAt: number;
}

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** The verdict of a window holding `count` hits (of either limiter). */
export function verdict(
  window: { count: number; resetAt: number },
  rule: RateRule,
  time: number,
): RateVerdict {
  return {
    allowed: window.count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
    remaining: Math.max(0, rule.limit - window.count),
    resetAt: Math.ceil(window.resetAt / 1000),
  };
}

/** Throws RATE_LIMITED (429 with Retry-After) for a verdict that does not allow the call. */
export function refuseWhenLimited(verdict: RateVerdict): void {
  if (verdict.allowed) return;
  throw new DomainError('RATE_LIMITED', {
    params: { seconds: verdict.retryAfterSeconds },
    headers: { 'retry-after': String(verdict.retryAfterSeconds) },
  });
}

/** The in-memory limiter of the embedded mode. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, rule) {
      const time = now();
      if (windows.size > 100_000) {
        for (const [stale, window] of windows) if (window.resetAt <= time) windows.delete(stale);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return verdict(window, rule, time);
    },
    async peek(key, rule) {
      const time = now();
      const window = windows.get(key);
      const current = window && window.resetAt > time ? window : { count: 0, resetAt: time + rule.windowMs };
      // As if this were the next hit: allowed while the count is still under the limit.
      return verdict({ count: current.count + 1, resetAt: current.resetAt }, rule, time);
    },
    async forgive(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
