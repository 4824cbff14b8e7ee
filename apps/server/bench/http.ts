// The HTTP path of the public API against the bare engine, in one run on the same images:
// full-size requests per minute through POST /api/v1/removebg, and the server's added latency.
// `--json` prints one JSON object as the last line.
import { performance } from 'node:perf_hooks';
import { createEngine } from '@cutout/engine';
import { desc, eq } from 'drizzle-orm';
import { benchImage, variant } from '../../../packages/engine/bench/images.ts';
import { buildApp } from '../src/app.ts';
import { createLedgerRepo } from '../src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { litreAccount } from '../src/modules/ledger/litres.service.ts';
import { seedStore } from '../src/modules/store/store.seed.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { createTransactor } from '../src/platform/db/transactions.ts';
import { outboxMessages } from '../src/platform/messaging/outbox.schema.ts';

const json = process.argv.includes('--json');
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const engine = await createEngine();
const database = await openDatabase({ dataDir: null });
await database.migrate();
await seedStore(database.db);
const config = loadConfig({ LOG_LEVEL: 'silent', API_REQUESTS_PER_MINUTE: '100000' });
const app = await buildApp({ config, database, logger: false, engine: async () => engine });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

// A customer with an API key and enough litres.
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
const email = 'bench@example.com';
const request = await post('/api/stores/users/permissions/request?typeId=email', {
  purpose: 'user_verify',
  email,
});
const [item] = request.json().permissionItemList;
const [mail] = await database.db
  .select()
  .from(outboxMessages)
  .where(eq(outboxMessages.recipient, email))
  .orderBy(desc(outboxMessages.createdAt));
const otp = mail?.text.match(/(\d{6})/)?.[1];
await post('/api/stores/users/permissions/approve?typeId=email', {
  purpose: 'user_verify',
  permissionItemList: [{ id: item.id, otp }],
});
const [session] = (
  await post('/api/stores/users/register', {
    email,
    password: 'bench-password',
    permissionItemList: [{ id: item.id }],
  })
).json().accessTokens;
const transactor = createTransactor(database.db);
await createLedgerService({ repo: createLedgerRepo(transactor), transactor, now: () => new Date() }).credit({
  account: litreAccount(session.userId),
  kind: 'adjustment',
  amount: 10_000,
  key: 'adjustment:bench',
});
const key = (
  await post(
    '/api/stores/actions/remove-background/issueToken',
    { label: 'bench' },
    { authorization: session.id },
  )
).json().value;

const source = await benchImage('1mp');
let serial = 0;
const nextImage = () => variant(source, `http-${process.pid}-${serial++}`);

async function viaHttp(bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.set('image_file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  form.set('size', 'full');
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/removebg`, {
    method: 'POST',
    body: form,
    headers: { 'x-access-token': key },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return performance.now() - started;
}

async function bare(bytes: Buffer): Promise<number> {
  const started = performance.now();
  await engine.remove(bytes, { size: 'full' });
  return performance.now() - started;
}

// Warm both paths, then alternate them so that both see the same machine load.
await bare(await nextImage());
await viaHttp(await nextImage());
const engineMs: number[] = [];
const httpMs: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  engineMs.push(await bare(await nextImage()));
  httpMs.push(await viaHttp(await nextImage()));
}

// Throughput: as many requests in flight as there are workers, for a fixed count.
const workers = engine.stats().workers;
const total = Math.max(8, workers * 4);
const images = await Promise.all(Array.from({ length: total }, () => nextImage()));
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (next < images.length) await viaHttp(images[next++] as Buffer);
  }),
);
const perMinute = (total / (performance.now() - started)) * 60_000;

const engineMedian = median(engineMs);
const httpMedian = median(httpMs);
const addedPercent = ((httpMedian - engineMedian) / engineMedian) * 100;
console.log(`1 MP full size, ${rounds} rounds, ${workers} worker(s)`);
console.log(`  bare engine.remove   median ${engineMedian.toFixed(0)} ms`);
console.log(
  `  POST /api/v1/removebg median ${httpMedian.toFixed(0)} ms  (added ${addedPercent.toFixed(1)}%, target < 5%)`,
);
console.log(`  throughput           ${perMinute.toFixed(1)} full-size requests per minute`);
if (json) {
  console.log(
    JSON.stringify({
      engine_ms: Math.round(engineMedian),
      http_ms: Math.round(httpMedian),
      added_latency_pct: Number(addedPercent.toFixed(2)),
      requests_per_minute: Number(perMinute.toFixed(1)),
      workers,
    }),
  );
}
await app.close();
await engine.close();
