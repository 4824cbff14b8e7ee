// The catalogue list through HTTP (POST /api/stores/products/fetchProductTradeOfferList) on a
// generated catalogue of 10 000 products: requests per second and p50/p99 latency per scenario,
// with 20 concurrent clients, in two modes: cold (CATALOG_CACHE_SECONDS=0, every request reads the
// database) and shared (pages shared for 10 s, as served by default), and the ratio between them.
// PGlite in memory always; PostgreSQL too when BENCH_DATABASE_URL or DATABASE_URL is set (a scratch
// database is created on that server for the run and dropped after).
// `--json` prints one JSON object as the last line.
//
//   BENCH_CATALOG_PRODUCTS   products to generate (10000)
//   BENCH_CATALOG_REQUESTS   requests per scenario (1000; a fifth of it with the shared pages off)
//   BENCH_CATALOG_CLIENTS    concurrent clients (20)
//   BENCH_CATALOG_ANALYZE=1  analyze PGlite's tables too before the run (PostgreSQL's always are)
//   BENCH_CATALOG_KEEP=1     keep the scratch PostgreSQL database (to EXPLAIN its queries after)
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import {
  productGroups,
  products,
  tradeOfferFeatureItemPrices,
  tradeOfferFeatureItems,
  tradeOfferPrices,
  tradeOffers,
} from '../src/modules/catalog/catalog.schema.ts';
import { seedCatalog } from '../src/modules/catalog/catalog.seed.ts';
import { seedStore } from '../src/modules/store/store.seed.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type Db, openDatabase } from '../src/platform/db/client.ts';

const json = process.argv.includes('--json');
const productCount = Number(process.env.BENCH_CATALOG_PRODUCTS ?? 10_000);
const requestsPerScenario = Number(process.env.BENCH_CATALOG_REQUESTS ?? 1000);
const clients = Number(process.env.BENCH_CATALOG_CLIENTS ?? 20);
const targetP99Ms = 50;
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';

// ---------------------------------------------------------------------------------------------
// A scratch PostgreSQL database for the run, when a server is given.

