import { type Engine, EngineError } from '@cutout/engine';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  bullConnection,
  type InferenceJob,
  type InferenceKeys,
  type InferenceReply,
  inferenceKeys,
  inferenceQueueName,
  resultLifetimeMs,
  transaction,
} from './inference-protocol.ts';

type AnyJob = Job<InferenceJob['data'], InferenceReply, InferenceJob['name']>;

/**
 * What an inference worker does with one job: reads the input from Redis, runs the engine, leaves
 * the result bytes at the result key and answers their description, or the engine's error.
 */
export function createInferenceProcessor(deps: { engine: Engine; redis: Redis; keys: InferenceKeys }) {
  const { engine, redis, keys } = deps;
  return async (job: AnyJob): Promise<InferenceReply> => {
    if (job.name === 'probe') return { ok: true, ...(await engine.probe()) };
    const { id, options, cacheScope } = job.data as Extract<InferenceJob, { name: 'remove' }>['data'];
    const input = await redis.hgetallBuffer(keys.input(id));
    // The caller deletes the input when it stops waiting (an answer, a timeout): no one to answer.
    if (!input.image)
      throw new Error(`the input of inference job ${job.id} is gone: its caller stopped waiting`);
    try {
      const result = await engine.remove(
        input.image,
        { ...options, bg_image: input.background ?? null },
        cacheScope === undefined ? {} : { cacheScope },
      );
      const resultKey = keys.result(id);
      const hasBody = result.bytes !== result.image;
      await transaction(
        redis
          .multi()
          .hset(resultKey, hasBody ? { image: result.image, body: result.bytes } : { image: result.image })
          .pexpire(resultKey, resultLifetimeMs)
          .exec(),
      );
      const { bytes: _bytes, image: _image, ...meta } = result;
      return { ok: true, result: { ...meta, hasBody } };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return {
        ok: false,
        code: error.code,
        message: error.message,
        ...(error.value === undefined ? {} : { value: error.value }),
      };
    }
  };
}

export interface InferenceWorkerOptions {
  engine: Engine;
  /** Commands (input and result keys); BullMQ opens its own connections to `redisUrl`. */
  redis: Redis;
  redisUrl: string;
  prefix: string;
  /** Jobs run at once: the engine's worker count. */
  concurrency: number;
  /** How long a job stays locked to a worker that stopped renewing it; also the stalled-check interval. */
  lockMs: number;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

/**
 * Takes removal jobs off the queue. A worker that dies loses its locks: after `lockMs` the next
 * stalled check (every `lockMs`, by any live worker) puts its jobs back for another worker, once
 * (maxStalledCount 1); a job that kills a second worker fails.
 */
export function startInferenceWorker(options: InferenceWorkerOptions) {
  const processor = createInferenceProcessor({
    engine: options.engine,
    redis: options.redis,
    keys: inferenceKeys(options.prefix),
  });
  const worker = new Worker(inferenceQueueName, processor, {
    connection: bullConnection(options.redisUrl),
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    maxStalledCount: 1,
  });
  worker.on('error', (err) => options.log.error({ err }, 'inference worker connection error'));
  worker.on('failed', (job, err) => options.log.warn({ jobId: job?.id, err }, 'inference job failed'));
  worker.on('stalled', (jobId) => options.log.warn({ jobId }, 'inference job stalled: back in the queue'));
  return worker;
}
