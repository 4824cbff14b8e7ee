// glibc's malloc settings for processes that run the engine. By default glibc raises its mmap and
// trim thresholds as large blocks are freed (up to 32 and 64 MB) and gives threads arenas of their
// own, so the memory of one removal (network scratch, decode buffers, typed arrays) stays in the
// process and piles up under the next one: ~60 MB after the model loads and ~50 MB more per 12 MP
// removal. Fixed thresholds hand large frees back to the system, two arenas bound the rest.
//
// Memory handed back must be taken again by the next removal, and what that costs depends on the
// machine, mostly on the host under a VM (README, "Huge pages" and "Idle pauses"):
// - in 4 KB pages: ~68,000 faults per network run without ORT's arena (its ~260 MB of
//   activations), at 0.25-18 µs each on the machines measured;
// - in 2 MB pages (glibc's `hugetlb=1` tunable asks the kernel for transparent huge pages on the
//   blocks it maps, where `/sys/kernel/mm/transparent_hugepage/enabled` is `madvise` or `always`):
//   ~1,700 faults per run, next to nothing where the freed pages are still the guest's, but where
//   the host takes back what a guest frees (virtio-balloon free page reporting, in 2 MB blocks),
//   a huge page is slow to get back: 6× the cost of the same memory in 4 KB pages after a 3 s
//   pause on one VM, while on another VM a 4 KB fault cost 15-18 µs and huge pages were 50× cheaper.
// So huge pages are asked for where a probe on this machine found them cheaper (hugePagesChoice):
// 64 MB taken, given back and taken again in each page size, right away and after a pause; the
// answer is kept in the model cache, once per machine.
//
// They are read when a process starts, so a launcher sets them for the process it starts
// (scripts/start.mjs, launch.mjs); other allocators and C libraries ignore them. Values already in
// the environment win.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultCacheDir } from './cache-dir.mjs';

/**
 * The settings every engine process gets (huge pages are chosen per machine: HUGE_PAGES_TUNABLE).
 * @type {Readonly<Record<string, string>>}
 */
export const ALLOCATOR_ENV = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: String(1024 * 1024),
});

/**
 * What the `max` budget adds: glibc hands nothing back (no block mapped on its own, no trimming), so
 * a removal reuses the pages the last one faulted in. Where a fresh page is slow to fault in
 * (slowPageFaults) that is ~10% of a 12 MP removal, for ~0.3 GB more held between requests (README,
 * "Memory kept where faults are slow"). glibc still maps a block on its own where a thread's arena
 * cannot hold it (over 64 MB: a 39 MP photo's pixels).
 * @type {Readonly<Record<string, string>>}
 */
export const KEEP_MEMORY_ENV = Object.freeze({
  MALLOC_MMAP_MAX_: '0',
  MALLOC_TRIM_THRESHOLD_: String(4 * 1024 ** 3),
});

/** Set by allocatorEnv where the process keeps its memory (KEEP_MEMORY_ENV): `auto` is `max` then. */
export const KEEP_MEMORY_VARIABLE = 'ENGINE_KEEP_MEMORY';

/**
 * From this cost of a fresh 4 KB page (the probe's, right away) the `auto` budget keeps memory:
 * the engine's own threshold for its kernels' memory (pipeline/kernels.ts, SLOW_PAGE_FAULT_MICROS).
 * Measured: 1.3-2.8 µs on most VMs, 13-18 µs on some Zen 5 hosts.
 */
export const SLOW_PAGE_FAULT_MICROS = 6;

/** The tunable that makes glibc ask for transparent huge pages on the blocks it maps. */
export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/**
 * Set by allocatorEnv where the probe chose the page size ('4k' or '2m'): then the engine's `fast`
 * budget keeps ORT's arena off without calibrating it, as with huge pages.
 */
export const PAGE_SIZE_VARIABLE = 'ENGINE_PAGE_SIZE';

/** Every variable the settings use: an environment without them runs glibc's defaults. */
export const ALLOCATOR_KEYS = Object.freeze([
  ...new Set([...Object.keys(ALLOCATOR_ENV), ...Object.keys(KEEP_MEMORY_ENV)]),
  'GLIBC_TUNABLES',
  PAGE_SIZE_VARIABLE,
  KEEP_MEMORY_VARIABLE,
]);