async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cutout_bench_catalog_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      if (process.env.BENCH_CATALOG_KEEP === '1') {
        console.error(`kept ${scratch.toString()}`);
        return;
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The generated catalogue: names and descriptions drawn from word lists in English and Russian.

// A small deterministic generator, so that every run sees the same catalogue.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const words = (list: readonly string[], n: number) => Array.from({ length: n }, () => pick(list)).join(' ');

// Pairs (en, ru) so that a product's two names say the same thing.
const nouns: Array<[string, string]> = [
  ['backdrop', 'фон'],
  ['tripod', 'штатив'],
  ['light box', 'лайтбокс'],
  ['softbox', 'софтбокс'],
  ['reflector', 'отражатель'],
  ['turntable', 'поворотный стол'],
  ['lamp', 'лампа'],
  ['panel', 'панель'],
  ['stand', 'стойка'],
  ['clamp', 'зажим'],
  ['umbrella', 'зонт'],
  ['diffuser', 'рассеиватель'],
  ['tent', 'палатка'],
  ['table', 'стол'],
  ['mount', 'крепление'],
  ['filter', 'фильтр'],
  ['lens', 'объектив'],
  ['cable', 'кабель'],
  ['battery', 'аккумулятор'],
  ['bag', 'сумка'],
  ['gift card', 'подарочная карта'],
  ['litre bundle', 'пакет литров'],
  ['ring light', 'кольцевая лампа'],
  ['bracket', 'кронштейн'],
];
const adjectives: Array<[string, string]> = [
  ['white', 'белый'],
  ['black', 'чёрный'],
  ['grey', 'серый'],
  ['green', 'зелёный'],
  ['folding', 'складной'],
  ['portable', 'портативный'],
  ['professional', 'профессиональный'],
  ['compact', 'компактный'],
  ['large', 'большой'],
  ['small', 'маленький'],
  ['seamless', 'бесшовный'],
  ['paper', 'бумажный'],
  ['vinyl', 'виниловый'],
  ['wireless', 'беспроводной'],
  ['rotating', 'вращающийся'],
  ['bright', 'яркий'],
  ['soft', 'мягкий'],
  ['aluminium', 'алюминиевый'],
  ['studio', 'студийный'],
  ['matte', 'матовый'],
];
const enFiller = [
  'for',
  'product',
  'photography',
  'shooting',
  'images',
  'with',
  'even',
  'light',
  'shadows',
  'background',
  'removal',
  'clean',
  'sweep',
  'colour',
  'camera',
  'phone',
  'marketplace',
  'catalogue',
  'studio',
  'home',
  'kit',
  'sturdy',
  'quick',
  'setup',
  'durable',
  'easy',
  'carry',
  'packed',
  'adjustable',
  'height',
  'angle',
  'stable',
  'rotation',
  'speed',
  'warm',
  'cold',
  'daylight',
  'temperature',
  'brightness',
  'remote',
];
const ruFiller = [
  'для',
  'предметной',
  'съёмки',
  'товаров',
  'изображений',
  'с',
  'ровным',
  'светом',
  'без',
  'теней',
  'удаление',
  'фона',
  'чистый',
  'цвет',
  'камеры',
  'телефона',
  'маркетплейса',
  'каталога',
  'студии',
  'дома',
  'набор',
  'прочный',
  'быстрая',
  'установка',
  'надёжный',
  'удобно',
  'переносить',
  'регулируемая',
  'высота',
  'угол',
  'устойчивый',
  'вращение',
  'скорость',
  'тёплый',
  'холодный',
  'дневной',
  'температура',
  'яркость',
  'пульт',
  'упаковка',
];

// Two top groups of the bench, each with five subgroups; products go into the subgroups.
const benchGroups = ['gear', 'digital'].flatMap((top, t) => [
  { id: `bench_${top}`, parentId: null, slug: `bench-${top}`, name: { en: top, ru: top }, priority: 100 + t },
  ...Array.from({ length: 5 }, (_, s) => ({
    id: `bench_${top}_${s}`,
    parentId: `bench_${top}`,
    slug: `bench-${top}-${s}`,
    name: { en: `${top} ${s}`, ru: `${top} ${s}` },
    priority: s,
  })),
]);
const leafGroups = benchGroups.filter((group) => group.parentId !== null).map((group) => group.id);

async function generateCatalogue(db: Db, count: number): Promise<void> {
  await db.insert(productGroups).values(benchGroups).onConflictDoNothing();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const productRows: Array<typeof products.$inferInsert> = [];
    const offerRows: Array<typeof tradeOffers.$inferInsert> = [];
    const priceRows: Array<typeof tradeOfferPrices.$inferInsert> = [];
    const itemRows: Array<typeof tradeOfferFeatureItems.$inferInsert> = [];
    const itemPriceRows: Array<typeof tradeOfferFeatureItemPrices.$inferInsert> = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) {
      const [adjEn, adjRu] = pick(adjectives);
      const [nounEn, nounRu] = pick(nouns);
      const [adj2En, adj2Ru] = pick(adjectives);
      const id = `bench_product_${i}`;
      productRows.push({
        id,
        slug: `bench-product-${i}`,
        type: 'goods',
        unitId: 'units.piece',
        groupId: pick(leafGroups),
        name: { en: `${adjEn} ${adj2En} ${nounEn} ${i}`, ru: `${adjRu} ${adj2Ru} ${nounRu} ${i}` },
        caption: { en: words(enFiller, 4), ru: words(ruFiller, 4) },
        description: {
          en: `${words(enFiller, 12)} ${nounEn} ${words(enFiller, 12)}`,
          ru: `${words(ruFiller, 12)} ${nounRu} ${words(ruFiller, 12)}`,
        },
        article: `BN-${i}`,
        priority: Math.floor(random() * 1000),
      });
      const offerId = `bench_offer_${i}`;
      offerRows.push({
        id: offerId,
        productId: id,
        availableQuantity: Math.floor(random() * 100),
        priority: 0,
      });
      const rub = 10_000 + Math.floor(random() * 2_000_000);
      priceRows.push(
        { tradeOfferId: offerId, currencyId: 'RUB', amountMinor: rub },
        { tradeOfferId: offerId, currencyId: 'USD', amountMinor: Math.round(rub / 90) },
        { tradeOfferId: offerId, currencyId: 'EUR', amountMinor: Math.round(rub / 100) },
      );
      // One product in three comes in two colours, one in five in two sizes.
      const features: Array<[string, string, string, string]> = [];
      if (i % 3 === 0)
        features.push(['colour', 'white', 'White', 'Белый'], ['colour', 'black', 'Black', 'Чёрный']);
      if (i % 5 === 0) features.push(['size', 'm', 'M', 'M'], ['size', 'l', 'L', 'L']);
      features.forEach(([featureId, value, en, ru], priority) => {
        const itemId = `${offerId}_${featureId}_${value}`;
        itemRows.push({
          id: itemId,
          tradeOfferId: offerId,
          featureId,
          value,
          displayName: { en, ru },
          priority,
        });
        const itemRub = rub + priority * 10_000;
        itemPriceRows.push(
          { featureItemId: itemId, currencyId: 'RUB', amountMinor: itemRub },
          { featureItemId: itemId, currencyId: 'USD', amountMinor: Math.round(itemRub / 90) },
          { featureItemId: itemId, currencyId: 'EUR', amountMinor: Math.round(itemRub / 100) },
        );
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(productRows);
      await tx.insert(tradeOffers).values(offerRows);
      await tx.insert(tradeOfferPrices).values(priceRows);
      if (itemRows.length) await tx.insert(tradeOfferFeatureItems).values(itemRows);
      if (itemPriceRows.length) await tx.insert(tradeOfferFeatureItemPrices).values(itemPriceRows);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The run.

interface Scenario {
  name: string;
  /** The list request's body; a baseline names its own GET path instead. */
  body?: object;
  path?: string;
  headers?: Record<string, string>;
}

const scenarios: Scenario[] = [
  { name: 'default list (16)', body: {} },
  { name: 'search ru', body: { search: 'складной фон' }, headers: { 'x-locale-id': 'ru' } },
  { name: 'search en', body: { search: 'portable tri' }, headers: { 'x-locale-id': 'en' } },
  { name: 'group filter', body: { groupId: 'bench-gear' } },
  { name: 'price range', body: { priceFrom: 500_000, priceTo: 600_000 } },
  { name: 'page 50', body: { filter: { skip: 49 * 16, limit: 16 } } },
];

/**
 * What this machine and this client do for a request that reads nothing: the bare server, and a
 * store-scoped call with the same hooks as the list answered from memory. The list's shared pages
 * are compared with the second.
 */
const baselines: Scenario[] = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET fetchStoreInfo', path: '/api/stores/fetchStoreInfo' },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

// The clients run in a worker thread, so that their event loop is not the server's.
const clientLoop = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { url, method, body, headers, clients, total } = workerData;
let totalCount = -1;
async function once() {
  const started = performance.now();
  const response = await fetch(url, { method, body, headers });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error('HTTP ' + response.status + ' ' + text);
  if (totalCount < 0) totalCount = JSON.parse(text).totalCount ?? 0;
  return ms;
}
(async () => {
  // Every client keeps one request in flight until the count is reached.
  async function round(count, latencies) {
    let issued = 0;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (issued < count) {
        issued += 1;
        latencies.push(await once());
      }
    }));
  }
  // Warm up (a tenth of the run, at least a round of every client): the first loads and the
  // compiler's work on the path are not what a running server's clients see.
  await round(Math.max(clients, Math.round(total / 10)), []);
  const latencies = [];
  const started = performance.now();
  await round(total, latencies);
  parentPort.postMessage({ latencies, ms: performance.now() - started, totalCount });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

async function drive(base: string, scenario: Scenario, total: number) {
  const worker = new Worker(clientLoop, {
    eval: true,
    workerData: {
      url: `${base}${scenario.path ?? '/api/stores/products/fetchProductTradeOfferList'}`,
      method: scenario.path ? 'GET' : 'POST',
      body: scenario.path ? undefined : JSON.stringify(scenario.body ?? {}),
      headers: scenario.path
        ? { ...scenario.headers }
        : { 'content-type': 'application/json', ...scenario.headers },
      clients,
      total,
    },
  });
  const result = await new Promise<{ latencies: number[]; ms: number; totalCount: number; error?: string }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  if (result.error) throw new Error(`${scenario.name}: ${result.error}`);
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    requests: total,
    total_count: result.totalCount,
    rps: Number((total / (result.ms / 1000)).toFixed(1)),
    p50_ms: Number(percentile(latencies, 50).toFixed(1)),
    p99_ms: Number(percentile(latencies, 99).toFixed(1)),
  };
}

/** How the list is served: every request reads the database, or pages are shared for 10 s. */
const modes = [
  { name: 'cold', cacheSeconds: '0', requests: Math.max(40, Math.round(requestsPerScenario / 5)) },
  { name: 'shared', cacheSeconds: '10', requests: requestsPerScenario },
] as const;

type ScenarioResult = Awaited<ReturnType<typeof drive>>;

/** Generates the catalogue on one database and drives every scenario in every mode against it. */
async function runOn(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await scratchDatabase(serverUrl) : null;
  const database = await openDatabase(scratch ? { url: scratch.url, dataDir: null } : { dataDir: null });
  try {
    await database.migrate();
    await seedStore(database.db);
    await seedCatalog(database.db);
    const generating = performance.now();
    await generateCatalogue(database.db, productCount);
    const generateMs = performance.now() - generating;
    // PostgreSQL's autovacuum analyzes new tables within a minute; PGlite runs no autovacuum and
    // the server never analyzes, so by default PGlite plans without statistics, as it would in use.
    const analyze = process.env.BENCH_CATALOG_ANALYZE === '1' || database.kind === 'postgres';
    if (analyze) await database.db.execute('analyze');
    const results: Record<string, ScenarioResult[]> = {};
    for (const mode of modes) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        API_REQUESTS_PER_MINUTE: '100000',
        CATALOG_CACHE_SECONDS: mode.cacheSeconds,
      });
      // The app closes its database with itself: this one outlives each mode's app.
      const app = await buildApp({ config, database: { ...database, close: async () => {} }, logger: false });
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        results[mode.name] = [];
        for (const scenario of scenarios)
          results[mode.name]?.push(await drive(base, scenario, mode.requests));
        if (mode.name === 'shared') {
          results.baseline = [];
          for (const scenario of baselines) results.baseline.push(await drive(base, scenario, mode.requests));
        }
      } finally {
        await app.close();
      }
    }
    return { kind: database.kind, generateMs, analyze, results };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

