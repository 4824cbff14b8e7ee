// glibc's malloc settings for processes that run the engine. By default glibc raises its mmap and
// trim thresholds as large blocks are freed (up to 32 and 64 MB) and gives threads arenas of their
// own, so the memory of one removal (network scratch, decode buffers, typed arrays) stays in the
// process and piles up under the next one: ~60 MB after the model loads and ~50 MB more per 12 MP
// removal. Fixed thresholds hand large frees back to the system, two arenas bound the rest. They are
// read when a process starts, so a launcher sets them for the process it starts (scripts/start.mjs);
// other allocators and C libraries ignore them. Values already in the environment win.

/** @type {Readonly<Record<string, string>>} */
export const ALLOCATOR_ENV = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: String(1024 * 1024),
});

/**
 * `env` with the allocator settings added where it does not set them itself.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function withAllocatorEnv(env = process.env) {
  return { ...ALLOCATOR_ENV, ...env };
}
