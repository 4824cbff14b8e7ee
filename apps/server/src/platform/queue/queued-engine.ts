import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import {
  checkImageBytes,
  type Engine,
  EngineError,
  parseRemovalOptions,
  type RemovalCall,
  type RemovalOptions,
  type RemovalResult,
} from '@cutout/engine';
import { Queue, QueueEvents } from 'bullmq';
import { connectRedis, pingRedis } from '../redis/redis.ts';
import {
  bullConnection,
  type InferenceJob,
  type InferenceReply,
  inferenceKeys,
  inferenceQueueName,
  inputLifetimeMs,
  type ResultMeta,
  toJobOptions,
  transaction,
} from './inference-protocol.ts';

export interface QueuedEngineOptions {
  redisUrl: string;
  /** QUEUE_PREFIX: the same in the web processes and the workers. */
  prefix: string;
  /** Removals allowed to wait for a worker; one more is refused with EngineError 'BUSY'. */
  maxQueue: number;
  /** How long a removal waits for its result before it fails. Default 120 s. */
  timeoutMs?: number;
  /** Where the connections' errors go (they reconnect on their own). */
  log?: { error(details: object, message: string): void };
  /** How long the first connection may take before the engine gives up. Default 10 s. */
  connectTimeoutMs?: number;
}

type Job = InferenceJob['data'];
type Reply<R> = Extract<InferenceReply, R>;

/**
 * The engine of a web process in the scale-out mode: each removal is a job on the BullMQ queue
 * `inference`, done by an inference worker process (worker.ts), with the same answers as the
 * in-process engine: the RemovalResult, the EngineError of bad input (its code and value), BUSY when
 * `maxQueue` jobs already wait. The bytes go through Redis as binary keys (see README.md).
 */