const runs = [await runOn('pglite'), ...(serverUrl ? [await runOn('postgres')] : [])];
const summaries = [];
for (const run of runs) {
  console.log(
    `catalogue list on ${run.kind}: ${productCount} products (generated in ${(run.generateMs / 1000).toFixed(1)} s), ` +
      `${clients} concurrent clients${run.analyze ? ', analyzed' : ', not analyzed'}`,
  );
  const cold = run.results.cold ?? [];
  const shared = run.results.shared ?? [];
  for (const [index, r] of shared.entries()) {
    const c = cold[index];
    if (!c) continue;
    console.log(
      `  ${r.scenario.padEnd(18)} cold ${String(c.rps).padStart(7)} req/s p99 ${String(c.p99_ms).padStart(7)} ms | ` +
        `shared ${String(r.rps).padStart(7)} req/s p99 ${String(r.p99_ms).padStart(6)} ms | ` +
        `${(r.rps / c.rps).toFixed(1)}x  (${r.total_count} match)`,
    );
  }
  const baseline = run.results.baseline ?? [];
  for (const b of baseline) {
    console.log(
      `  baseline: ${b.scenario.padEnd(20)} ${String(b.rps).padStart(7)} req/s p99 ${String(b.p99_ms).padStart(6)} ms`,
    );
  }
  const storeInfo = baseline.find((b) => b.scenario === 'GET fetchStoreInfo');
  const sharedRps = shared.reduce((sum, r) => sum + r.rps, 0) / Math.max(1, shared.length);
  if (storeInfo)
    console.log(
      `  shared list pages run at ${(sharedRps / storeInfo.rps).toFixed(2)}x the req/s of a store call answered from memory`,
    );
  const worstShared = Math.max(...shared.map((r) => r.p99_ms));
  const worstCold = Math.max(...cold.map((r) => r.p99_ms));
  const pass = worstShared < targetP99Ms;
  console.log(
    `  target: p99 under ${targetP99Ms} ms at ${clients} concurrent clients, as served (shared pages): ` +
      `${pass ? 'pass' : 'FAIL'} (worst p99 ${worstShared} ms; every request reading the database: ${worstCold} ms)`,
  );
  summaries.push({
    database: run.kind,
    analyzed: run.analyze,
    cold,
    shared,
    baseline,
    worst_p99_ms: { cold: worstCold, shared: worstShared },
    pass,
  });
}
if (json) {
  console.log(
    JSON.stringify({
      bench: 'catalogue list',
      products: productCount,
      clients,
      requests_per_scenario: requestsPerScenario,
      target_p99_ms: targetP99Ms,
      runs: summaries,
    }),
  );
}
