import { describe, expect, it } from 'vitest';
import { MaskCache, maskLifetimeMs, memoryMaskStore } from './mask-cache.ts';

const mask = (bytes: number) => ({ data: new Uint8Array(bytes), width: bytes, height: 1 });

describe('MaskCache', () => {
  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new MaskCache(300);
    cache.set('a', mask(100));
    cache.set('b', mask(100));
    cache.set('c', mask(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('d', mask(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 300, maxBytes: 300, hits: 2, misses: 1 });
  });

  it('does not keep what is larger than the whole budget, and replaces entries', () => {
    const cache = new MaskCache(50);
    cache.set('big', mask(51));
    expect(cache.get('big')).toBeUndefined();
    cache.set('x', mask(20));
    cache.set('x', mask(30));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 30 });
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('forgets a mask an hour after it was made, however often it is used', () => {
    let now = 0;
    const cache = new MaskCache(1_000, { now: () => now });
    expect(maskLifetimeMs).toBe(60 * 60_000);
    cache.set('a', mask(100));
    now = maskLifetimeMs - 1;
    expect(cache.get('a')).toBeDefined();
    cache.set('b', mask(100));
    now = maskLifetimeMs;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 100 });
  });
});

describe('memoryMaskStore', () => {
  it('is the cache behind the engine port: async get and set, the cache’s counters', async () => {
    const store = memoryMaskStore(new MaskCache(1_000));
    expect(await store.get('a')).toBeUndefined();
    await store.set('a', mask(100));
    expect((await store.get('a'))?.data.byteLength).toBe(100);
    expect(store.stats()).toMatchObject({ entries: 1, bytes: 100, hits: 1, misses: 1 });
  });
});