/**
 * `env` with the allocator settings added where it does not set them itself, huge pages asked for
 * when `hugePages`, and memory kept (KEEP_MEMORY_ENV) when `keepMemory`: then a value equal to
 * ALLOCATOR_ENV's, as the container image sets it, gives way to the kept memory's.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {boolean} [hugePages]
 * @param {boolean} [keepMemory]
 * @returns {NodeJS.ProcessEnv}
 */
export function withAllocatorEnv(env = process.env, hugePages = false, keepMemory = false) {
  const own = keepMemory
    ? Object.fromEntries(
        Object.entries(env).filter(
          ([key, value]) => !(key in KEEP_MEMORY_ENV && value === ALLOCATOR_ENV[key]),
        ),
      )
    : env;
  return {
    ...ALLOCATOR_ENV,
    ...(keepMemory && { ...KEEP_MEMORY_ENV, [KEEP_MEMORY_VARIABLE]: '1' }),
    ...(hugePages && { GLIBC_TUNABLES: HUGE_PAGES_TUNABLE }),
    ...own,
  };
}

/**
 * The environment for a process that runs the engine on this machine: `env` with the allocator
 * settings, and huge pages where this machine's probe chose them (unless `env` sets GLIBC_TUNABLES
 * itself: then nothing is probed).
 * @param {NodeJS.ProcessEnv} [env]
 * @param {ChoiceOptions} [options]
 * @returns {Promise<NodeJS.ProcessEnv>}
 */
export async function allocatorEnv(env = process.env, options = {}) {
  if (env.GLIBC_TUNABLES !== undefined) return withAllocatorEnv(env, false, keepsMemory(env, null));
  const { hugePages, probe } = await hugePagesChoice(options);
  // The engine reads which page size was measured best (engine.ts, chooseSession).
  const chosen = probe ? { [PAGE_SIZE_VARIABLE]: hugePages ? '2m' : '4k' } : {};
  return withAllocatorEnv({ ...chosen, ...env }, hugePages, keepsMemory(env, probe, options.totalMemory));
}

/**
 * Whether a fresh 4 KB page took SLOW_PAGE_FAULT_MICROS or more to fault in, in the probe's best
 * run right away.
 * @param {ReuseProbe} probe
 * @returns {boolean}
 */
export function slowPageFaults(probe) {
  const pages = (probe.mb * 1024) / 4;
  return (Math.min(...probe.small.hotMs) * 1000) / pages >= SLOW_PAGE_FAULT_MICROS;
}

/**
 * Memory per inference worker from which the `auto` budget is `fast` (engine.ts, memoryBudget).
 */
export const FAST_MEMORY_PER_WORKER = 2 * 1024 ** 3;

/**
 * The inference workers an engine starts by default on `cores` (engine.ts): one per 4 threads.
 * @param {number} cores
 * @returns {number}
 */
export function defaultWorkers(cores) {
  return Math.max(1, Math.floor(cores / Math.min(cores, 4)));
}

/**
 * Whether the engine's process keeps its memory (KEEP_MEMORY_ENV): asked for (ENGINE_MEMORY=max),
 * or by `auto` where the probe found fresh pages slow and the machine has `fast`'s memory per worker
 * (ENGINE_WORKERS, else the default). Never for `lean` or `fast` given.
 * @param {NodeJS.ProcessEnv} env
 * @param {ReuseProbe | null} probe
 * @param {number} [totalMemory]
 * @returns {boolean}
 */
export function keepsMemory(env, probe, totalMemory = os.totalmem()) {
  const budget = env.ENGINE_MEMORY ?? 'auto';
  if (budget === 'max') return true;
  if (budget !== 'auto' || !probe || !slowPageFaults(probe)) return false;
  const workers = Number(env.ENGINE_WORKERS) || defaultWorkers(os.availableParallelism());
  return totalMemory / workers >= FAST_MEMORY_PER_WORKER;
}

/**
 * Whether `env` says the launcher kept this process's memory (KEEP_MEMORY_ENV).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean}
 */
export function memoryKept(env = process.env) {
  return env[KEEP_MEMORY_VARIABLE] === '1';
}

/**
 * Whether `env` says the launcher's probe found 4 KB pages cheaper to take again than huge pages.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean}
 */
