import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Batch, type FileResult, type Job } from './batch.ts';
import { FileFailure, type Processor } from './processors/processor.ts';

/** A processor that answers after `ms`, failing the files named "bad…", noting how many run at once. */
function fakeProcessor(ms: number) {
  const seen = { running: 0, most: 0, aborted: 0 };
  const processor: Processor = {
    mode: 'remote',
    remove: (file, signal) =>
      new Promise((resolve, reject) => {
        seen.running++;
        seen.most = Math.max(seen.most, seen.running);
        const timer = setTimeout(() => {
          seen.running--;
          if (path.basename(file).startsWith('bad'))
            reject(
              new FileFailure({
                code: 'failed_to_read_image',
                title: 'Bad',
                detail: 'damaged',
                errorCode: 113,
              }),
            );
          else resolve({ data: new TextEncoder().encode(file), mimeType: 'image/png', litres: 1 });
        }, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          seen.running--;
          seen.aborted++;
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
        });
      }),
    close: async () => {},
  };
  return { processor, seen };
}

describe('Batch', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-batch-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const jobs = (out: string, names: string[], extension: string | null = '.png'): Job[] =>
    names.map((name) => ({
      input: { path: `in/${name}`, relative: name },
      target: { stem: path.join(dir, out, name.replace(/\.[^.]+$/, '')), extension },
    }));

  it('runs the jobs at the concurrency asked, writes the outputs and reports each file', async () => {
    const { processor, seen } = fakeProcessor(20);
    const results: FileResult[] = [];
    const batch = new Batch({ processor, concurrency: 2, onFinish: (result) => results.push(result) });
    batch.add(...jobs('one', ['a.jpg', 'b.jpg', 'bad.jpg', 'c.jpg'], null));
    await batch.idle();
    expect(seen.most).toBe(2);
    expect(results.map((r) => [r.input, r.status, r.litres])).toEqual(
      expect.arrayContaining([
        ['in/a.jpg', 'done', 1],
        ['in/bad.jpg', 'failed', 0],
      ]),
    );
    expect(results.find((r) => r.status === 'failed')?.error).toMatchObject({
      code: 'failed_to_read_image',
      errorCode: 113,
    });
    expect(await readdir(path.join(dir, 'one'))).toEqual(['a.png', 'b.png', 'c.png']);
    expect(await readFile(path.join(dir, 'one/a.png'), 'utf8')).toBe('in/a.jpg');
  });

  it('stops: nothing new starts, what runs finishes, the rest is handed back', async () => {
    const { processor } = fakeProcessor(40);
    const results: FileResult[] = [];
    const batch = new Batch({ processor, concurrency: 1, onFinish: (result) => results.push(result) });
    batch.add(...jobs('two', ['a.jpg', 'b.jpg', 'c.jpg']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const left = batch.stop();
    expect(left.map((job) => job.input.path)).toEqual(['in/b.jpg', 'in/c.jpg']);
    await batch.idle();
    expect(results.map((r) => r.status)).toEqual(['done']);
    expect(await readdir(path.join(dir, 'two'))).toEqual(['a.png']);
  });

  it('aborts what runs: those files fail as interrupted and nothing is written', async () => {
    const { processor, seen } = fakeProcessor(5_000);
    const results: FileResult[] = [];
    const batch = new Batch({ processor, concurrency: 2, onFinish: (result) => results.push(result) });
    batch.add(...jobs('three', ['a.jpg', 'b.jpg', 'c.jpg']));
    batch.abort();
    await batch.idle();
    expect(seen.aborted).toBe(2);
    expect(results.map((r) => [r.status, r.error?.code])).toEqual([
      ['failed', 'interrupted'],
      ['failed', 'interrupted'],
    ]);
    expect(await readdir(dir)).not.toContain('three');
  });

  it('refuses to replace the input with its output', async () => {
    const { processor } = fakeProcessor(1);
    const results: FileResult[] = [];
    const batch = new Batch({ processor, concurrency: 1, onFinish: (result) => results.push(result) });
    const input = path.join(dir, 'x.png');
    batch.add({
      input: { path: input, relative: 'x.png' },
      target: { stem: path.join(dir, 'x'), extension: null },
    });
    await batch.idle();
    expect(results[0]?.error?.code).toBe('output_is_input');
  });
});
