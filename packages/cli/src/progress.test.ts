import { describe, expect, it } from 'vitest';
import type { FileResult } from './batch.ts';
import { formatDuration, Progress } from './progress.ts';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, columns: 200, write: (text: string) => chunks.push(text) } };
}

const job = (name: string) => ({
  input: { path: name, relative: name },
  target: { stem: name, extension: '.png' },
});
const done = (name: string, ms = 2000): FileResult => ({
  input: name,
  output: `out/${name}`,
  status: 'done',
  litres: 1,
  ms,
});

describe('Progress', () => {
  it('prints a plain line per finished file with the count, the rate and the time left', () => {
    let now = 0;
    const { chunks, stream: out } = stream(false);
    const progress = new Progress({ stream: out, total: 4, now: () => now });
    progress.skip(1);
    progress.started(job('a.jpg'));
    now = 30_000;
    progress.finished(done('a.jpg'));
    progress.finished({
      input: 'b.jpg',
      output: null,
      status: 'failed',
      litres: 0,
      ms: 10,
      error: { code: 'failed_to_read_image', title: 'T', detail: 'damaged' },
    });
    progress.close();
    expect(chunks).toEqual([
      '[2/4] done a.jpg -> out/a.jpg (1 litre, 2.0s) · 2.0 images/min · ~1m 00s left\n',
      '[3/4] failed b.jpg: failed_to_read_image: damaged · 4.0 images/min · ~15s left\n',
    ]);
    expect(progress.counts).toEqual({ done: 1, skipped: 1, failed: 1 });
  });

  it('redraws one line on a terminal and keeps failures above it', () => {
    const { chunks, stream: out } = stream(true);
    const progress = new Progress({ stream: out, total: 2, now: () => 0 });
    progress.started(job('a.jpg'));
    progress.finished({
      input: 'a.jpg',
      output: null,
      status: 'failed',
      litres: 0,
      ms: 1,
      error: { code: 'x', title: 'X', detail: 'y' },
    });
    progress.close();
    expect(chunks[0]).toBe('\r\x1b[2K[0/2] 0 done, 0 skipped, 0 failed · estimating… · a.jpg');
    expect(chunks).toContain('\r\x1b[2Kfailed a.jpg: x: y\n');
    expect(chunks.at(-1)).toBe('\r\x1b[2K');
    expect(chunks.every((chunk) => chunk.startsWith('\r\x1b[2K'))).toBe(true);
  });

  it('says nothing when quiet, and counts without a total in watch mode', () => {
    const { chunks, stream: out } = stream(false);
    const quiet = new Progress({ stream: out, total: null, quiet: true });
    quiet.started(job('a.jpg'));
    quiet.finished(done('a.jpg'));
    quiet.close();
    expect(chunks).toEqual([]);
    const open = new Progress({ stream: out, total: null, now: () => 60_000 });
    open.finished(done('b.jpg'));
    open.close();
    expect(chunks[0]).toMatch(/^\[1\] done b\.jpg/);
  });

  it('formats durations', () => {
    expect(formatDuration(860)).toBe('0.9s');
    expect(formatDuration(42_000)).toBe('42s');
    expect(formatDuration(65_000)).toBe('1m 05s');
    expect(formatDuration(3_720_000)).toBe('1h 02m');
  });
});
