// `npm run bench -w packages/engine [-- --json] [--sizes 1mp,12mp,39mp] [--repeat N] [--rounds R]`
// On the same images: the bare network (floor), our engine (full, fresh preview, preview with the
// mask cached, fresh preview after a pause: IDLE_MS in images.ts) and the peer
// @imgly/background-removal-node (removeBackground, PNG). Every scenario runs in its own child
// process so that peak RSS figures do not mix; ours (the default budget and 'lean') and the peer's
// children alternate for R rounds. The machine is shared, so the headline figures are the best run
// of each (the least disturbed estimate of each pipeline's cost); medians are reported too. The floor is the fastest bare network run measured in the run, whichever way:
// the original model with ORT's defaults, our rewritten model with the arena on or off (each at the
// thread counts tried), or in our engine's workers between our runs (so that both see the same load).
import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  ALLOCATOR_KEYS,
  allocatorEnv,
  hugePagesChoice,
  hugePagesRequested,
  memoryKept,
  PAGE_SIZE_VARIABLE,
  withAllocatorEnv,
} from '../src/allocator.mjs';
import { benchImage, IDLE_MS, SIZES, type SizeKey } from './images.ts';

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

// Our engine runs as `npm start` runs the server: with its glibc malloc settings (allocator.mjs),
// huge pages as this machine's probe chose them. The peer runs as its package ships, in the default
// environment; one extra run of each with the other's environment shows what the settings alone
// are worth, and one of ours with the other page size what the probe's choice is worth.
const tuned = await allocatorEnv(process.env);
const hugePages = hugePagesRequested(tuned);
// Where the probe found fresh pages slow, the default ('auto') keeps the process's memory and is
// 'max': 'lean' never keeps it, and 'fast' is measured beside it.
const kept = memoryKept(tuned);
const leanEnv = await allocatorEnv({ ...process.env, ENGINE_MEMORY: 'lean' });
const fastEnv = kept ? await allocatorEnv({ ...process.env, ENGINE_MEMORY: 'fast' }) : null;
// The probe's figures, read back from where allocatorEnv kept them (none where GLIBC_TUNABLES was set).
const probe = process.env.GLIBC_TUNABLES === undefined ? (await hugePagesChoice()).probe : null;
const allocator = { huge_pages: hugePages, memory_kept: kept, probe };
const untuned = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !ALLOCATOR_KEYS.includes(key)),
);
const otherPages = withAllocatorEnv(
  { ...untuned, [PAGE_SIZE_VARIABLE]: hugePages ? '4k' : '2m' },
  !hugePages,
  kept,
);
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
// Every way we know of running the bare network, best of 3 each: the fastest is the floor.
const reference = await run('floor', '-', 3);
const bare = Object.entries(reference.runs).map(([way, runs]) => [way, best(runs)] as const);
// The int8 network runs previews only: it is measured beside the floor, never part of it.
const floorWays = Object.fromEntries(bare.filter(([way]) => !way.startsWith('int8_')));
const int8Ways = Object.fromEntries(bare.filter(([way]) => way.startsWith('int8_')));
console.log(`bare session.run, best of 3 each: ${bare.map(([way, ms]) => `${way} ${ms} ms`).join(', ')}`);

interface Row {
  ours: ChildReport;
  peer: ChildReport;
  /** Ours with the other arena setting than the one the engine chose: 'lean', or one run with the arena. */
  other: ChildReport;
  /** Ours in the 'lean' budget (arena off, no int8 previews), measured as often as the default. */
  lean: ChildReport;
  /** Fresh previews on the int8 network with the photo's aspect kept (off by default). */
  previewAspect: ChildReport;
  /** Fresh previews on the float network (as before int8 previews). */
  previewFloat: ChildReport;
  /** Ours in the default environment, and the peer with our malloc settings: one run each. */
  oursUntuned: ChildReport;
  peerTuned: ChildReport;
  /** Ours with the page size the probe did not choose. */
  oursOtherPages: ChildReport;
  /** Where the default keeps the process's memory ('max'): ours in 'fast', which does not. */
  oursFast: ChildReport | null;
  floor: number;
}
const arenaOf = (report: ChildReport) =>
  (report.info.session as { memoryArena?: boolean } | undefined)?.memoryArena === true;
