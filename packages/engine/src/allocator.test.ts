import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ALLOCATOR_ENV,
  ALLOCATOR_KEYS,
  allocatorEnv,
  choiceFile,
  HUGE_PAGES_TUNABLE,
  hugePagesChoice,
  hugePagesGranted,
  hugePagesOnRequest,
  hugePagesPay,
  KEEP_MEMORY_ENV,
  KEEP_MEMORY_VARIABLE,
  keepsMemory,
  machineSignature,
  memoryKept,
  probeMemoryReuse,
  type ReuseProbe,
  slowPageFaults,
  THP_ENABLED_FILE,
  withAllocatorEnv,
} from './allocator.mjs';

describe('allocator settings', () => {
  it('are added to an environment that lacks them, and reach a process started with it', () => {
    const env = withAllocatorEnv({ PATH: process.env.PATH });
    expect(env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '1048576' });
    expect(env.GLIBC_TUNABLES).toBeUndefined();
    expect(withAllocatorEnv({}, true).GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=1');
    const seen = execFileSync(
      process.execPath,
      ['-e', 'console.log(process.env.MALLOC_ARENA_MAX, process.env.MALLOC_TRIM_THRESHOLD_)'],
      { env, encoding: 'utf8' },
    );
    expect(seen.trim()).toBe('2 1048576');
  });

  it('leave values the environment already sets', () => {
    const env = withAllocatorEnv({ MALLOC_ARENA_MAX: '8', OTHER: 'x' });
    expect(env.MALLOC_ARENA_MAX).toBe('8');
    expect(env.MALLOC_TRIM_THRESHOLD_).toBe(ALLOCATOR_ENV.MALLOC_TRIM_THRESHOLD_);
    expect(env.OTHER).toBe('x');
    expect(withAllocatorEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, true).GLIBC_TUNABLES).toBe(
      'glibc.malloc.hugetlb=0',
    );
  });

  it('are the ones the container image sets, whose processes start through the launcher', () => {
    const dockerfile = readFileSync(new URL('../../../deploy/Dockerfile', import.meta.url), 'utf8');
    for (const [key, value] of Object.entries(ALLOCATOR_ENV)) expect(dockerfile).toContain(`${key}=${value}`);
    // Huge pages are the launcher's choice, per machine: the image does not fix them.
    expect(dockerfile).not.toContain('GLIBC_TUNABLES=');
    expect(dockerfile).toContain('CMD ["node", "packages/engine/src/launch.mjs", "apps/server/src/main.ts"]');
    const compose = readFileSync(new URL('../../../deploy/compose.yaml', import.meta.url), 'utf8');
    expect(compose).toContain('["node", "packages/engine/src/launch.mjs", "apps/server/src/worker.ts"]');
  });

  it('count huge pages as granted only where asked for and the kernel gives them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'thp-'));
    const file = (text: string) => {
      const name = path.join(dir, text.replace(/\W/g, '_'));
      writeFileSync(name, `${text}\n`);
      return name;
    };
    const asked = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' };
    try {
      expect(hugePagesGranted(asked, file('always [madvise] never'))).toBe(true);
      expect(hugePagesGranted(asked, file('[always] madvise never'))).toBe(true);
      expect(hugePagesGranted(asked, file('always madvise [never]'))).toBe(false);
      expect(hugePagesGranted(asked, path.join(dir, 'missing'))).toBe(false);
      expect(hugePagesGranted({}, file('[always] madvise never'))).toBe(false);
      expect(
        hugePagesGranted({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, file('[always] madvise never')),
      ).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Where the kernel gives transparent huge pages on request, a large block malloc maps gets them.
  it.runIf(hugePagesGranted({ GLIBC_TUNABLES: HUGE_PAGES_TUNABLE }))(
    'give a large block huge pages where the kernel allows them',
    () => {
      // 64 MB from calloc (a mapped block), written, then the process's anonymous huge pages in kB.
      const script = `
      const block = Buffer.alloc(64 * 1024 * 1024);
      block.fill(1);
      const rollup = require('node:fs').readFileSync('/proc/self/smaps_rollup', 'utf8');
      console.log(/AnonHugePages:\\s+(\\d+)/.exec(rollup)[1], block[12345]);`;
      const hugeKb = (env: NodeJS.ProcessEnv) =>
        Number(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }).split(' ')[0]);
      expect(hugeKb(withAllocatorEnv({ PATH: process.env.PATH }, true))).toBeGreaterThanOrEqual(32 * 1024);
      // Given on request only: without the setting the block gets none.
      if (readFileSync(THP_ENABLED_FILE, 'utf8').includes('[madvise]'))
        expect(hugeKb({ PATH: process.env.PATH })).toBeLessThan(32 * 1024);
    },
  );
});

