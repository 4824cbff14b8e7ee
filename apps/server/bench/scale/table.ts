// The scale bench's results as one plain-text table: part, what was measured, the value, and its
// ratio to the baseline of the same run (or the target it is held to).
import type { InferenceResult } from './inference.ts';
import type { SoakResult } from './soak.ts';
import type { WebScenarioResult } from './web.ts';

export interface ScaleReport {
  machine: {
    cpu?: string;
    cores: number;
    memoryGb: number;
    date: string;
    loadAtStart?: string;
    loadAtEnd?: string;
  };
  inference?: InferenceResult;
  web?: WebScenarioResult[];
  soak?: SoakResult;
}

type Row = [part: string, what: string, value: string, ratio: string];

const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

function inferenceRows(r: InferenceResult): Row[] {
  const { oneWorker: one, twoWorkers: two, latency } = r;
  const rate = (t: { perMinute: number; images: number; seconds: number }) =>
    `${t.perMinute.toFixed(1)} img/min (${t.images} in ${t.seconds} s)`;
  const sign = (value: number) => (value >= 0 ? `+${value}` : `${value}`);
  const defaultLabel = `embedded default (${r.defaultEngineWorkers} engine worker${r.defaultEngineWorkers === 1 ? '' : 's'} here)`;
  return [
    ['inference', 'embedded pool, ENGINE_WORKERS=1', rate(one.embedded), '1.00 (baseline)'],
    [
      'inference',
      'queue, 1 worker process (ENGINE_WORKERS=1)',
      rate(one.queue),
      `${(one.queue.perMinute / one.embedded.perMinute).toFixed(2)}; overhead ${sign(one.overheadPct)}% ` +
        `(${sign(one.overheadMsPerImage)} ms) per image, target < 5%: ${verdict(one.overheadPct < 5)}`,
    ],
    ['inference', defaultLabel, rate(two.embedded), '1.00 (baseline)'],
    [
      'inference',
      'queue, 2 worker processes (ENGINE_WORKERS=1 each)',
      rate(two.queue),
      `${two.speedup.toFixed(2)} (vs the embedded default)`,
    ],
    [
      'inference',
      `one request at a time, median of ${latency.samples}`,
      `embedded ${latency.embeddedMs} ms, queue ${latency.queueMs} ms`,
      `queue adds ${sign(latency.addedMs)} ms (${sign(latency.addedPct)}%)`,
    ],
  ];
}

function webRows(results: WebScenarioResult[]): Row[] {
  const rows: Row[] = [];
  const scenarios = [...new Set(results.map((r) => r.scenario))];
  for (const scenario of scenarios) {
    const on = (database: string) => results.find((r) => r.scenario === scenario && r.database === database);
    const lite = on('pglite');
    const postgres = on('postgres');
    const value = (r: WebScenarioResult) =>
      `${r.rps.toFixed(0)} req/s, p99 ${r.p99Ms} ms` +
      (r.failures ? ` (${r.failures} FAILED, ${r.timeouts} of them timed out)` : '');
    if (lite) rows.push(['web', `${scenario}, PGlite`, value(lite), '1.00 (baseline)']);
    if (postgres)
      rows.push([
        'web',
        `${scenario}, PostgreSQL`,
        value(postgres),
        lite
          ? `req/s ${(postgres.rps / lite.rps).toFixed(2)}, p99 ${(postgres.p99Ms / lite.p99Ms).toFixed(2)}`
          : '',
      ]);
  }
  return rows;
}

function soakRows(s: SoakResult): Row[] {
  const perMinute = ((s.previews / s.seconds) * 60).toFixed(1);
  return [
    ['soak', `${s.previews} previews in a row, 1 worker`, `${s.seconds} s (${perMinute} img/min)`, ''],
    [
      'soak',
      `worker RSS after image ${s.rss.earlyAfter} → ${s.previews}`,
      `${s.rss.earlyMb} → ${s.rss.endMb} MB (max ${s.rss.maxMb})`,
      `${s.rss.growthPct >= 0 ? '+' : ''}${s.rss.growthPct}%, target < 10%: ${verdict(s.pass.memory)}`,
    ],
    [
      'soak',
      'requests sent / answered 200 / jobs completed / failed',
      `${s.sent} / ${s.answered200} / ${s.queue.completedEvents} / ${s.queue.failedEvents + s.queue.failedKept}`,
      `no job lost: ${verdict(s.pass.noJobLost)}`,
    ],
    [
      'soak',
      `litres for ${s.litres.sample} full-size removals`,
      `${s.litres.before} → ${s.litres.after} (X-Credits-Charged sum ${s.litres.headerSum})`,
      `charged ${s.litres.charged}, exactly ${s.litres.sample}: ${verdict(s.pass.chargedOnce)}`,
    ],
  ];
}

export function printTable(report: ScaleReport): void {
  const { machine, inference, web, soak } = report;
  console.log(
    `Scale-out bench: ${machine.cpu ?? 'unknown CPU'}, ${machine.cores} cores, ${machine.memoryGb} GB, ` +
      `${machine.date} (load average ${machine.loadAtStart} at start, ${machine.loadAtEnd} at the end)`,
  );
  if (inference)
    console.log(
      `inference: ${inference.image.width}×${inference.image.height} generated JPEGs (${kb(inference.image.meanInputBytes)} in, ` +
        `${kb(inference.image.meanOutputBytes)} PNG out), size=full paid with litres bought through the store API ` +
        `(demo card), PostgreSQL, ${inference.concurrency} requests in flight, the two sides of each pair in alternate batches`,
    );
  if (web)
    console.log(
      'web: autocannon against one server process each, seeded catalogue; PGlite on disk (DATA_DIR)',
    );
  if (soak)
    console.log(
      `soak: ${soak.image.width}×${soak.image.height} size=preview (free) through the queue on PostgreSQL, then ` +
        `${soak.litres.sample} size=full for the litres`,
    );
  const rows: Row[] = [
    ['part', 'measured', 'value', 'ratio / target'],
    ...(inference ? inferenceRows(inference) : []),
    ...(web ? webRows(web) : []),
    ...(soak ? soakRows(soak) : []),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (row: Row) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? cell.length)).join(' | ')} |`;
  console.log(line(rows[0] as Row));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|${'-'.repeat(16)}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}
