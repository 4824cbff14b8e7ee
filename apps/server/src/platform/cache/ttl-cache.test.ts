import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('ttl cache', () => {
  it('keeps a value for its time to live, then loads again', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const load = vi.fn(async () => clock);
    expect(await cache.get('a', load)).toBe(0);
    clock = 999;
    expect(await cache.get('a', load)).toBe(0);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(1000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load among concurrent asks for a key', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let release: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const asks = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    release('v');
    expect(await Promise.all(asks)).toEqual(['v', 'v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('runs a lazy thenable (a query builder) once, however often its value is asked for', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let runs = 0;
    // Like a query builder: each `then` runs the query again.
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: the thenable a query builder is, on purpose
      then<R>(resolve: (value: string) => R) {
        runs += 1;
        return Promise.resolve(resolve('rows'));
      },
    } as PromiseLike<string>;
    for (let i = 0; i < 3; i += 1) expect(await cache.get('groups', () => lazy)).toBe('rows');
    expect(runs).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries, dropping the oldest loaded', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    const load = vi.fn(async () => 'a again');
    expect(await cache.get('a', load)).toBe('a again');
    expect(await cache.get('c', async () => 'not loaded')).toBe('c');
  });

  it('keeps nothing with a time to live of 0, and forgets all on clear', async () => {
    const off = createTtlCache<number>({ ttlMs: 0, maxEntries: 10 });
    let calls = 0;
    const load = async () => ++calls;
    expect([await off.get('a', load), await off.get('a', load)]).toEqual([1, 2]);
    const on = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await on.get('a', load);
    on.clear();
    expect(await on.get('a', load)).toBe(4);
  });
});