const rows: Record<string, Row> = {};
for (const size of sizes) {
  let ours: ChildReport | null = null;
  let lean: ChildReport | null = null;
  let peer: ChildReport | null = null;
  const peerRepeat = size === '1mp' ? repeat : 1;
  // 'lean' is the budget for the memory target, so its speed is measured as the default's is
  // (best of rounds x repeat, alternating), not from one run.
  for (let r = 0; r < rounds; r++) {
    ours = merge(ours, await run('ours', size, repeat));
    lean = merge(lean, await run('ours-arena-off', size, repeat, leanEnv));
    peer = merge(peer, await run('peer', size, peerRepeat));
  }
  const o = ours as ChildReport;
  const l = lean as ChildReport;
  const p = peer as ChildReport;
  // With huge pages the default may leave the arena off too, and differ from 'lean' only by the int8 previews.
  const other = arenaOf(o) ? l : await run('ours-arena-on', size, 1);
  const previewAspect = await run('ours-aspect-preview', size, repeat);
  const previewFloat = await run('ours-float-preview', size, repeat);
  const oursUntuned = await run('ours', size, 1, untuned);
  const peerTuned = await run('peer', size, 1, tuned);
  const oursOtherPages = await run('ours', size, repeat, otherPages);
  const oursFast = fastEnv ? await run('ours', size, repeat, fastEnv) : null;
  // The fastest bare run measured in this run, whichever way: in our workers or in the floor child.
  const floor = Math.min(
    best(o.runs.floor),
    best(l.runs.floor),
    best(other.runs.floor),
    ...Object.values(floorWays),
  );
  rows[size] = {
    ours: o,
    peer: p,
    other,
    lean: l,
    previewAspect,
    previewFloat,
    oursUntuned,
    peerTuned,
    oursOtherPages,
    oursFast,
    floor,
  };
  const setting = (report: ChildReport) => `arena ${arenaOf(report) ? 'on' : 'off'}`;
  console.log(
    [
      `\n${size}: input ${SIZES[size].width}x${SIZES[size].height}, our output ${o.info.output}`,
      `  session          ${JSON.stringify(o.info.session)}`,
      `  floor            ${floor} ms (fastest bare run measured); in our worker (${setting(o)}) best ${best(o.runs.floor)} ms, median ${median(o.runs.floor)} ms`,
      `  ours full        best ${best(o.runs.full)} ms, median ${median(o.runs.full)} ms   stages ${JSON.stringify(o.info.timings)}`,
      `  ours preview     best ${best(o.runs.preview)} ms fresh (${JSON.stringify(o.info.preview_network)}), ${best(previewFloat.runs.preview)} ms on the float network, ${best(previewAspect.runs.preview)} ms with the photo's aspect kept; best ${best(o.runs.cached_preview)} ms with the mask cached`,
      `  idle preview     fresh after ${IDLE_MS / 1000} s without work: best ${best(o.runs.idle_preview)} ms, median ${median(o.runs.idle_preview)} ms; on the float network best ${best(previewFloat.runs.idle_preview)} ms, median ${median(previewFloat.runs.idle_preview)} ms`,
      `  peer full        best ${best(p.runs.full)} ms, median ${median(p.runs.full)} ms`,
      `  peak RSS         ours ${o.peak_rss_mb} MB, peer ${p.peak_rss_mb} MB`,
      `  page size        ${hugePages ? '2 MB' : '4 KB'} (this machine's probe: ${JSON.stringify(allocator.probe)}); with ${hugePages ? '4 KB' : '2 MB'} pages: full ${best(oursOtherPages.runs.full)} ms, fresh preview ${best(oursOtherPages.runs.preview)} ms, after ${IDLE_MS / 1000} s without work ${best(oursOtherPages.runs.idle_preview)} ms (median ${median(oursOtherPages.runs.idle_preview)}), peak RSS ${oursOtherPages.peak_rss_mb} MB`,
      `  malloc settings  ours without them ${oursUntuned.peak_rss_mb} MB; peer with them ${peerTuned.peak_rss_mb} MB (RSS ours/peer both with them ${ratio(o.peak_rss_mb, peerTuned.peak_rss_mb)}, both without ${ratio(oursUntuned.peak_rss_mb, p.peak_rss_mb)})`,
      `  memory kept      ${oursFast ? `yes (the probe's 4 KB pages are slow: 'auto' is 'max'); 'fast', which gives it back: full ${best(oursFast.runs.full)} ms (median ${median(oursFast.runs.full)}), fresh preview ${best(oursFast.runs.preview)} ms, after ${IDLE_MS / 1000} s without work ${best(oursFast.runs.idle_preview)} ms, peak RSS ${oursFast.peak_rss_mb} MB` : 'no'}`,
      `  ${setting(other)} (the other setting)  full ${best(other.runs.full)} ms (in-worker floor ${best(other.runs.floor)} ms), peak RSS ${other.peak_rss_mb} MB`,
      `  lean budget      full best ${best(l.runs.full)} ms (${ratio(best(l.runs.full), floor)} of the floor), median ${median(l.runs.full)} ms, fresh preview ${best(l.runs.preview)} ms, peak RSS ${l.peak_rss_mb} MB (${ratio(l.peak_rss_mb, p.peak_rss_mb)} of the peer's)`,
      `  ours/floor ${ratio(best(o.runs.full), floor)} (against our own session's ${ratio(best(o.runs.full), best(o.runs.floor))}), ours/peer ${ratio(best(o.runs.full), best(p.runs.full))}, RSS ours/peer ${ratio(o.peak_rss_mb, p.peak_rss_mb)}, fresh preview float/default ${ratio(best(previewFloat.runs.preview), best(o.runs.preview))}, aspect/default ${ratio(best(previewAspect.runs.preview), best(o.runs.preview))}, cached/fresh preview ${ratio(best(o.runs.cached_preview), best(o.runs.preview))}`,
    ].join('\n'),
  );
}

if (args.includes('--json')) {
  const bySize: Record<string, unknown> = {};
  for (const [size, row] of Object.entries(rows)) {
    const {
      ours,
      peer,
      other,
      lean,
      previewAspect,
      previewFloat,
      oursUntuned,
      peerTuned,
      oursOtherPages,
      oursFast,
    } = row;
    bySize[size] = {
      floor_ms: row.floor,
      session_floor_ms: best(ours.runs.floor),
      ours_full_ms: best(ours.runs.full),
      ours_preview_ms: best(ours.runs.preview),
      ours_preview_float_ms: best(previewFloat.runs.preview),
      ours_preview_aspect_ms: best(previewAspect.runs.preview),
      ours_cached_preview_ms: best(ours.runs.cached_preview),
      ours_idle_preview_ms: best(ours.runs.idle_preview),
      ours_idle_preview_float_ms: best(previewFloat.runs.idle_preview),
      peer_full_ms: best(peer.runs.full),
      ours_peak_rss_mb: ours.peak_rss_mb,
      peer_peak_rss_mb: peer.peak_rss_mb,
      ours_peak_rss_mb_default_malloc: oursUntuned.peak_rss_mb,
      peer_peak_rss_mb_with_our_malloc_settings: peerTuned.peak_rss_mb,
      session: ours.info.session,
      other_setting: {
        memory_arena: arenaOf(other),
        full_ms: best(other.runs.full),
        floor_ms: best(other.runs.floor),
        peak_rss_mb: other.peak_rss_mb,
      },
      other_page_size: {
        huge_pages: !hugePages,
        full_ms: best(oursOtherPages.runs.full),
        fresh_preview_ms: best(oursOtherPages.runs.preview),
        idle_preview_ms: best(oursOtherPages.runs.idle_preview),
        idle_preview_median_ms: median(oursOtherPages.runs.idle_preview),
        peak_rss_mb: oursOtherPages.peak_rss_mb,
      },
      fast_without_kept_memory: oursFast && {
        full_ms: best(oursFast.runs.full),
        full_median_ms: median(oursFast.runs.full),
        fresh_preview_ms: best(oursFast.runs.preview),
        idle_preview_ms: best(oursFast.runs.idle_preview),
        peak_rss_mb: oursFast.peak_rss_mb,
      },
      lean: {
        full_ms: best(lean.runs.full),
        fresh_preview_ms: best(lean.runs.preview),
        peak_rss_mb: lean.peak_rss_mb,
      },
      medians: {
        floor: median(ours.runs.floor),
        ours_full: median(ours.runs.full),
        lean_full: median(lean.runs.full),
        peer_full: median(peer.runs.full),
        ours_idle_preview: median(ours.runs.idle_preview),
        ours_idle_preview_float: median(previewFloat.runs.idle_preview),
      },
      output: ours.info.output,
    };
  }
  const twelve = rows['12mp'];
  const summary = {
    floor_ms: twelve?.floor ?? Number.NaN,
    floor_ways_ms: floorWays,
    int8_bare_ms: int8Ways,
    allocator,
    session_floor_ms: twelve ? best(twelve.ours.runs.floor) : Number.NaN,
    ours: {
      full_12mp_ms: twelve ? best(twelve.ours.runs.full) : Number.NaN,
      full_over_floor: twelve ? ratio(best(twelve.ours.runs.full), twelve.floor) : Number.NaN,
      preview_12mp_ms: twelve ? best(twelve.ours.runs.preview) : Number.NaN,
      fresh_preview_12mp_ms: twelve ? best(twelve.ours.runs.preview) : Number.NaN,
      fresh_preview_12mp_float_ms: twelve ? best(twelve.previewFloat.runs.preview) : Number.NaN,
      fresh_preview_speedup: twelve
        ? ratio(best(twelve.previewFloat.runs.preview), best(twelve.ours.runs.preview))
        : Number.NaN,
      fresh_preview_12mp_idle_ms: twelve ? best(twelve.ours.runs.idle_preview) : Number.NaN,
      fresh_preview_12mp_float_idle_ms: twelve ? best(twelve.previewFloat.runs.idle_preview) : Number.NaN,
      fresh_preview_idle_speedup: twelve
        ? ratio(best(twelve.previewFloat.runs.idle_preview), best(twelve.ours.runs.idle_preview))
        : Number.NaN,
      fresh_preview_12mp_aspect_ms: twelve ? best(twelve.previewAspect.runs.preview) : Number.NaN,
      cached_preview_ms: twelve ? best(twelve.ours.runs.cached_preview) : Number.NaN,
      peak_rss_mb: twelve?.ours.peak_rss_mb ?? Number.NaN,
      peak_rss_mb_default_malloc: twelve?.oursUntuned.peak_rss_mb ?? Number.NaN,
      session: twelve?.ours.info.session,
      lean_full_12mp_ms: twelve ? best(twelve.lean.runs.full) : Number.NaN,
      lean_full_over_floor: twelve ? ratio(best(twelve.lean.runs.full), twelve.floor) : Number.NaN,
      lean_peak_rss_mb: twelve?.lean.peak_rss_mb ?? Number.NaN,
      lean_peak_rss_over_peer: twelve ? ratio(twelve.lean.peak_rss_mb, twelve.peer.peak_rss_mb) : Number.NaN,
    },
    peer: {
      full_12mp_ms: twelve ? best(twelve.peer.runs.full) : Number.NaN,
      peak_rss_mb: twelve?.peer.peak_rss_mb ?? Number.NaN,
      peak_rss_mb_with_our_malloc_settings: twelve?.peerTuned.peak_rss_mb ?? Number.NaN,
    },
    reference_ort_defaults_ms: floorWays[`original_ort_defaults_${Math.min(os.availableParallelism(), 4)}t`],
    cpu: os.cpus()[0]?.model,
    sizes: bySize,
    method: `best of ${rounds}x${repeat} runs (peer: ${rounds}x1 above 1 MP), ${os.availableParallelism()} cores`,
  };
  console.log(JSON.stringify(summary));
}
