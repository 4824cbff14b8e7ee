import type { MaskData } from './pipeline/refine.ts';

/** Counters of a mask store: this process's lookups, and what it holds where it can tell. */
export interface MaskStoreStats {
  hits: number;
  misses: number;
  entries?: number;
  bytes?: number;
  maxBytes?: number;
}

/** Counters of the in-memory mask cache. */
export interface MaskCacheStats extends MaskStoreStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Where the engine keeps network masks between requests, under the key it builds (the requester's
 * scope and the SHA-256 of the input bytes): in memory by default, or shared by several engine
 * processes (Redis). A store keeps a mask at most `maskLifetimeMs` from when it was made; one that
 * can fail answers a miss and drops the write rather than failing the removal.
 */
export interface MaskStore {
  get(key: string): Promise<MaskData | undefined>;
  set(key: string, mask: MaskData): Promise<void>;
  stats(): MaskStoreStats;
}

/**
 * How long a mask is kept after it was made: the time in which the full size of a previewed
 * picture is asked for. The retention rule the README and the privacy policy state: the pictures
 * themselves are never kept, only their masks, in memory, for at most this long.
 */
export const maskLifetimeMs = 60 * 60_000;

interface Entry {
  mask: MaskData;
  storedAt: number;
}

/**
 * Least-recently-used cache of network masks, keyed by the engine (the requester's scope and the
 * SHA-256 of the input bytes), bounded by the bytes it holds (a 1024x1024 mask is 1 MiB) and by
 * age (`maskLifetimeMs` from when a mask was made). A Map keeps insertion order, so re-inserting on
 * every hit makes the first key the least recently used.
 */
export class MaskCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #lifetimeMs: number;
  readonly #now: () => number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(maxBytes: number, options: { lifetimeMs?: number; now?: () => number } = {}) {
    this.#maxBytes = Math.max(0, maxBytes);
    this.#lifetimeMs = options.lifetimeMs ?? maskLifetimeMs;
    this.#now = options.now ?? Date.now;
  }

  /** The mask for `key` while it is young enough, marking it most recently used. */
  get(key: string): MaskData | undefined {
    this.#dropExpired();
    const entry = this.#entries.get(key);
    if (!entry) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.mask;
  }

  /** Forgets the masks older than the lifetime (their age counts from when they were made). */
  #dropExpired(): void {
    const oldest = this.#now() - this.#lifetimeMs;
    for (const [key, entry] of this.#entries) {
      if (entry.storedAt > oldest) continue;
      this.#entries.delete(key);
      this.#bytes -= entry.mask.data.byteLength;
    }
  }

  /** Stores `mask`, evicting the least recently used entries beyond the byte budget. */
  set(key: string, mask: MaskData): void {
    this.#dropExpired();
    if (mask.data.byteLength > this.#maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.mask.data.byteLength;
      this.#entries.delete(key);
    }
    this.#entries.set(key, { mask, storedAt: this.#now() });
    this.#bytes += mask.data.byteLength;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.mask.data.byteLength;
    }
  }

  /** Drops every entry. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Entry count, bytes held and hit/miss counters. */
  stats(): MaskCacheStats {
    this.#dropExpired();
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      maxBytes: this.#maxBytes,
      hits: this.#hits,
      misses: this.#misses,
    };
  }
}

/** The in-memory cache as the engine's mask store: the default, for one process. */
export function memoryMaskStore(cache: MaskCache): MaskStore {
  return {
    get: async (key) => cache.get(key),
    set: async (key, mask) => cache.set(key, mask),
    stats: () => cache.stats(),
  };
}
