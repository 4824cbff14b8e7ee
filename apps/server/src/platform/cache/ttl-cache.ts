/**
 * A small in-process cache of values that may be a little stale: each is kept for `ttlMs` from when
 * it was loaded, and at most `maxEntries` are kept (the oldest loaded goes first). Concurrent asks
 * for a key that is loading share the one load; a load that fails is not kept. With `ttlMs` 0 it
 * keeps nothing and every ask loads.
 *
 * It is per process: in a scaled-out deployment each process keeps its own, so `ttlMs` bounds how
 * long a change can take to show everywhere.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAt: number; value: Promise<V> }>();

  return {
    get(key: string, load: () => PromiseLike<V>): Promise<V> {
      if (options.ttlMs <= 0) return Promise.resolve(load());
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.value;
      if (entry) entries.delete(key);
      while (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      // Adopted once: a lazy thenable (a query builder runs its query on each `then`) runs one time.
      const value = Promise.resolve(load());
      const fresh = { expiresAt: now() + options.ttlMs, value };
      entries.set(key, fresh);
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },

    /** Forgets everything: the next ask of each key loads. */
    clear(): void {
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
