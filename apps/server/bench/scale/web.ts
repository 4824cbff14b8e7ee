// Part 2: the web tier without inference, on PGlite and on PostgreSQL: store info and the catalogue
// list (the seeded catalogue's first page, as served: pages shared for CATALOG_CACHE_SECONDS=10, and
// cold: every request reads the database) with autocannon, a fixed number of connections each.
import autocannon from 'autocannon';
import { startServer } from './processes.ts';
import type { BenchRun } from './run.ts';

export interface WebOptions {
  /** Seconds each scenario is measured (a fifth of it more to warm up before). */
  duration: number;
  connections: number;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface WebScenarioResult {
  scenario: string;
  database: DatabaseKind;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Errors, timeouts (no answer in autocannon's 10 s) and answers other than 2xx: zero in a valid run. */
  failures: number;
  timeouts: number;
  non2xx: number;
}

interface Scenario {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

const storeInfo: Scenario = { name: 'store info', path: '/api/stores/fetchStoreInfo', method: 'GET' };
const list = (name: string): Scenario => ({
  name,
  path: '/api/stores/products/fetchProductTradeOfferList',
  method: 'POST',
  body: '{}',
});

/** Each server setting and what is measured on it. */
const setups = [
  { cacheSeconds: '10', scenarios: [storeInfo, list('catalogue list, shared pages')] },
  { cacheSeconds: '0', scenarios: [list('catalogue list, cold')] },
];

async function measure(base: string, scenario: Scenario, options: WebOptions) {
  const result = await autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method,
    connections: options.connections,
    duration: options.duration,
    headers: { 'content-type': 'application/json', origin: base },
    ...(scenario.body && { body: scenario.body }),
  });
  return {
    rps: Number(result.requests.average.toFixed(1)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function webPart(run: BenchRun, options: WebOptions): Promise<WebScenarioResult[]> {
  const results: WebScenarioResult[] = [];
  for (const database of ['pglite', 'postgres'] as const) {
    const databaseEnv: Record<string, string> =
      database === 'postgres' ? { DATABASE_URL: await run.postgres() } : {};
    for (const setup of setups) {
      const server = await startServer(run, {
        name: `web-${database}-cache-${setup.cacheSeconds}`,
        env: { ...databaseEnv, CATALOG_CACHE_SECONDS: setup.cacheSeconds },
      });
      try {
        for (const scenario of setup.scenarios) {
          // The first requests compile the path and fill the pools: not what a running server sees.
          await measure(server.base, scenario, { ...options, duration: Math.max(1, options.duration / 5) });
          results.push({
            scenario: scenario.name,
            database,
            ...(await measure(server.base, scenario, options)),
          });
        }
      } finally {
        await server.stop();
      }
    }
  }
  return results;
}
