/**
 * The inference worker of the scale-out mode (`npm run worker`): takes removal jobs off the Redis
 * queue the web processes fill, with the same configuration (REDIS_URL required, ENGINE_WORKERS,
 * ENGINE_MAX_QUEUE, QUEUE_PREFIX, QUEUE_LOCK_MS, LOG_LEVEL). Masks are shared with the other
 * workers through Redis. SIGTERM or SIGINT: stop taking jobs, finish the ones in progress, exit 0;
 * a second signal exits at once (the jobs' locks expire and other workers take them).
 */
import { createEngine } from '@cutout/engine';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './platform/config.ts';
import { startInferenceWorker } from './platform/queue/inference-worker.ts';
import { createRedisMaskStore } from './platform/queue/redis-mask-store.ts';
import { connectRedis } from './platform/redis/redis.ts';

function readSettings() {
  try {
    const config = loadConfig();
    if (!config.redisUrl) throw new ConfigError(['REDIS_URL: required by the inference worker']);
    return { config, redisUrl: config.redisUrl, queue: config.queue };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const { config, redisUrl, queue } = readSettings();
  const log = pino({ level: config.logLevel, base: { role: 'inference-worker', pid: process.pid } });
  const redis = connectRedis(redisUrl);
  redis.on('error', (err) => log.warn({ err }, 'Redis connection error'));
  const engine = await createEngine({
    workers: config.engineWorkers,
    maxQueue: config.engineMaxQueue,
    classifier: config.engineClassifier,
    memory: config.engineMemory,
    maskStore: createRedisMaskStore({
      redis,
      prefix: queue.prefix,
      onError: (err) => log.warn({ err }, 'mask store unavailable'),
    }),
  });
  const { workers } = engine.stats();
  const worker = startInferenceWorker({
    engine,
    redis,
    redisUrl,
    prefix: queue.prefix,
    concurrency: workers,
    lockMs: queue.lockMs,
    log,
  });
  await worker.waitUntilReady();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without finishing the jobs in progress');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'finishing the jobs in progress');
    await worker.close();
    await engine.close();
    await redis.quit();
    log.info('inference worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  log.info({ workers, prefix: queue.prefix }, 'inference worker ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
