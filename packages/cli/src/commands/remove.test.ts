import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../report.ts';
import { Cli, runCli } from '../test/cli.ts';
import { brokenJpeg, shapePhoto, writePhotos } from '../test/images.ts';
import { startServer, type TestServer } from '../test/server.ts';
import { type StandIn, standInEngine } from '../test/stand-in-engine.ts';

/** Every file below a folder, relative to it, sorted (hidden ones too: no temporary file may stay). */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const readReport = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as RunReport;

describe('cutout remove, against the server', () => {
  let server: TestServer;
  let standIn: StandIn;
  let root: string;
  let env: Record<string, string>;
  let folder = 0;
  /** A fresh working folder with photos at the paths given. */
  const workspace = async (names: string[]) => {
    const dir = path.join(root, `run-${++folder}`);
    await writePhotos(path.join(dir, 'in'), names);
    return dir;
  };

  beforeAll(async () => {
    standIn = standInEngine();
    server = await startServer({ engine: standIn.engine });
    await server.buyFiftyLitres();
    root = await mkdtemp(path.join(os.tmpdir(), 'cutout-remove-'));
    env = { CUTOUT_SERVER: server.url, CUTOUT_API_KEY: server.key };
  });
  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('cuts out a folder keeping its structure, with progress lines, a summary and a report', async () => {
    const cwd = await workspace(['a.jpg', 'b.png', 'sub/c.jpg', 'sub/deep/d.jpeg']);
    await writeFile(path.join(cwd, 'in/.hidden.jpg'), 'x');
    await writeFile(path.join(cwd, 'in/notes.txt'), 'x');
    const result = await runCli(
      ['remove', 'in', '--out', 'out', '--report', 'report.json', '--size', 'full'],
      {
        cwd,
        env,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(await tree(path.join(cwd, 'out'))).toEqual(['a.png', 'b.png', 'sub/c.png', 'sub/deep/d.png']);

    // Not a terminal: plain lines, no carriage returns, one per finished file with count, pace and time left.
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).toMatch(/^cutout: 4 images; 4 to do, 2 at a time, through the service$/m);
    const done = result.stderr.split('\n').filter((line) => / done /.test(line));
    expect(done).toHaveLength(4);
    for (const line of done)
      expect(line).toMatch(
        /^\[[1-4]\/4\] done in\/\S+ -> out\/\S+\.png \(1 litre, [\d.]+s\) · [\d.]+ images\/min(?: · ~.+ left)?$/,
      );
    expect(done[0]).toMatch(/ left$/);
    expect(done.at(-1)).toMatch(/^\[4\/4\]/);
    expect(result.stdout).toMatch(/^Finished: 4 done, 0 skipped, 0 failed of 4 in .*; 4 litres charged\.$/m);
    expect(result.stdout).toContain('Results in out, report in report.json.');

    const report = await readReport(path.join(cwd, 'report.json'));
    expect(report).toMatchObject({
      command: 'remove',
      mode: 'remote',
      server: `${server.url}/api/v1`,
      interrupted: false,
      options: { size: 'full', concurrency: 2, overwrite: false },
      totals: { files: 4, done: 4, skipped: 0, failed: 0, litres: 4 },
    });
    expect(report.files.map((file) => [file.input, file.output, file.status, file.litres])).toEqual([
      ['in/a.jpg', 'out/a.png', 'done', 1],
      ['in/b.png', 'out/b.png', 'done', 1],
      ['in/sub/c.jpg', 'out/sub/c.png', 'done', 1],
      ['in/sub/deep/d.jpeg', 'out/sub/deep/d.png', 'done', 1],
    ]);
    expect(report.files.every((file) => typeof file.ms === 'number' && file.error === undefined)).toBe(true);
  });

  it('skips the images whose output exists on a second run, and redoes them with --overwrite', async () => {
    const cwd = await workspace(['a.jpg', 'b.jpg', 'c.jpg']);
    const args = ['remove', 'in', '--out', 'out', '--size', 'preview', '--report', 'report.json'];
    expect((await runCli(args, { cwd, env })).code).toBe(0);
    const calls = standIn.calls;

    const again = await runCli(args, { cwd, env });
    expect(again.code).toBe(0);
    expect(standIn.calls).toBe(calls);
    expect(again.stderr).toContain('3 images, 3 skipped (output exists; --overwrite redoes them); 0 to do');
    expect(again.stdout).toMatch(/Finished: 0 done, 3 skipped, 0 failed of 3/);
    const skipped = await readReport(path.join(cwd, 'report.json'));
    expect(skipped.files.map((file) => [file.status, file.output, file.litres])).toEqual([
      ['skipped', 'out/a.png', 0],
      ['skipped', 'out/b.png', 0],
      ['skipped', 'out/c.png', 0],
    ]);

    const redone = await runCli([...args, '--overwrite'], { cwd, env });
    expect(redone.code).toBe(0);
    expect(standIn.calls).toBe(calls + 3);
    expect((await readReport(path.join(cwd, 'report.json'))).totals).toMatchObject({ done: 3, skipped: 0 });
  });

  it('charges a picture once across runs: a run again (lost answers, --overwrite) gets the charged results back', async () => {
    // Pictures no other test sends (the service remembers a key for 24 hours, whoever ran it).
    const cwd = path.join(root, `run-${++folder}`);
    await mkdir(path.join(cwd, 'in'), { recursive: true });
    const [a, b] = [await shapePhoto({ seed: 901 }), await shapePhoto({ seed: 902 })];
    await writeFile(path.join(cwd, 'in/a.jpg'), a);
    await writeFile(path.join(cwd, 'in/b.jpg'), b);
    // The same picture twice in one run is one charge too.
    await writeFile(path.join(cwd, 'in/copy-of-a.jpg'), a);
    const litres = async () =>
      (JSON.parse((await runCli(['account', '--json'], { env })).stdout) as { litres: { total: number } })
        .litres.total;
    const before = await litres();
    const args = ['remove', 'in', '--out', 'out', '--size', 'full', '--report', 'report.json'];
    const first = await runCli(args, { cwd, env });
    expect(first.code, first.stderr).toBe(0);
    expect(await litres()).toBe(before - 2);
    const firstReport = await readReport(path.join(cwd, 'report.json'));
    expect(firstReport.totals).toMatchObject({ done: 3, litres: 2 });

    const again = await runCli([...args, '--overwrite'], { cwd, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Finished: 3 done, 0 skipped, 0 failed of 3 .*; 0 litres charged\.$/m);
    expect(await litres()).toBe(before - 2);
    // Other options are another request: charged again.
    const other = await runCli([...args, '--overwrite', '--format', 'jpg'], { cwd, env });
    expect(other.code, other.stderr).toBe(0);
    expect(await litres()).toBe(before - 4);
  });

  it('names outputs after the format asked, fails a broken .jpg with its API error and exits 1', async () => {
    const cwd = await workspace(['good.jpg', 'also-good.png']);
    await writeFile(path.join(cwd, 'in/broken.jpg'), await brokenJpeg());
    const result = await runCli(
      [
        'remove',
        'in/*.jpg',
        'in/also-good.png',
        '-o',
        'out',
        '--format',
        'jpg',
        '--size',
        'preview',
        '--report',
        'r.json',
      ],
      { cwd, env },
    );
    expect(result.code).toBe(1);
    expect(await tree(path.join(cwd, 'out'))).toEqual(['also-good.jpg', 'good.jpg']);
    expect(result.stderr).toMatch(/^\[\d\/3\] failed in\/broken\.jpg: failed_to_read_image: /m);
    expect(result.stdout).toMatch(/^failed:\n {2}in\/broken\.jpg: failed_to_read_image: /m);
    const report = await readReport(path.join(cwd, 'r.json'));
    expect(report.totals).toMatchObject({ files: 3, done: 2, failed: 1, litres: 0 });
    expect(report.files.find((file) => file.input === 'in/broken.jpg')).toEqual({
      input: 'in/broken.jpg',
      output: null,
      status: 'failed',
      litres: 0,
      ms: expect.any(Number),
      error: {
        code: 'failed_to_read_image',
        title: 'There was an error reading the image.',
        detail: expect.any(String),
        errorCode: 113,
      },
    });
  });

  it('says "1 image", and tells an output conflict after the run\'s first line', async () => {
    const cwd = await workspace(['a.jpg', 'a.png']);
    const both = await runCli(['remove', 'in', '-o', 'out', '--size', 'preview'], { cwd, env });
    const lines = both.stderr.split('\n');
    const first = lines.findIndex((line) => /^cutout: 2 images; 1 to do/.test(line));
    const conflict = lines.findIndex((line) => /output_conflict/.test(line));
    expect(first, both.stderr).toBeGreaterThanOrEqual(0);
    expect(conflict, both.stderr).toBeGreaterThan(first);
    const one = await runCli(['remove', 'in/a.jpg', '-o', 'one', '--size', 'preview'], { cwd, env });
    expect(one.stderr).toMatch(/^cutout: 1 image; 1 to do, /m);
  });

  it('exits 2 with a short usage for usage errors, before touching anything', async () => {
    const cwd = await workspace(['a.jpg']);
    await mkdir(path.join(cwd, 'empty'));
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['remove', 'in', '--out', 'out', '--bogus'], env, /Unknown option '--bogus'/],
      [['remove', 'in', '--out', 'out', '--size', 'huge'], env, /--size must be one of/],
      [['remove', 'missing', '--out', 'out'], env, /no such file or folder: missing/],
      [['remove', 'empty', '--out', 'out'], env, /no images among the inputs/],
      [['remove', 'in'], env, /--out DIR is required/],
      [['remove', 'in', '--out', 'out', '--size', 'full'], { CUTOUT_SERVER: server.url }, /needs an API key/],
    ];
    for (const [args, caseEnv, message] of cases) {
      const result = await runCli(args, { cwd, env: caseEnv });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('usage: cutout remove');
    }
    expect(await tree(path.join(cwd, 'out'))).toEqual([]);
    const bare = await runCli(['frobnicate'], { cwd });
    expect(bare).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: cutout <command>') });
  });

  it('starts no more images after an error every image would get (a refused key)', async () => {
    const cwd = await workspace(['a.jpg', 'b.jpg', 'c.jpg']);
    const result = await runCli(
      ['remove', 'in', '--out', 'out', '-c', '1', '--size', 'full', '--report', 'r.json'],
      {
        cwd,
        env: { ...env, CUTOUT_API_KEY: 'ck_not_a_key' },
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Stopping: auth_failed would fail every other image the same way.');
    expect(result.stdout).toContain('2 not finished: run the same command again to do them.');
    const report = await readReport(path.join(cwd, 'r.json'));
    expect(report.files.map((file) => file.error?.code)).toEqual([
      'auth_failed',
      'not_started',
      'not_started',
    ]);
    expect(report.files[0]?.error).toMatchObject({ title: 'Invalid API Key', errorCode: 100 });
  });

  it('stops cleanly on Ctrl-C after the first file: no partial output, then a second run does the rest', async () => {
    const cwd = await workspace(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg']);
    const args = ['remove', 'in', '--out', 'out', '--size', 'preview', '-c', '1', '--report', 'report.json'];
    standIn.delayMs = 400;
    try {
      const cli = new Cli(args, { cwd, env });
      await cli.waitFor(/\] done in\//);
      cli.signal('SIGINT');
      const result = await cli.exited;
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain('Stopping: 1 in progress will finish, nothing new starts');
      expect(result.stdout).toMatch(/^Interrupted: /m);
      const outputs = await tree(path.join(cwd, 'out'));
      expect(outputs.length).toBeGreaterThanOrEqual(1);
      expect(outputs.length).toBeLessThan(6);
      // Only whole results: no temporary or partial file.
      expect(outputs.every((name) => /^\d\.png$/.test(name))).toBe(true);
      const report = await readReport(path.join(cwd, 'report.json'));
      expect(report.interrupted).toBe(true);
      expect(report.totals).toMatchObject({ files: 6, done: outputs.length, failed: 6 - outputs.length });
      expect(report.files.filter((file) => file.status === 'failed').map((file) => file.error?.code)).toEqual(
        Array(6 - outputs.length).fill('interrupted'),
      );

      standIn.delayMs = 0;
      const rest = await runCli(args, { cwd, env });
      expect(rest.code).toBe(0);
      expect((await readReport(path.join(cwd, 'report.json'))).totals).toMatchObject({
        done: 6 - outputs.length,
        skipped: outputs.length,
        failed: 0,
      });
      expect(await tree(path.join(cwd, 'out'))).toEqual([
        '1.png',
        '2.png',
        '3.png',
        '4.png',
        '5.png',
        '6.png',
      ]);
    } finally {
      standIn.delayMs = 0;
    }
  });

  it('aborts the files in progress on a second Ctrl-C, leaving no output and still writing the report', async () => {
    const cwd = await workspace(['1.jpg', '2.jpg', '3.jpg']);
    standIn.delayMs = 5_000;
    try {
      const cli = new Cli(['remove', 'in', '--out', 'out', '--size', 'preview', '--report', 'r.json'], {
        cwd,
        env,
      });
      await cli.waitFor(/^cutout: 3 images/m);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      cli.signal('SIGINT');
      await cli.waitFor(/Stopping: /);
      cli.signal('SIGINT');
      const result = await cli.exited;
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(result.code).toBe(1);
      expect(await tree(path.join(cwd, 'out'))).toEqual([]);
      const report = await readReport(path.join(cwd, 'r.json'));
      expect(report.files.map((file) => [file.status, file.error?.code])).toEqual(
        Array(3).fill(['failed', 'interrupted']),
      );
    } finally {
      standIn.delayMs = 0;
    }
  });
});