export function smallPagesChosen(env = process.env) {
  return env[PAGE_SIZE_VARIABLE] === '4k';
}

/**
 * Whether `env` asks glibc for transparent huge pages (HUGE_PAGES_TUNABLE, or one set by hand): the
 * network's speed without ORT's arena depends on it, so a calibration records it.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean}
 */
export function hugePagesRequested(env = process.env) {
  return /(^|:)glibc\.malloc\.hugetlb=[12](:|$)/.test(env.GLIBC_TUNABLES ?? '');
}

/** Where Linux says whether it gives transparent huge pages: always, on request (madvise) or never. */
export const THP_ENABLED_FILE = '/sys/kernel/mm/transparent_hugepage/enabled';

/**
 * Whether the kernel gives transparent huge pages on request (`madvise`, as on Debian, or `always`;
 * a missing file, as off Linux, counts as never).
 * @param {string} [enabledFile]
 * @returns {boolean}
 */
export function hugePagesOnRequest(enabledFile = THP_ENABLED_FILE) {
  try {
    return /\[(madvise|always)\]/.test(readFileSync(enabledFile, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Whether glibc's blocks get huge pages: `env` asks for them and the kernel grants them on request.
 * Then a network run without ORT's arena makes ~1,700 page faults, not ~68,000 (README, "Session
 * settings chosen per machine").
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [enabledFile]
 * @returns {boolean}
 */
export function hugePagesGranted(env = process.env, enabledFile = THP_ENABLED_FILE) {
  return hugePagesRequested(env) && hugePagesOnRequest(enabledFile);
}

/**
 * Milliseconds to take 64 MB in one page size: twice right after the last was given back, then
 * once after a pause without work.
 * @typedef {{ hotMs: number[], pausedMs: number, hugeKb: number }} ReuseCost
 */

/**
 * What the probe measured, per page size.
 * @typedef {{ mb: number, pauseMs: number, small: ReuseCost, huge: ReuseCost }} ReuseProbe
 */

/**
 * The choice kept per machine: huge pages or not, and what it was made from (null: not measured).
 * @typedef {{ version: number, machine: string, hugePages: boolean, probe: ReuseProbe | null }} HugePagesChoice
 */

/**
 * @typedef {object} ChoiceOptions
 * @property {string} [cacheDir] where the choice is kept (default: the model cache)
 * @property {string} [enabledFile] the kernel's THP setting (THP_ENABLED_FILE)
 * @property {() => Promise<ReuseProbe>} [probe] the measurement (default: probeMemoryReuse())
 * @property {(message: string) => void} [log] told before a measurement (a launcher's console)
 * @property {number} [totalMemory] the machine's memory (default: os.totalmem())
 */

const CHOICE_VERSION = 1;

/** The probe's child: takes `mb` MB three times (given back between), the third after `pauseMs`. */
const PROBE_SCRIPT = `
const [mb, pauseMs] = process.argv.slice(1).map(Number);
const fs = require('node:fs');
let hugeKb = 0;
function take() {
  let block = Buffer.alloc(mb * 1024 * 1024);
  const start = performance.now();
  for (let i = 0; i < block.length; i += 4096) block[i] = 1;
  const ms = performance.now() - start;
  const rollup = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
  hugeKb = Math.max(hugeKb, Number(/AnonHugePages:\\s+(\\d+)/.exec(rollup)?.[1] ?? 0));
  block = null;
  globalThis.gc();
  return Math.round(ms * 10) / 10;
}
take();
const hotMs = [take(), take()];
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
const pausedMs = take();
console.log(JSON.stringify({ hotMs, pausedMs, hugeKb }));`;

/**
 * Measures what taking memory again costs in each page size: a child process per setting, one after
 * the other (their memory must not meet), each taking `mb` MB from malloc, writing one byte per 4 KB,
 * giving it back, three times, then once more after `pauseMs` (the host's free page reporting acts
 * within about 2 s). ~2 × (pauseMs + 0.5 s).
 * @param {{ mb?: number, pauseMs?: number }} [options]
 * @returns {Promise<ReuseProbe>}
 */
export async function probeMemoryReuse(options = {}) {
  const mb = options.mb ?? 64;
  const pauseMs = options.pauseMs ?? 3000;
  /** @param {boolean} hugePages */
  const cost = async (hugePages) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '-e', PROBE_SCRIPT, String(mb), String(pauseMs)],
      { env: withAllocatorEnv({}, hugePages), timeout: pauseMs + 60_000 },
    );
    return /** @type {ReuseCost} */ (JSON.parse(stdout));
  };
  const small = await cost(false);
  const huge = await cost(true);
  return { mb, pauseMs, small, huge };
}

/**
 * Whether huge pages cost less to take again than 4 KB pages: the mean right away plus the cost
 * after the pause, so that a busy server and one whose requests come seconds apart count alike.
 * Never where the huge pages were not granted.
 * @param {ReuseProbe} probe
 * @returns {boolean}
 */
export function hugePagesPay(probe) {
  /** @param {ReuseCost} c */
  const total = (c) => c.hotMs.reduce((a, b) => a + b, 0) / c.hotMs.length + c.pausedMs;
  return probe.huge.hugeKb > 0 && total(probe.huge) < total(probe.small);
}

/**
 * What identifies a machine for the kept choice: its CPU, kernel, memory and THP setting. Moved to
 * another host of the same kind, a cache keeps a choice measured elsewhere (delete the file to
 * measure again).
 * @param {string} [enabledFile]
 * @returns {string}
 */
export function machineSignature(enabledFile = THP_ENABLED_FILE) {
  let thp = 'none';
  try {
    thp = readFileSync(enabledFile, 'utf8').trim();
  } catch {}
  // A VM's CPU may be named only by its vendor ("AMD EPYC"): the family and model tell it apart.
  let cpu = '';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    cpu = ['cpu family', 'model']
      .map((field) => new RegExp(`^${field}\\s*: (.*)$`, 'm').exec(info)?.[1] ?? '')
      .join('/');
  } catch {}
  return [os.cpus()[0]?.model ?? os.arch(), cpu, os.release(), os.totalmem(), thp].join(' | ');
}