export async function createQueuedEngine(options: QueuedEngineOptions): Promise<Engine> {
  const { prefix, maxQueue } = options;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const log = options.log ?? { error: () => {} };
  const keys = inferenceKeys(prefix);
  // Commands and the producer share one connection; the event reader blocks, so it has its own.
  const redis = connectRedis(options.redisUrl);
  const onError = (err: Error) => log.error({ err }, 'inference queue connection error');
  redis.on('error', onError);
  try {
    // BullMQ's connections wait for Redis without end: a start while it is away fails here instead.
    await Promise.race([pingRedis(redis), rejectAfter(options.connectTimeoutMs ?? 10_000)]);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const queue = new Queue<Job, InferenceReply, InferenceJob['name']>(inferenceQueueName, {
    connection: redis,
    prefix,
  });
  const events = new QueueEvents(inferenceQueueName, {
    connection: bullConnection(options.redisUrl),
    prefix,
  });
  queue.on('error', onError);
  events.on('error', onError);
  // Listening must have begun before the first job is added, or its answer could pass unheard.
  await events.waitUntilReady();

  const counters = { active: 0, completed: 0, failed: 0, rejectedBusy: 0, hits: 0, misses: 0 };
  /** Calls waiting for an answer, by job id: close() fails them. */
  const waiting = new Map<string, (error: Error) => void>();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  /** The answer of job `id`; listening starts before the job is added, so no event is missed. */
  function answerOf(id: string) {
    const emitter = events as unknown as EventEmitter;
    let stop = () => {};
    const answer = new Promise<InferenceReply>((resolve, reject) => {
      const onCompleted = (args: { returnvalue: unknown }) => {
        stop();
        resolve(args.returnvalue as InferenceReply);
      };
      const onFailed = (args: { failedReason: string }) => {
        stop();
        reject(new Error(`inference job ${id} failed: ${args.failedReason}`));
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no inference result after ${timeoutMs} ms (job ${id})`));
      }, timeoutMs);
      emitter.on(`completed:${id}`, onCompleted);
      emitter.on(`failed:${id}`, onFailed);
      waiting.set(id, (error) => {
        stop();
        reject(error);
      });
      stop = () => {
        clearTimeout(timer);
        emitter.off(`completed:${id}`, onCompleted);
        emitter.off(`failed:${id}`, onFailed);
        waiting.delete(id);
      };
    });
    // It may fail (close, timeout) while the job is still being added: handled then, not unhandled now.
    answer.catch(() => {});
    return { answer, stop: () => stop() };
  }

  /** Adds a job and waits for its answer; a job nobody took by then is taken back. */
  async function ask<R extends InferenceReply>(job: InferenceJob, id: string): Promise<R> {
    const { answer, stop } = answerOf(id);
    try {
      await queue.add(job.name, job.data, {
        jobId: id,
        // Finished jobs are kept a while for inspection; their answers went out as events.
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600, count: 1000 },
      });
      return (await answer) as R;
    } catch (error) {
      // A job still waiting is removed; one a worker holds finishes there and its result expires.
      await queue.remove(id).catch(() => 0);
      throw error;
    } finally {
      stop();
    }
  }

  async function run(input: Uint8Array, parsed: RemovalOptions, call: RemovalCall): Promise<RemovalResult> {
    const id = randomUUID();
    const inputKey = keys.input(id);
    const resultKey = keys.result(id);
    try {
      const fields: Record<string, Buffer> = { image: asBuffer(input) };
      if (parsed.bg_image) fields.background = asBuffer(parsed.bg_image);
      await transaction(
        redis.multi().hset(inputKey, fields).pexpire(inputKey, inputLifetimeMs(timeoutMs)).exec(),
      );
      const data = {
        id,
        options: toJobOptions(parsed),
        ...(call.cacheScope && { cacheScope: call.cacheScope }),
      };
      const reply = await ask<Reply<{ ok: false }> | Reply<{ result: ResultMeta }>>(
        { name: 'remove', data },
        id,
      );
      if (!reply.ok) throw new EngineError(reply.code, reply.message, reply.value);
      const [stored] = await transaction(redis.multi().hgetallBuffer(resultKey).del(resultKey).exec());
      const bytes = stored as Record<string, Buffer>;
      if (!bytes.image) throw new Error(`the result of inference job ${id} is gone`);
      const { hasBody, ...meta } = reply.result;
      return { ...meta, image: bytes.image, bytes: hasBody && bytes.body ? bytes.body : bytes.image };
    } finally {
      await redis.del(inputKey, resultKey).catch(() => 0);
    }
  }

  /** Runs `work` as a call close() waits for. */
  function tracked<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  }

  async function remove(
    input: Uint8Array,
    raw: Parameters<Engine['remove']>[1] = {},
    call: RemovalCall = {},
  ): Promise<RemovalResult> {
    if (closed) throw new Error('engine is closed');
    // Bad options and non-images are refused here, before anything reaches Redis.
    const parsed = parseRemovalOptions(raw);
    checkImageBytes(input);
    // Counted, not reserved: callers arriving together may pass one or two over the limit.
    if ((await queue.getWaitingCount()) >= maxQueue) {
      counters.rejectedBusy++;
      throw new EngineError('BUSY', `busy: ${maxQueue} removals wait for a worker, try again later`);
    }
    counters.active++;
    try {
      const result = await tracked(run(input, parsed, call));
      counters.completed++;
      counters[result.maskCached ? 'hits' : 'misses']++;
      return result;
    } catch (error) {
      counters.failed++;
      throw error;
    } finally {
      counters.active--;
    }
  }

  return {
    remove,
    async probe() {
      if (closed) throw new Error('engine is closed');
      const reply = await tracked(
        ask<Reply<{ networkMs: number }>>({ name: 'probe', data: {} }, randomUUID()),
      );
      const { networkMs, arrayBufferBytes, youngGenerationBytes } = reply;
      return { networkMs, arrayBufferBytes, youngGenerationBytes };
    },
    // The workers are other processes that warm up on their own: none here.
    warmedUp: async () => [],
    // The workers are other processes: their pools and caches report in their own logs.
    stats: () => ({
      workers: 0,
      threadsPerWorker: 0,
      active: counters.active,
      completed: counters.completed,
      failed: counters.failed,
      rejectedBusy: counters.rejectedBusy,
      maskCache: { hits: counters.hits, misses: counters.misses },
      model: { path: `redis queue ${prefix}:${inferenceQueueName}`, optimized: false },
    }),
    async close() {
      if (closed) return;
      closed = true;
      for (const fail of [...waiting.values()]) fail(new Error('engine is closed'));
      // Their clean-up (the waiting job, the keys) still needs the connection.
      await Promise.allSettled([...inFlight]);
      await events.close();
      await queue.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The engine of a web process when REDIS_URL is set, started on first use like the in-process one
 * (services.ts's lazyEngine); a start that fails (Redis away) is tried again by the next request.
 */
export function queuedEngineSource(options: QueuedEngineOptions) {
  let started: Promise<Engine> | undefined;
  return {
    get: (): Promise<Engine> => {
      started ??= createQueuedEngine(options).catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },
    close: async () => {
      const engine = await started?.catch(() => undefined);
      await engine?.close();
    },
  };
}

function rejectAfter(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms).unref();
  });
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
