import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_ENV, hugePagesGranted, THP_ENABLED_FILE, withAllocatorEnv } from './allocator.mjs';

describe('allocator settings', () => {
  it('are added to an environment that lacks them, and reach a process started with it', () => {
    const env = withAllocatorEnv({ PATH: process.env.PATH });
    expect(env).toMatchObject({
      MALLOC_ARENA_MAX: '2',
      MALLOC_TRIM_THRESHOLD_: '1048576',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    });
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
  });

  it('are the ones the container image sets', () => {
    const dockerfile = readFileSync(new URL('../../../deploy/Dockerfile', import.meta.url), 'utf8');
    for (const [key, value] of Object.entries(ALLOCATOR_ENV)) expect(dockerfile).toContain(`${key}=${value}`);
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
  it.runIf(hugePagesGranted(ALLOCATOR_ENV))(
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
      expect(hugeKb(withAllocatorEnv({ PATH: process.env.PATH }))).toBeGreaterThanOrEqual(32 * 1024);
      // Given on request only: without the setting the block gets none.
      if (readFileSync(THP_ENABLED_FILE, 'utf8').includes('[madvise]'))
        expect(hugeKb({ PATH: process.env.PATH })).toBeLessThan(32 * 1024);
    },
  );
});