/**
 * The file that keeps this machine's choice in `cacheDir`.
 * @param {string} cacheDir
 * @param {string} [enabledFile]
 * @returns {string}
 */
export function choiceFile(cacheDir, enabledFile = THP_ENABLED_FILE) {
  return fileFor(cacheDir, machineSignature(enabledFile));
}

/**
 * @param {string} cacheDir
 * @param {string} machine machineSignature()
 */
function fileFor(cacheDir, machine) {
  const key = createHash('sha256').update(machine).digest('hex').slice(0, 16);
  return path.join(cacheDir, `allocator-${key}.json`);
}

/**
 * Huge pages or not on this machine: never where the kernel refuses them; else as kept in the cache,
 * or measured now (probeMemoryReuse, ~7 s) and kept. A failed probe keeps huge pages (the setting
 * before there was a probe), with a warning; a cache that cannot be written measures again at the
 * next start.
 * @param {ChoiceOptions} [options]
 * @returns {Promise<HugePagesChoice>}
 */
export async function hugePagesChoice(options = {}) {
  const enabledFile = options.enabledFile ?? THP_ENABLED_FILE;
  const machine = machineSignature(enabledFile);
  if (!hugePagesOnRequest(enabledFile))
    return { version: CHOICE_VERSION, machine, hugePages: false, probe: null };
  const file = fileFor(options.cacheDir ?? defaultCacheDir(), machine);
  try {
    const kept = /** @type {HugePagesChoice} */ (JSON.parse(readFileSync(file, 'utf8')));
    if (kept.version === CHOICE_VERSION && kept.machine === machine && typeof kept.hugePages === 'boolean')
      return kept;
  } catch {}
  let probe;
  options.log?.('Measuring how this machine takes memory back, once (~7 s)…');
  try {
    probe = await (options.probe ?? probeMemoryReuse)();
  } catch (err) {
    process.emitWarning(`memory probe failed, asking for huge pages: ${/** @type {Error} */ (err).message}`);
    return { version: CHOICE_VERSION, machine, hugePages: true, probe: null };
  }
  const choice = { version: CHOICE_VERSION, machine, hugePages: hugePagesPay(probe), probe };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(choice)}\n`);
    renameSync(temporary, file);
  } catch (err) {
    process.emitWarning(`memory probe not kept: ${/** @type {Error} */ (err).message}`);
  }
  return choice;
}
