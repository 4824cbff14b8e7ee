// Part 1: full-size removals per minute through POST /api/v1/removebg, the in-process engine of an
// embedded web server against the queue (a web server with REDIS_URL and inference worker
// processes), on one PostgreSQL database. Both servers stay up and are driven in alternate batches,
// so that both see the same load of a shared machine.
import os from 'node:os';
import { type Customer, ensureLitres, type Removal, removeAll, signUp } from './account.ts';
import { imageSet } from './images.ts';
import { type BenchProcess, type BenchServer, startServer, startWorker } from './processes.ts';
import type { BenchRun } from './run.ts';

export interface InferenceOptions {
  /** Full-size requests per configuration. */
  images: number;
  /** Batches each configuration's requests are split into, alternating with its counterpart. */
  rounds: number;
  /** Requests the client keeps in flight. */
  concurrency: number;
  /** Single requests per side (nothing else in flight) for the added latency. */
  latencySamples: number;
  width: number;
  height: number;
}

export interface Throughput {
  configuration: string;
  images: number;
  seconds: number;
  perMinute: number;
}

export interface InferenceResult {
  database: 'postgres';
  size: 'full';
  image: { width: number; height: number; meanInputBytes: number; meanOutputBytes: number };
  concurrency: number;
  /** The engine's default pool on this machine (ENGINE_WORKERS unset). */
  defaultEngineWorkers: number;
  oneWorker: { embedded: Throughput; queue: Throughput; overheadPct: number; overheadMsPerImage: number };
  twoWorkers: { embedded: Throughput; queue: Throughput; speedup: number };
  latency: { samples: number; embeddedMs: number; queueMs: number; addedMs: number; addedPct: number };
  litresBought: number;
}

/** What createEngine picks with no ENGINE_WORKERS: one worker per min(cores, 4) threads. */
const defaultEngineWorkers = (cores: number) => Math.max(1, Math.floor(cores / Math.min(cores, 4)));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round1 = (value: number) => Number(value.toFixed(1));

function checked(removals: Removal[], where: string): Removal[] {
  const bad = removals.find((removal) => removal.status !== 200);
  if (bad) throw new Error(`${where}: HTTP ${bad.status} ${bad.error ?? ''}`);
  return removals;
}

interface Side {
  configuration: string;
  server: BenchServer;
  ms: number;
  done: Removal[];
}

/** Drives two sides in `rounds` alternate batches of the same size; both get `images` requests. */
async function alternate(
  customer: Customer,
  sides: [Side, Side],
  options: { images: Buffer[][]; rounds: number; concurrency: number },
): Promise<[Throughput, Throughput]> {
  const perBatch = Math.ceil((options.images[0]?.length ?? 0) / options.rounds);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [index, side] of sides.entries()) {
      const images = (options.images[index] ?? []).slice(round * perBatch, (round + 1) * perBatch);
      if (images.length === 0) continue;
      const { ms, removals } = await removeAll(side.server.base, customer, {
        images,
        size: 'full',
        concurrency: options.concurrency,
      });
      side.ms += ms;
      side.done.push(...checked(removals, side.configuration));
    }
  }
  return sides.map((side) => ({
    configuration: side.configuration,
    images: side.done.length,
    seconds: round1(side.ms / 1000),
    perMinute: round1((side.done.length / side.ms) * 60_000),
  })) as [Throughput, Throughput];
}

