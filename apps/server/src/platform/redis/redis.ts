import { Redis } from 'ioredis';

/**
 * A Redis connection for commands (rate limits, the mask cache): a command waits through a short
 * outage (three reconnection tries) and then fails, so that a request answers an error instead of
 * hanging. BullMQ opens its own connections with its own settings.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, enableOfflineQueue: true, connectionName: 'cutout' });
}

/** Readiness: Redis answers PING. */
export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`Redis answered ${answer}`);
}
