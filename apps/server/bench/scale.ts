// Scale-out, measured on real processes (`npm run bench:scale`): web servers started as
// `node --import tsx apps/server/src/main.ts`, inference workers as `apps/server/src/worker.ts`, on
// Redis and a scratch PostgreSQL database, driven only through HTTP. Three parts, one table:
//   inference  full-size removals per minute: embedded pool vs queue with 1 and 2 worker processes
//   web        store info and the catalogue list under autocannon, PGlite vs PostgreSQL
//   soak       removals in a row through the queue: worker memory, lost jobs, litres charged once
// Every ratio is against a baseline measured in the same run. `--json` prints one JSON object as the
// last line. Everything started is stopped and removed at the end (processes, temp folders, the
// database, the Redis keys under the run's QUEUE_PREFIX), also on failure or Ctrl-C.
//
//   --only inference,web,soak   the parts to run (all)
//   --images N       full-size requests per inference configuration (24)
//   --rounds N       alternate batches they are split into (3)
//   --concurrency N  requests in flight during inference (4)
//   --latency N      single requests per side for the added latency (4)
//   --duration S     seconds per web scenario (10)
//   --connections N  autocannon connections (50)
//   --soak N         previews in a row (500)
//   --soak-full N    full-size removals after them, checked against the litres (20)
//   --redis URL      (REDIS_URL, else redis://127.0.0.1:6379)
//   --postgres URL   a server to make the scratch database on (BENCH_DATABASE_URL, TEST_DATABASE_URL,
//                    else postgres://postgres@127.0.0.1:5432/test)
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type InferenceResult, inferencePart } from './scale/inference.ts';
import { BenchRun } from './scale/run.ts';
import { type SoakResult, soakPart } from './scale/soak.ts';
import { printTable } from './scale/table.ts';
import { type WebScenarioResult, webPart } from './scale/web.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    only: { type: 'string', default: 'inference,web,soak' },
    images: { type: 'string', default: '24' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
    latency: { type: 'string', default: '4' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    soak: { type: 'string', default: '500' },
    'soak-full': { type: 'string', default: '20' },
    redis: { type: 'string' },
    postgres: { type: 'string' },
  },
});
const parts = new Set(values.only.split(',').map((part) => part.trim()));
for (const part of parts)
  if (!['inference', 'web', 'soak'].includes(part)) throw new Error(`--only: unknown part "${part}"`);
const count = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: a whole number of at least 1`);
  return value;
};

const machine = {
  cpu:
    (() => {
      try {
        return execFileSync('lscpu', { encoding: 'utf8' })
          .match(/^Model name:\s*(.+)$/m)?.[1]
          ?.trim();
      } catch {
        return undefined;
      }
    })() ?? os.cpus()[0]?.model,
  cores: os.availableParallelism(),
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  date: new Date().toISOString(),
  loadAtStart: os.loadavg()[0]?.toFixed(1),
};

const run = new BenchRun({
  redisUrl: values.redis ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  postgresUrl:
    values.postgres ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test',
});
// Children die with the bench, however it ends; a signal runs the clean-up first.
process.on('exit', () => run.killChildren());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void run.close().finally(() => process.exit(130));
  });
}

const results: { inference?: InferenceResult; web?: WebScenarioResult[]; soak?: SoakResult } = {};
let failed = false;
try {
  if (parts.has('inference')) {
    console.error('inference: starting the servers and workers…');
    results.inference = await inferencePart(run, {
      images: count('images'),
      rounds: count('rounds'),
      concurrency: count('concurrency'),
      latencySamples: count('latency'),
      width: 1200,
      height: 834,
    });
  }
  if (parts.has('web')) {
    console.error('web: autocannon on PGlite and PostgreSQL…');
    results.web = await webPart(run, { duration: count('duration'), connections: count('connections') });
  }
  if (parts.has('soak')) {
    console.error(`soak: ${count('soak')} previews in a row through the queue…`);
    results.soak = await soakPart(run, {
      count: count('soak'),
      fullSample: count('soak-full'),
      width: 640,
      height: 480,
    });
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.close();
}

const report = {
  bench: 'scale-out',
  machine: { ...machine, loadAtEnd: os.loadavg()[0]?.toFixed(1) },
  ...results,
};
printTable(report);
if (values.json) console.log(JSON.stringify(report));
process.exit(failed ? 1 : 0);
