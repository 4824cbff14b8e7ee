import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileResult } from './batch.ts';
import { exitCodeOf, type RunReport, summaryText, totalsOf, writeReport } from './report.ts';

const files: FileResult[] = [
  { input: 'in/a.jpg', output: 'out/a.png', status: 'done', litres: 1, ms: 2000 },
  { input: 'in/b.jpg', output: 'out/b.png', status: 'done', litres: 1, ms: 1800 },
  { input: 'in/c.jpg', output: 'out/c.png', status: 'skipped', litres: 0, ms: 0 },
  {
    input: 'in/d.jpg',
    output: null,
    status: 'failed',
    litres: 0,
    ms: 30,
    error: {
      code: 'failed_to_read_image',
      title: 'There was an error reading the image.',
      detail: 'damaged',
      errorCode: 113,
    },
  },
];

const report = (overrides: Partial<RunReport> = {}): RunReport => ({
  command: 'remove',
  mode: 'remote',
  server: 'http://localhost:3000/api/v1',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:01:00.000Z',
  interrupted: false,
  options: { size: 'full', concurrency: 2, overwrite: false },
  files,
  totals: totalsOf(files, 60_000),
  ...overrides,
});

describe('report', () => {
  it('adds up statuses, litres and the pace of real work', () => {
    expect(totalsOf(files, 60_000)).toEqual({
      files: 4,
      done: 2,
      skipped: 1,
      failed: 1,
      litres: 2,
      ms: 60_000,
      imagesPerMinute: 3,
    });
    expect(totalsOf([], 0)).toMatchObject({ files: 0, imagesPerMinute: 0 });
  });

  it('leaves files an interruption kept from starting out of the pace', () => {
    const cut: FileResult = {
      input: 'in/e.jpg',
      output: null,
      status: 'failed',
      litres: 0,
      ms: 0,
      error: { code: 'interrupted', title: 'Interrupted', detail: 'not started' },
    };
    expect(totalsOf([...files, cut], 30_000)).toMatchObject({ files: 5, failed: 2, imagesPerMinute: 6 });
  });

  it('exits 0 only when nothing failed and the run was not cut short', () => {
    expect(exitCodeOf(report())).toBe(1);
    const fine = files.filter((file) => file.status !== 'failed');
    expect(exitCodeOf(report({ totals: totalsOf(fine, 1000) }))).toBe(0);
    expect(exitCodeOf(report({ totals: totalsOf(fine, 1000), interrupted: true }))).toBe(1);
  });

  it('summarises the run with its failures', () => {
    const text = summaryText(report(), { out: 'out', reportFile: 'r.json' });
    expect(text).toBe(
      'failed:\n' +
        '  in/d.jpg: failed_to_read_image: damaged\n' +
        'Finished: 2 done, 1 skipped, 1 failed of 4 in 1m 00s (3 images/min); 2 litres charged.\n' +
        'Results in out, report in r.json.\n',
    );
    expect(summaryText(report({ mode: 'local' }), { out: 'o' })).toContain('on this machine.');
    // A run that wrote nothing names no results folder, only its report.
    const failed = files.filter((file) => file.status === 'failed');
    const none = report({ files: failed, totals: totalsOf(failed, 1000) });
    expect(summaryText(none, { out: 'out', reportFile: 'r.json' })).toMatch(/\nReport in r\.json\.\n$/);
    expect(summaryText(none, { out: 'out' })).not.toContain('Results in');
  });

  it('writes the report as JSON', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-report-'));
    try {
      await writeReport(path.join(dir, 'sub/report.json'), report());
      const written = JSON.parse(await readFile(path.join(dir, 'sub/report.json'), 'utf8'));
      expect(written.files[3].error).toEqual(files[3]?.error);
      expect(written.totals.litres).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
