// `npm run bench -w packages/engine [-- --json] [--sizes 1mp,12mp,39mp] [--repeat N] [--rounds R]`
// On the same images: the bare network (floor), our engine (full, fresh preview, preview with the
// mask cached) and the peer @imgly/background-removal-node (removeBackground, PNG). Every scenario
// runs in its own child process so that peak RSS figures do not mix; ours and the peer's children
// alternate for R rounds. The machine is shared, so the headline figures are the best run of each
// (the least disturbed estimate of each pipeline's cost); medians are reported too. The floor is
// timed inside our engine's worker between our runs, so that both see the same load.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ALLOCATOR_ENV, withAllocatorEnv } from '../src/allocator.mjs';
import { benchImage, SIZES, type SizeKey } from './images.ts';

interface ChildReport {
  runs: Record<string, number[]>;
  info: Record<string, unknown>;
  peak_rss_mb: number;
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (option('--sizes') ?? '1mp,12mp,39mp').split(',') as SizeKey[];
const repeat = Number(option('--repeat') ?? 2);
const rounds = Number(option('--rounds') ?? 2);

// Our engine runs as `npm start` runs the server: with its glibc malloc settings (allocator.mjs).
// The peer runs as its package ships, in the default environment; one extra run of each with the
// other's environment shows what the settings alone are worth.
const tuned = withAllocatorEnv(process.env);
const untuned = Object.fromEntries(Object.entries(process.env).filter(([key]) => !(key in ALLOCATOR_ENV)));
const child = fileURLToPath(new URL('./child.ts', import.meta.url));
async function run(
  scenario: string,
  size: SizeKey | '-',
  times: number,
  env: NodeJS.ProcessEnv = scenario.startsWith('peer') ? untuned : tuned,
): Promise<ChildReport> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', child, scenario, size, String(times)],
    { maxBuffer: 16 * 1024 * 1024, timeout: 30 * 60_000, env },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ChildReport;
}
function merge(into: ChildReport | null, next: ChildReport): ChildReport {
  if (!into) return next;
  for (const [k, v] of Object.entries(next.runs)) into.runs[k] = [...(into.runs[k] ?? []), ...v];
  return { runs: into.runs, info: next.info, peak_rss_mb: Math.max(into.peak_rss_mb, next.peak_rss_mb) };
}
const best = (xs: number[] | undefined) => (xs?.length ? Math.min(...xs) : Number.NaN);
const median = (xs: number[] | undefined) => {
  if (!xs?.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length / 2;
  return Number.isInteger(m) ? Math.round((s[m - 1]! + s[m]!) / 2) : s[Math.floor(m)]!;
};
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

for (const size of ['1mp', ...sizes] as SizeKey[]) await benchImage(size);
console.log(
  `${os.availableParallelism()} cores; per size ${rounds} rounds x ${repeat} runs, ours and peer alternating`,
);
const reference = await run('floor', '-', 3);
console.log(
  `reference: session.run with ORT defaults on the original model: best ${best(reference.runs.session_run_ort_defaults)} ms`,
);

interface Row {
  ours: ChildReport;
  peer: ChildReport;
  arena: ChildReport;
  /** Ours in the default environment, and the peer with our malloc settings: one run each. */
  oursUntuned: ChildReport;
  peerTuned: ChildReport;
}
const rows: Record<string, Row> = {};
for (const size of sizes) {
  let ours: ChildReport | null = null;
  let peer: ChildReport | null = null;
  const peerRepeat = size === '1mp' ? repeat : 1;
  for (let r = 0; r < rounds; r++) {
    ours = merge(ours, await run('ours', size, repeat));
    peer = merge(peer, await run('peer', size, peerRepeat));
  }
  const arena = await run('ours-arena', size, 1);
  const oursUntuned = await run('ours', size, 1, untuned);
  const peerTuned = await run('peer', size, 1, tuned);
  rows[size] = { ours: ours as ChildReport, peer: peer as ChildReport, arena, oursUntuned, peerTuned };
  const { ours: o, peer: p } = rows[size];
  const floor = best(o.runs.floor);
  // The same network with ORT's memory arena: the fastest bare run we know of this model.
  const fastFloor = Math.min(floor, best(arena.runs.floor));
  console.log(
    [
      `\n${size}: input ${SIZES[size].width}x${SIZES[size].height}, our output ${o.info.output}`,
      `  floor (bare session.run in our worker)  best ${floor} ms, median ${median(o.runs.floor)} ms`,
      `  ours full        best ${best(o.runs.full)} ms, median ${median(o.runs.full)} ms   stages ${JSON.stringify(o.info.timings)}`,
      `  ours preview     best ${best(o.runs.preview)} ms fresh; best ${best(o.runs.cached_preview)} ms with the mask cached`,
      `  peer full        best ${best(p.runs.full)} ms, median ${median(p.runs.full)} ms`,
      `  peak RSS         ours ${o.peak_rss_mb} MB, peer ${p.peak_rss_mb} MB`,
      `  malloc settings  ours without them ${oursUntuned.peak_rss_mb} MB; peer with them ${peerTuned.peak_rss_mb} MB (RSS ours/peer both with them ${ratio(o.peak_rss_mb, peerTuned.peak_rss_mb)}, both without ${ratio(oursUntuned.peak_rss_mb, p.peak_rss_mb)})`,
      `  memoryArena on   full ${best(arena.runs.full)} ms (floor ${best(arena.runs.floor)} ms), peak RSS ${arena.peak_rss_mb} MB`,
      `  ours/floor ${ratio(best(o.runs.full), floor)} (against the arena's faster floor ${ratio(best(o.runs.full), fastFloor)}), ours/peer ${ratio(best(o.runs.full), best(p.runs.full))}, RSS ours/peer ${ratio(o.peak_rss_mb, p.peak_rss_mb)}, cached/fresh preview ${ratio(best(o.runs.cached_preview), best(o.runs.preview))}`,
    ].join('\n'),
  );
}

if (args.includes('--json')) {
  const bySize: Record<string, unknown> = {};
  for (const [size, { ours, peer, arena, oursUntuned, peerTuned }] of Object.entries(rows)) {
    bySize[size] = {
      floor_ms: best(ours.runs.floor),
      ours_full_ms: best(ours.runs.full),
      ours_preview_ms: best(ours.runs.preview),
      ours_cached_preview_ms: best(ours.runs.cached_preview),
      peer_full_ms: best(peer.runs.full),
      ours_peak_rss_mb: ours.peak_rss_mb,
      peer_peak_rss_mb: peer.peak_rss_mb,
      ours_peak_rss_mb_default_malloc: oursUntuned.peak_rss_mb,
      peer_peak_rss_mb_with_our_malloc_settings: peerTuned.peak_rss_mb,
      ours_with_arena: {
        full_ms: best(arena.runs.full),
        floor_ms: best(arena.runs.floor),
        peak_rss_mb: arena.peak_rss_mb,
      },
      medians: {
        floor: median(ours.runs.floor),
        ours_full: median(ours.runs.full),
        peer_full: median(peer.runs.full),
      },
      output: ours.info.output,
    };
  }
  const twelve = rows['12mp'];
  const summary = {
    floor_ms: twelve ? best(twelve.ours.runs.floor) : Number.NaN,
    fast_floor_ms: twelve
      ? Math.min(best(twelve.ours.runs.floor), best(twelve.arena.runs.floor))
      : Number.NaN,
    ours: {
      full_12mp_ms: twelve ? best(twelve.ours.runs.full) : Number.NaN,
      preview_12mp_ms: twelve ? best(twelve.ours.runs.preview) : Number.NaN,
      cached_preview_ms: twelve ? best(twelve.ours.runs.cached_preview) : Number.NaN,
      peak_rss_mb: twelve?.ours.peak_rss_mb ?? Number.NaN,
      peak_rss_mb_default_malloc: twelve?.oursUntuned.peak_rss_mb ?? Number.NaN,
    },
    peer: {
      full_12mp_ms: twelve ? best(twelve.peer.runs.full) : Number.NaN,
      peak_rss_mb: twelve?.peer.peak_rss_mb ?? Number.NaN,
      peak_rss_mb_with_our_malloc_settings: twelve?.peerTuned.peak_rss_mb ?? Number.NaN,
    },
    reference_ort_defaults_ms: best(reference.runs.session_run_ort_defaults),
    sizes: bySize,
    method: `best of ${rounds}x${repeat} runs (peer: ${rounds}x1 above 1 MP), ${os.availableParallelism()} cores`,
  };
  console.log(JSON.stringify(summary));
}
