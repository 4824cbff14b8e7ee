// glibc's malloc settings for processes that run the engine. By default glibc raises its mmap and
// trim thresholds as large blocks are freed (up to 32 and 64 MB) and gives threads arenas of their
// own, so the memory of one removal (network scratch, decode buffers, typed arrays) stays in the
// process and piles up under the next one: ~60 MB after the model loads and ~50 MB more per 12 MP
// removal. Fixed thresholds hand large frees back to the system, two arenas bound the rest.
//
// Memory handed back must be faulted in again by the next removal, 4 KB at a time: ~68,000 faults
// per network run without ORT's arena (its ~260 MB of activations), ~10% of the run. glibc's
// `hugetlb=1` tunable asks the kernel for transparent huge pages (2 MB) on the blocks it maps, where
// the kernel allows them on request (`/sys/kernel/mm/transparent_hugepage/enabled` is `madvise` or
// `always`): ~1,700 faults per run, and the network runs without the arena as fast as with it
// (README, "Huge pages"). Where the kernel refuses them nothing changes.
//
// They are read when a process starts, so a launcher sets them for the process it starts
// (scripts/start.mjs); other allocators and C libraries ignore them. Values already in the
// environment win.

import { readFileSync } from 'node:fs';

/** @type {Readonly<Record<string, string>>} */
export const ALLOCATOR_ENV = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: String(1024 * 1024),
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
});

/**
 * `env` with the allocator settings added where it does not set them itself.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function withAllocatorEnv(env = process.env) {
  return { ...ALLOCATOR_ENV, ...env };
}

/**
 * Whether `env` asks glibc for transparent huge pages (ALLOCATOR_ENV's tunable, or one set by hand):
 * the network's speed without ORT's arena depends on it, so a calibration records it.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean}
 */
export function hugePagesRequested(env = process.env) {
  return /(^|:)glibc\.malloc\.hugetlb=[12](:|$)/.test(env.GLIBC_TUNABLES ?? '');
}

/** Where Linux says whether it gives transparent huge pages: always, on request (madvise) or never. */
export const THP_ENABLED_FILE = '/sys/kernel/mm/transparent_hugepage/enabled';

/**
 * Whether glibc's blocks get huge pages: `env` asks for them and the kernel grants them on request
 * (`madvise`, as on Debian, or `always`; a missing file, as off Linux, counts as never). Then a
 * network run without ORT's arena makes ~1,700 page faults, not ~68,000, and the arena buys whole
 * removals nothing (README, "Session settings chosen per machine").
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [enabledFile]
 * @returns {boolean}
 */
export function hugePagesGranted(env = process.env, enabledFile = THP_ENABLED_FILE) {
  if (!hugePagesRequested(env)) return false;
  try {
    return /\[(madvise|always)\]/.test(readFileSync(enabledFile, 'utf8'));
  } catch {
    return false;
  }
}
