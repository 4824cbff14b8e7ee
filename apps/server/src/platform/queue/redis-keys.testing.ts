import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A QUEUE_PREFIX no other test run uses, so that runs never see each other's jobs and keys. */
export const uniquePrefix = (what: string) => `test-${what}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** The keys under a prefix (queues, job data, masks): SCAN, never KEYS. */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    found.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** Deletes every key under a prefix: what a test run leaves. */
export async function dropKeysUnder(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
}