/** A probe's figures: 64 MB taken twice right away and once after the pause, per page size. */
function figures(
  small: [number, number, number],
  huge: [number, number, number],
  hugeKb = 65536,
): ReuseProbe {
  const cost = ([a, b, paused]: [number, number, number], kb: number) => ({
    hotMs: [a, b],
    pausedMs: paused,
    hugeKb: kb,
  });
  return { mb: 64, pauseMs: 3000, small: cost(small, 0), huge: cost(huge, hugeKb) };
}

describe('memory kept where fresh pages are slow', () => {
  const slow = figures([262, 258, 265], [7, 7, 149]);
  const cheap = figures([22, 21, 22], [8, 8, 149]);
  const gb = 1024 ** 3;

  it('counts a 4 KB fault of 6 µs or more as slow, from the probe right away', () => {
    expect(slowPageFaults(slow)).toBe(true); // ~16 µs a page
    expect(slowPageFaults(cheap)).toBe(false); // ~1.3 µs
    expect(slowPageFaults(figures([99, 100, 22], [8, 8, 8]))).toBe(true); // 6.0 µs at best
    expect(slowPageFaults(figures([120, 97, 22], [8, 8, 8]))).toBe(false); // the best run counts: 5.9 µs
  });

  it('keeps it for the auto budget where faults are slow and memory enough, and always for max', () => {
    const workers = { ENGINE_WORKERS: '1' };
    expect(keepsMemory(workers, slow, 8 * gb)).toBe(true);
    expect(keepsMemory(workers, cheap, 8 * gb)).toBe(false);
    expect(keepsMemory(workers, null, 8 * gb)).toBe(false);
    // Under 2 GB per worker 'auto' is 'lean', which must give its memory back.
    expect(keepsMemory(workers, slow, 1.5 * gb)).toBe(false);
    expect(keepsMemory({ ENGINE_WORKERS: '4' }, slow, 6 * gb)).toBe(false);
    for (const budget of ['lean', 'fast'])
      expect(keepsMemory({ ENGINE_MEMORY: budget }, slow, 8 * gb)).toBe(false);
    expect(keepsMemory({ ENGINE_MEMORY: 'max' }, cheap, gb)).toBe(true);
    expect(keepsMemory({ ENGINE_MEMORY: 'max' }, null, gb)).toBe(true);
  });

  it('sets glibc to give nothing back, over the container image defaults but not a value of its own', () => {
    const env = withAllocatorEnv({}, false, true);
    expect(env).toMatchObject({ ...KEEP_MEMORY_ENV, MALLOC_ARENA_MAX: '2', [KEEP_MEMORY_VARIABLE]: '1' });
    expect(memoryKept(env)).toBe(true);
    expect(memoryKept(withAllocatorEnv({}))).toBe(false);
    const image = withAllocatorEnv({ ...ALLOCATOR_ENV }, false, true);
    expect(image.MALLOC_TRIM_THRESHOLD_).toBe(KEEP_MEMORY_ENV.MALLOC_TRIM_THRESHOLD_);
    expect(withAllocatorEnv({ MALLOC_TRIM_THRESHOLD_: '2097152' }, false, true).MALLOC_TRIM_THRESHOLD_).toBe(
      '2097152',
    );
  });

  it('holds a freed block in a process started with it, where the usual settings give it back', () => {
    const script = `
      const mb = () => process.memoryUsage.rss() / 1048576;
      function take() {
        const block = Buffer.alloc(128 * 1048576);
        for (let i = 0; i < block.length; i += 4096) block[i] = 1;
        return mb();
      }
      const peak = take();
      globalThis.gc();
      console.log(Math.round(peak - mb()));`;
    const givenBack = (env: NodeJS.ProcessEnv) =>
      Number(execFileSync(process.execPath, ['--expose-gc', '-e', script], { env, encoding: 'utf8' }));
    const clean = { PATH: process.env.PATH };
    expect(givenBack(withAllocatorEnv(clean))).toBeGreaterThan(100);
    expect(givenBack(withAllocatorEnv(clean, false, true))).toBeLessThan(20);
  });

  it('is chosen for the launcher environment from the kept probe', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keep-'));
    const thp = path.join(dir, 'enabled');
    writeFileSync(thp, 'always [madvise] never\n');
    try {
      const options = { cacheDir: dir, enabledFile: thp, totalMemory: 8 * gb, probe: async () => slow };
      const env = await allocatorEnv({ ENGINE_WORKERS: '1' }, options);
      expect(env).toMatchObject({ ...KEEP_MEMORY_ENV, [KEEP_MEMORY_VARIABLE]: '1' });
      expect(memoryKept(await allocatorEnv({ ENGINE_WORKERS: '1', ENGINE_MEMORY: 'fast' }, options))).toBe(
        false,
      );
      // GLIBC_TUNABLES set by hand: nothing is probed, and only 'max' keeps memory.
      const byHand = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' };
      expect(memoryKept(await allocatorEnv(byHand, options))).toBe(false);
      expect(memoryKept(await allocatorEnv({ ...byHand, ENGINE_MEMORY: 'max' }, options))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('huge pages chosen per machine', () => {
  it('are taken where they cost less to take again, right away and after a pause', () => {
    // A Zen 5 VM whose host takes back freed 2 MB blocks: 4 KB pages at 1.3 µs, huge pages slow after a pause.
    expect(hugePagesPay(figures([22, 21, 22], [155, 13, 145]))).toBe(false);
    expect(hugePagesPay(figures([22, 21, 22], [8, 8, 149]))).toBe(false);
    // A VM where a 4 KB fault costs ~16 µs: huge pages win even if a pause costs them as much.
    expect(hugePagesPay(figures([262, 258, 265], [7, 7, 149]))).toBe(true);
    // Both cheap (bare metal): huge pages where they are cheaper at all.
    expect(hugePagesPay(figures([5, 5, 5], [2, 2, 2]))).toBe(true);
    // Asked for but not granted: nothing to choose.
    expect(hugePagesPay(figures([262, 258, 265], [7, 7, 9], 0))).toBe(false);
  });

  it('measure once per machine, keep the choice in the cache and follow it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-'));
    const thp = path.join(dir, 'enabled');
    writeFileSync(thp, 'always [madvise] never\n');
    let probes = 0;
    const probe = async () => {
      probes++;
      return figures([22, 21, 22], [8, 8, 149]);
    };
    try {
      const told: string[] = [];
      const first = await hugePagesChoice({
        cacheDir: dir,
        enabledFile: thp,
        probe,
        log: (m) => told.push(m),
      });
      expect(told).toHaveLength(1);
      expect(first).toMatchObject({ hugePages: false, probe: figures([22, 21, 22], [8, 8, 149]) });
      expect(JSON.parse(readFileSync(choiceFile(dir, thp), 'utf8'))).toEqual(first);
      expect(
        await hugePagesChoice({ cacheDir: dir, enabledFile: thp, probe, log: (m) => told.push(m) }),
      ).toEqual(first);
      expect(probes).toBe(1);
      expect(told).toHaveLength(1);
      // The environment a launcher gives follows the kept choice, and one set by hand wins unprobed.
      const env = await allocatorEnv({ PATH: 'x' }, { cacheDir: dir, enabledFile: thp, probe });
      expect(env).toMatchObject({ PATH: 'x', MALLOC_ARENA_MAX: '2', ENGINE_PAGE_SIZE: '4k' });
      expect(env.GLIBC_TUNABLES).toBeUndefined();
      const kept = { ...first, hugePages: true };
      writeFileSync(choiceFile(dir, thp), JSON.stringify(kept));
      expect(await allocatorEnv({}, { cacheDir: dir, enabledFile: thp, probe })).toMatchObject({
        GLIBC_TUNABLES: HUGE_PAGES_TUNABLE,
        ENGINE_PAGE_SIZE: '2m',
      });
      const byHand = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' };
      const asGiven = await allocatorEnv(byHand, { cacheDir: dir, enabledFile: thp, probe });
      expect(asGiven.GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=0');
      expect(asGiven.ENGINE_PAGE_SIZE).toBeUndefined();
      expect(probes).toBe(1);
      // A kernel that refuses huge pages needs no probe.
      const never = path.join(dir, 'never');
      writeFileSync(never, 'always madvise [never]\n');
      expect(await hugePagesChoice({ cacheDir: dir, enabledFile: never, probe })).toMatchObject({
        hugePages: false,
        probe: null,
      });
      expect(probes).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keep huge pages when the probe fails, and still choose when the cache cannot be written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-'));
    const thp = path.join(dir, 'enabled');
    writeFileSync(thp, 'always [madvise] never\n');
    const failing = async (): Promise<ReuseProbe> => {
      throw new Error('no child process');
    };
    try {
      const failed = await hugePagesChoice({ cacheDir: dir, enabledFile: thp, probe: failing });
      expect(failed).toMatchObject({ hugePages: true, probe: null });
      expect(existsSync(choiceFile(dir, thp))).toBe(false);
      // A read-only cache (as the image's user might have): measured, chosen, not kept.
      const readOnly = path.join(dir, 'ro');
      mkdirSync(readOnly);
      chmodSync(readOnly, 0o500);
      const writable = spawnSync('sh', ['-c', `touch ${readOnly}/x`]).status === 0;
      const probe = async () => figures([262, 258, 265], [7, 7, 149]);
      const chosen = await hugePagesChoice({ cacheDir: readOnly, enabledFile: thp, probe });
      expect(chosen.hugePages).toBe(true);
      if (!writable) expect(existsSync(choiceFile(readOnly, thp))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The real probe, shortened: both page sizes measured in child processes of their own.
  it.runIf(hugePagesOnRequest())('measure both page sizes in processes of their own', async () => {
    const probe = await probeMemoryReuse({ mb: 16, pauseMs: 50 });
    expect(probe).toMatchObject({ mb: 16, pauseMs: 50 });
    for (const cost of [probe.small, probe.huge]) {
      expect(cost.hotMs).toHaveLength(2);
      for (const ms of [...cost.hotMs, cost.pausedMs]) expect(ms).toBeGreaterThan(0);
    }
    // Only the process that asked for them got huge pages.
    expect(probe.huge.hugeKb).toBeGreaterThan(0);
    if (readFileSync(THP_ENABLED_FILE, 'utf8').includes('[madvise]')) expect(probe.small.hugeKb).toBe(0);
  });

  it('start a script through the launcher with the settings chosen for this machine', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'launch-'));
    try {
      // A kept choice, so that the launcher does not measure: huge pages, whatever this machine is.
      const kept = { version: 1, machine: machineSignature(), hugePages: true, probe: null };
      writeFileSync(choiceFile(dir), JSON.stringify(kept));
      const script = path.join(dir, 'show.ts');
      writeFileSync(
        script,
        'const e: NodeJS.ProcessEnv = process.env;\nconsole.log(e.MALLOC_ARENA_MAX, e.GLIBC_TUNABLES ?? "none", process.argv[2]);\nprocess.exit(3);\n',
      );
      const launcher = fileURLToPath(new URL('./launch.mjs', import.meta.url));
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !ALLOCATOR_KEYS.includes(key)),
      );
      const result = spawnSync(process.execPath, [launcher, script, 'arg'], {
        env: { ...clean, MODEL_CACHE_DIR: dir },
        encoding: 'utf8',
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      });
      expect(result.status).toBe(3);
      const expected = hugePagesOnRequest() ? HUGE_PAGES_TUNABLE : 'none';
      expect(result.stdout.trim()).toBe(`2 ${expected} arg`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
