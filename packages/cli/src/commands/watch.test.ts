import { access, copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../report.ts';
import { Cli } from '../test/cli.ts';
import { writePhotos } from '../test/images.ts';
import { startServer, type TestServer } from '../test/server.ts';
import { standInEngine } from '../test/stand-in-engine.ts';

async function until(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('cutout watch', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer({ engine: standInEngine().engine, email: 'watch@example.com' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-watch-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('does the images already there, then each one copied in, until Ctrl-C', async () => {
    await writePhotos(path.join(dir, 'inbox'), ['old.jpg', 'done.jpg']);
    await writePhotos(path.join(dir, 'spare'), ['new.jpg', 'later/deeper.png']);
    await mkdir(path.join(dir, 'out'));
    await copyFile(path.join(dir, 'inbox/done.jpg'), path.join(dir, 'out/done.png'));

    const cli = new Cli(
      [
        'watch',
        'inbox',
        '--out',
        'out',
        '--size',
        'preview',
        '--settle',
        '0.3',
        '--interval',
        '60',
        '--report',
        'r.json',
      ],
      { cwd: dir, env: { CUTOUT_SERVER: server.url, CUTOUT_API_KEY: server.key } },
    );
    try {
      await cli.waitFor(/watching inbox/);
      await until(() => exists(path.join(dir, 'out/old.png')));

      await copyFile(path.join(dir, 'spare/new.jpg'), path.join(dir, 'inbox/new.jpg'));
      await mkdir(path.join(dir, 'inbox/later'));
      await copyFile(path.join(dir, 'spare/later/deeper.png'), path.join(dir, 'inbox/later/deeper.png'));
      await until(() => exists(path.join(dir, 'out/new.png')));
      await until(() => exists(path.join(dir, 'out/later/deeper.png')));
    } finally {
      cli.signal('SIGINT');
    }
    const result = await cli.exited;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^\[\d\] done inbox\/new\.jpg -> out\/new\.png/m);
    expect(result.stdout).toMatch(/^Finished: 3 done, 1 skipped, 0 failed of 4/m);
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual([
      'done.png',
      'later',
      'new.png',
      'old.png',
    ]);
    const report = JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8')) as RunReport;
    expect(report.command).toBe('watch');
    expect(report.files.map((file) => [file.input, file.status]).sort()).toEqual([
      ['inbox/done.jpg', 'skipped'],
      ['inbox/later/deeper.png', 'done'],
      ['inbox/new.jpg', 'done'],
      ['inbox/old.jpg', 'done'],
    ]);
  });
});
