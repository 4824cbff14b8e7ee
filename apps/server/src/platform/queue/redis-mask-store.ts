import { type MaskData, type MaskStore, maskLifetimeMs } from '@cutout/engine';
import type { Redis } from 'ioredis';

const HEADER_BYTES = 8;

/**
 * The engine's mask store shared by the inference workers: each mask is one binary key (width and
 * height, then the pixels) under the engine's key (scope and SHA-256), kept `maskLifetimeMs` from
 * when it was made (a hit does not extend it: the retention rule). A Redis failure is a miss or a
 * dropped write, reported to `onError`: a removal never fails for the cache.
 */
export function createRedisMaskStore(options: {
  redis: Redis;
  prefix: string;
  lifetimeMs?: number;
  onError?: (error: unknown) => void;
}): MaskStore {
  const { redis } = options;
  const lifetimeMs = options.lifetimeMs ?? maskLifetimeMs;
  const onError = options.onError ?? (() => {});
  const keyOf = (key: string) => `${options.prefix}:mask:${key}`;
  const counters = { hits: 0, misses: 0 };
  return {
    async get(key) {
      const stored = await redis.getBuffer(keyOf(key)).catch((error: unknown) => {
        onError(error);
        return null;
      });
      const mask = stored ? decodeMask(stored) : undefined;
      counters[mask ? 'hits' : 'misses']++;
      return mask;
    },
    async set(key, mask) {
      await redis.set(keyOf(key), encodeMask(mask), 'PX', lifetimeMs).catch(onError);
    },
    stats: () => ({ ...counters }),
  };
}

/** Width and height (uint32, big-endian), then the mask's bytes. */
export function encodeMask(mask: MaskData): Buffer {
  const out = Buffer.allocUnsafe(HEADER_BYTES + mask.data.byteLength);
  out.writeUInt32BE(mask.width, 0);
  out.writeUInt32BE(mask.height, 4);
  out.set(mask.data, HEADER_BYTES);
  return out;
}

/** The mask of encodeMask's bytes, or undefined for bytes that are not one (a foreign value). */
export function decodeMask(bytes: Buffer): MaskData | undefined {
  if (bytes.byteLength < HEADER_BYTES) return undefined;
  const width = bytes.readUInt32BE(0);
  const height = bytes.readUInt32BE(4);
  // A copy of its own: the reply may be a view into a larger buffer, all of which would go to the engine's thread.
  const data = new Uint8Array(bytes.subarray(HEADER_BYTES));
  return data.byteLength === width * height ? { width, height, data } : undefined;
}
