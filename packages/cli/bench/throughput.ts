// Images per minute of `cutout remove --size full` on a folder of 1 MP photos: through a real server
// (PGlite, real engine, an account with bought litres) and with --local, at --concurrency 1 and 2.
//   npm run bench -w packages/cli [-- --json] [--images 50] [--only remote|local]
// Each remote run gets photos of its own: the server caches network masks per account, and a
// second run on the same bytes would measure the cache. Local runs start a fresh process each. The
// server's engine is loaded before the first timing (a free preview); the command's own start-up
// and, with --local, its model load are part of every run's time.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CutoutClient } from '@cutout/sdk';
import type { RunReport } from '../src/report.ts';
import { benchFolder, benchPhoto, benchSize } from './images.ts';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, images: { type: 'string' }, only: { type: 'string' } },
});
const count = Number(values.images ?? 50);
const modes = values.only ? [values.only] : ['remote', 'local'];
const log = (line: string) => {
  if (!values.json) console.error(line);
};

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cacheDir = path.join(repoRoot, '.cache', 'cli-bench');
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Row {
  mode: string;
  concurrency: number;
  images: number;
  wallSeconds: number;
  imagesPerMinute: number;
  meanMsPerImage: number;
  litres: number;
}

/** One `cutout remove` run, timed from spawn to exit (start-up and, for --local, the model load included). */
async function measure(options: {
  mode: string;
  concurrency: number;
  folder: string;
  env: Record<string, string>;
}) {
  const out = path.join(os.tmpdir(), `cutout-bench-out-${process.pid}`);
  const report = `${out}.json`;
  await rm(out, { recursive: true, force: true });
  const args = ['remove', options.folder, '--out', out, '--size', 'full', '-c', String(options.concurrency)];
  if (options.mode === 'local') args.push('--local');
  args.push('--report', report, '--quiet');
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  const result = JSON.parse(await readFile(report, 'utf8')) as RunReport;
  await rm(out, { recursive: true, force: true });
  await rm(report, { force: true });
  if (code !== 0 || result.totals.done !== count)
    throw new Error(`run failed (exit ${code}): ${JSON.stringify(result.totals)}`);
  const mean = result.files.reduce((sum, file) => sum + file.ms, 0) / result.files.length;
  const row: Row = {
    mode: options.mode,
    concurrency: options.concurrency,
    images: count,
    wallSeconds: Math.round(seconds * 10) / 10,
    imagesPerMinute: Math.round((count / (seconds / 60)) * 10) / 10,
    meanMsPerImage: Math.round(mean),
    litres: result.totals.litres,
  };
  log(`${row.mode} -c ${row.concurrency}: ${row.imagesPerMinute} images/min (${row.wallSeconds} s)`);
  return row;
}

/** The real server on PGlite with an account holding 5 + 50 × bundles litres, and its key. */
async function startServer(bundles: number) {
  // By a computed path: this package's type check does not take in the server's sources.
  const harnessPath = new URL('../../../apps/server/src/test/harness.ts', import.meta.url).href;
  const harness = await import(harnessPath);
  const t = await harness.createTestApp('pglite', { API_REQUESTS_PER_MINUTE: '100000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token: string = await harness.registerUser(t, 'bench@example.com');
  for (let i = 0; i < bundles; i++)
    await harness.buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_50', quantity: 1 }]);
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/stores/actions/remove-background/issueToken',
    headers: { authorization: token },
    payload: { label: 'bench' },
  });
  const port = (t.app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const key = issued.json().value as string;
  // The server starts its engine on the first removal: a free preview loads it before any timing.
  const warmUp = await benchPhoto(1);
  await new CutoutClient({ baseUrl: `${url}/api/v1`, apiKey: key }).removeBackground(warmUp, {
    size: 'preview',
  });
  return { url, key, close: () => t.close() as Promise<void> };
}

log(`making ${2 * count} photos of ${benchSize.width}x${benchSize.height} in ${cacheDir}…`);
const folders = [
  await benchFolder(path.join(cacheDir, `a-${count}`), count, 1000),
  await benchFolder(path.join(cacheDir, `b-${count}`), count, 5000),
];
const rows: Row[] = [];
if (modes.includes('remote')) {
  log('starting the server (real engine) and buying litres…');
  const server = await startServer(Math.ceil((2 * count) / 50));
  try {
    const env = { CUTOUT_SERVER: server.url, CUTOUT_API_KEY: server.key };
    rows.push(await measure({ mode: 'remote', concurrency: 1, folder: folders[0]!, env }));
    rows.push(await measure({ mode: 'remote', concurrency: 2, folder: folders[1]!, env }));
  } finally {
    await server.close();
  }
}
if (modes.includes('local')) {
  rows.push(await measure({ mode: 'local', concurrency: 1, folder: folders[0]!, env: {} }));
  rows.push(await measure({ mode: 'local', concurrency: 2, folder: folders[1]!, env: {} }));
}

const machine = {
  cores: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  node: process.version,
  date: new Date().toISOString(),
};
if (values.json) {
  console.log(JSON.stringify({ machine, image: benchSize, rows }, null, 2));
} else {
  console.log(`\n${machine.cores} cores, ${machine.cpu}, node ${machine.node}, ${machine.date}`);
  console.log('| mode | --concurrency | images | wall time | images/min | mean per image |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.mode} | ${row.concurrency} | ${row.images} | ${row.wallSeconds} s | ${row.imagesPerMinute} | ${(row.meanMsPerImage / 1000).toFixed(1)} s |`,
    );
  }
}
process.exit(0);
