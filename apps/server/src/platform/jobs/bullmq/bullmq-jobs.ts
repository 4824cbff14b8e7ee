import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobLog, JobRunner } from '../jobs.port.ts';

/**
 * The jobs of several server processes sharing Redis: each job is a BullMQ job scheduler (a
 * repeatable job) on a queue of its own, with a global concurrency of one, so that each run is
 * taken by exactly one of the processes and a run still going holds the next one back (it starts
 * when the first ends, never beside it). Every process registers the same jobs; registering one
 * again keeps its timing.
 *
 * `every` resolves when the run due at registration has ended, whichever process took it; when the
 * job is already scheduled by another process and its next run is later, it resolves at once.
 * `stop` closes this process's workers, waiting for the runs they are in; the schedules stay in
 * Redis for the other processes.
 */
export function createBullmqJobs(deps: {
  redisUrl: string;
  /** QUEUE_PREFIX: the first part of the queues' Redis keys. */
  prefix: string;
  log: JobLog;
  /** How often the first run's end is looked for. */
  pollMs?: number;
}): JobRunner {
  const { prefix, log } = deps;
  const pollMs = deps.pollMs ?? 100;
  // One connection for the queues and the workers' commands; each worker adds a blocking one.
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, connectionName: 'cutout-jobs' });
  // Its errors reach the log through the queues and workers using it (their 'error' events).
  connection.on('error', () => {});
  const queues: Queue[] = [];
  const workers: Worker[] = [];
  let stopped = false;
  const onError = (err: Error) => log.error({ err }, 'scheduled jobs connection error');

  /** Resolves when `job` has ended (completed, failed, or gone with its removal on completion), or on stop. */
  async function ended(job: Job): Promise<void> {
    while (!stopped) {
      const state = await job.getState().catch(() => 'unknown');
      if (state === 'completed' || state === 'failed' || state === 'unknown') return;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  return {
    async every(name, ms, run) {
      if (stopped) return;
      // Queue names cannot hold ':' (BullMQ's key separator).
      const queue = new Queue(`job ${name.replaceAll(':', '-')}`, { connection, prefix });
      queue.on('error', onError);
      queues.push(queue);
      const worker = new Worker(
        queue.name,
        async () => {
          try {
            await run();
          } catch (error) {
            log.error({ job: name, err: error }, `job "${name}" failed`);
          }
        },
        { connection, prefix, concurrency: 1 },
      );
      worker.on('error', onError);
      workers.push(worker);
      await queue.setGlobalConcurrency(1);
      const next = await queue.upsertJobScheduler(
        name,
        { every: ms },
        { name, data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
      );
      // Due now: a new schedule, or one whose time has come; later: another process runs it.
      if ((next.delay ?? 0) <= pollMs) await ended(next);
    },

    async stop() {
      stopped = true;
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(queues.map((queue) => queue.close()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
