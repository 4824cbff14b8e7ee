import type { MaskData } from './pipeline/refine.ts';

/** Counters of the mask cache. */
export interface MaskCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/**
 * Least-recently-used cache of network masks, keyed by the engine (the requester's scope and the
 * SHA-256 of the input bytes), bounded by the bytes it holds (a 1024x1024 mask is 1 MiB). A Map keeps insertion order, so re-inserting on
 * every hit makes the first key the least recently used.
 */
export class MaskCache {
  readonly #entries = new Map<string, MaskData>();
  readonly #maxBytes: number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = Math.max(0, maxBytes);
  }

  /** The mask for `key`, marking it most recently used. */
  get(key: string): MaskData | undefined {
    const mask = this.#entries.get(key);
    if (!mask) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    this.#entries.delete(key);
    this.#entries.set(key, mask);
    return mask;
  }

  /** Stores `mask`, evicting the least recently used entries beyond the byte budget. */
  set(key: string, mask: MaskData): void {
    if (mask.data.byteLength > this.#maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.data.byteLength;
      this.#entries.delete(key);
    }
    this.#entries.set(key, mask);
    this.#bytes += mask.data.byteLength;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.data.byteLength;
    }
  }

  /** Drops every entry. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Entry count, bytes held and hit/miss counters. */
  stats(): MaskCacheStats {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      maxBytes: this.#maxBytes,
      hits: this.#hits,
      misses: this.#misses,
    };
  }
}
