// Part 3: removals one after another through the queue (one web server, one inference worker with
// ENGINE_WORKERS=1, PostgreSQL): the worker's memory early and at the end, every job answered (the
// bench counts the queue's own completed and failed events), then a full-size sample that must take
// exactly one litre per image.
import { Queue, QueueEvents } from 'bullmq';
import { bullConnection, inferenceQueueName } from '../../src/platform/queue/inference-protocol.ts';
import { ensureLitres, litres, type Removal, removeBackground, signUp } from './account.ts';
import { imageSet } from './images.ts';
import { startServer, startWorker, treeRss } from './processes.ts';
import type { BenchRun } from './run.ts';

export interface SoakOptions {
  /** Previews in a row. */
  count: number;
  /** Full-size removals after them, for the litres. */
  fullSample: number;
  width: number;
  height: number;
}

export interface SoakResult {
  database: 'postgres';
  previews: number;
  image: { width: number; height: number };
  seconds: number;
  rss: { earlyAfter: number; earlyMb: number; endMb: number; maxMb: number; growthPct: number };
  /** Requests sent through the queue (warm-up, previews and the full-size sample) and their answers. */
  sent: number;
  answered200: number;
  /** Jobs the queue reported done and failed while the bench listened, and what it still holds. */
  queue: {
    completedEvents: number;
    failedEvents: number;
    completedKept: number;
    failedKept: number;
    waiting: number;
  };
  litres: { sample: number; before: number; after: number; charged: number; headerSum: number };
  pass: { memory: boolean; noJobLost: boolean; chargedOnce: boolean };
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

export async function soakPart(run: BenchRun, options: SoakOptions): Promise<SoakResult> {
  const { redisUrl } = run.settings;
  const prefix = run.queuePrefix('soak');
  const queueEnv = { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix };
  const server = await startServer(run, {
    name: 'web-soak',
    env: { DATABASE_URL: await run.postgres(), ...queueEnv },
  });
  const worker = await startWorker(run, { name: 'worker-soak', env: { ...queueEnv, ENGINE_WORKERS: '1' } });

  // The queue's own account of the jobs, heard live (the queue keeps only the last 1000 finished).
  const events = new QueueEvents(inferenceQueueName, { connection: bullConnection(redisUrl), prefix });
  const queue = new Queue(inferenceQueueName, { connection: bullConnection(redisUrl), prefix });
  run.defer('close the soak queue listeners', async () => {
    await events.close();
    await queue.close();
  });
  const heard = { completed: 0, failed: 0 };
  events.on('completed', () => heard.completed++);
  events.on('failed', () => heard.failed++);
  await events.waitUntilReady();

  const customer = await signUp(server.base, `bench-scale-${run.id}-soak@example.com`);
  await ensureLitres(server.base, customer, options.fullSample);
  const images = await imageSet({
    width: options.width,
    height: options.height,
    count: 1 + options.count + options.fullSample,
    tag: `soak ${run.id}`,
  });

  const answers: Removal[] = [];
  const send = async (image: Buffer, size: 'full' | 'preview') => {
    const answer = await removeBackground(server.base, customer, image, size);
    if (answer.status !== 200) console.error(`soak: HTTP ${answer.status} ${answer.error ?? ''}`);
    answers.push(answer);
    return answer;
  };
  await send(images[0] as Buffer, 'preview');

  const earlyAfter = options.count >= 100 ? 50 : Math.max(1, Math.round(options.count / 10));
  let earlyRss = 0;
  let maxRss = 0;
  const started = Date.now();
  for (let i = 1; i <= options.count; i += 1) {
    await send(images[i] as Buffer, 'preview');
    if (i === earlyAfter || i % 10 === 0 || i === options.count) {
      const rss = await treeRss(worker.pid);
      maxRss = Math.max(maxRss, rss);
      if (i === earlyAfter) earlyRss = rss;
    }
  }
  const endRss = await treeRss(worker.pid);
  const seconds = (Date.now() - started) / 1000;

  const before = await litres(server.base, customer);
  let headerSum = 0;
  for (const image of images.slice(1 + options.count)) headerSum += (await send(image, 'full')).charged;
  const after = await litres(server.base, customer);

  // The last events may still be on their way to the listener.
  const deadline = Date.now() + 10_000;
  while (heard.completed + heard.failed < answers.length && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const counts = await queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
  await server.stop();
  await worker.stop();

  const answered200 = answers.filter((answer) => answer.status === 200).length;
  const growthPct = Number((((endRss - earlyRss) / earlyRss) * 100).toFixed(1));
  const charged = before - after;
  return {
    database: 'postgres',
    previews: options.count,
    image: { width: options.width, height: options.height },
    seconds: Math.round(seconds),
    rss: { earlyAfter, earlyMb: mb(earlyRss), endMb: mb(endRss), maxMb: mb(maxRss), growthPct },
    sent: answers.length,
    answered200,
    queue: {
      completedEvents: heard.completed,
      failedEvents: heard.failed,
      completedKept: counts.completed ?? 0,
      failedKept: counts.failed ?? 0,
      waiting: (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0),
    },
    litres: { sample: options.fullSample, before, after, charged, headerSum },
    pass: {
      memory: growthPct < 10,
      noJobLost:
        answered200 === answers.length &&
        heard.completed === answers.length &&
        heard.failed === 0 &&
        (counts.failed ?? 0) === 0,
      chargedOnce: charged === options.fullSample && headerSum === options.fullSample,
    },
  };
}