/** Runs the part; its servers and workers are stopped when it ends, so that the next part runs alone. */
export async function inferencePart(run: BenchRun, options: InferenceOptions): Promise<InferenceResult> {
  const started: BenchProcess[] = [];
  try {
    return await measure(run, options, <T extends BenchProcess>(child: T) => {
      started.push(child);
      return child;
    });
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
}

async function measure(
  run: BenchRun,
  options: InferenceOptions,
  keep: <T extends BenchProcess>(child: T) => T,
): Promise<InferenceResult> {
  const { redisUrl } = run.settings;
  const databaseUrl = await run.postgres();
  const prefix = run.queuePrefix('inference');
  const queueEnv = { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix };
  const workerEnv = { ...queueEnv, ENGINE_WORKERS: '1' };
  const cores = os.availableParallelism();
  const defaultWorkers = defaultEngineWorkers(cores);

  const embedded = keep(
    await startServer(run, {
      name: 'web-embedded-1',
      env: { DATABASE_URL: databaseUrl, ENGINE_WORKERS: '1' },
    }),
  );
  const queued = keep(
    await startServer(run, { name: 'web-queue', env: { DATABASE_URL: databaseUrl, ...queueEnv } }),
  );
  keep(await startWorker(run, { name: 'worker-1', env: workerEnv }));

  const customer = await signUp(embedded.base, `bench-scale-${run.id}-inference@example.com`);
  const perSide = options.images;
  const fullSize = 4 * perSide + 2 * options.latencySamples;
  const bundles = await ensureLitres(embedded.base, customer, fullSize);
  const warmups = options.concurrency;
  const all = await imageSet({
    width: options.width,
    height: options.height,
    // Warm-ups for the two servers, and a third should the default pool differ from one worker.
    count: fullSize + 3 * warmups,
    tag: `inference ${run.id}`,
  });
  let taken = 0;
  const take = (count: number) => {
    taken += count;
    return all.slice(taken - count, taken);
  };

  // The embedded engine starts with the first request; the workers have loaded theirs already.
  const warm = async (server: BenchServer) =>
    checked(
      (
        await removeAll(server.base, customer, {
          images: take(warmups),
          size: 'preview',
          concurrency: warmups,
        })
      ).removals,
      `warm-up on ${server.name}`,
    );
  await warm(embedded);
  await warm(queued);

  // Added latency: one request at a time, alternately.
  const embeddedMs: number[] = [];
  const queueMs: number[] = [];
  for (let i = 0; i < options.latencySamples; i += 1) {
    for (const [server, into] of [
      [embedded, embeddedMs],
      [queued, queueMs],
    ] as const) {
      const [removal] = checked(
        (await removeAll(server.base, customer, { images: take(1), size: 'full', concurrency: 1 })).removals,
        `latency on ${server.name}`,
      );
      into.push(removal?.ms ?? 0);
    }
  }

  const sides: Side[] = [];
  const side = (configuration: string, server: BenchServer): Side => {
    const made = { configuration, server, ms: 0, done: [] };
    sides.push(made);
    return made;
  };
  const [embeddedOne, queueOne] = await alternate(
    customer,
    [side('embedded, ENGINE_WORKERS=1', embedded), side('queue, 1 worker process', queued)],
    { images: [take(perSide), take(perSide)], rounds: options.rounds, concurrency: options.concurrency },
  );

  // The second worker, and the embedded pool as the server starts it by default.
  keep(await startWorker(run, { name: 'worker-2', env: workerEnv }));
  let embeddedDefault = embedded;
  if (defaultWorkers !== 1) {
    embeddedDefault = keep(
      await startServer(run, { name: 'web-embedded-default', env: { DATABASE_URL: databaseUrl } }),
    );
    await warm(embeddedDefault);
  }
  const [embeddedTwo, queueTwo] = await alternate(
    customer,
    [
      side(
        `embedded default (${defaultWorkers} engine worker${defaultWorkers === 1 ? '' : 's'})`,
        embeddedDefault,
      ),
      side('queue, 2 worker processes', queued),
    ],
    { images: [take(perSide), take(perSide)], rounds: options.rounds, concurrency: options.concurrency },
  );

  const inputs = all.slice(2 * warmups, 2 * warmups + fullSize);
  const mean = (values: number[]) =>
    Math.round(values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length));
  const msPerImage = (t: Throughput) => 60_000 / t.perMinute;
  const e = median(embeddedMs);
  const q = median(queueMs);
  return {
    database: 'postgres',
    size: 'full',
    image: {
      width: options.width,
      height: options.height,
      meanInputBytes: mean(inputs.map((image) => image.length)),
      meanOutputBytes: mean(sides.flatMap((s) => s.done.map((removal) => removal.bytes))),
    },
    concurrency: options.concurrency,
    defaultEngineWorkers: defaultWorkers,
    oneWorker: {
      embedded: embeddedOne,
      queue: queueOne,
      overheadPct: round1((embeddedOne.perMinute / queueOne.perMinute - 1) * 100),
      overheadMsPerImage: Math.round(msPerImage(queueOne) - msPerImage(embeddedOne)),
    },
    twoWorkers: {
      embedded: embeddedTwo,
      queue: queueTwo,
      speedup: Number((queueTwo.perMinute / embeddedTwo.perMinute).toFixed(2)),
    },
    latency: {
      samples: options.latencySamples,
      embeddedMs: Math.round(e),
      queueMs: Math.round(q),
      addedMs: Math.round(q - e),
      addedPct: round1(((q - e) / e) * 100),
    },
    litresBought: bundles * 200,
  };
}
