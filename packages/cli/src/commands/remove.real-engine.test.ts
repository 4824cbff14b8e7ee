import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../report.ts';
import { runCli } from '../test/cli.ts';
import { writePhotos } from '../test/images.ts';
import { startServer, type TestServer } from '../test/server.ts';

/**
 * The real thing, end to end: the real server with the real engine, a real key and litres bought
 * through the demo acquirer's checkout; and the engine on this machine with --local. Small images
 * (0.12 MP): the network runs at 1024² whatever the input, so bigger ones only slow the suite.
 */
describe('cutout remove with the real engine', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer({ email: 'real@example.com' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-real-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const balance = async (env: Record<string, string>) => {
    const account = await runCli(['account', '--json'], { env });
    expect(account.code, account.stderr).toBe(0);
    return JSON.parse(account.stdout).litres.total as number;
  };

  // Twenty network runs take about a minute on two idle cores; more where the cores are shared.
  it('cuts out 20 images at full size for exactly 20 litres', { timeout: 600_000 }, async () => {
    const env = { CUTOUT_SERVER: server.url, CUTOUT_API_KEY: server.key };
    await server.buyFiftyLitres();
    const before = await balance(env);
    expect(before).toBe(55);

    const names = Array.from(
      { length: 20 },
      (_, i) => `${i % 2 ? 'odd' : 'even'}/photo-${String(i).padStart(2, '0')}.jpg`,
    );
    await writePhotos(path.join(dir, 'in'), names, { width: 400, height: 300 });
    const result = await runCli(
      ['remove', 'in', '--out', 'out', '--size', 'full', '--report', 'report.json'],
      {
        cwd: dir,
        env,
      },
    );
    expect(result.code, result.stderr).toBe(0);

    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as RunReport;
    expect(report.totals).toMatchObject({ files: 20, done: 20, skipped: 0, failed: 0, litres: 20 });
    expect(report.files).toHaveLength(20);
    expect(report.files.every((file) => file.status === 'done' && file.litres === 1)).toBe(true);
    expect(await balance(env)).toBe(before - 20);

    expect((await readdir(path.join(dir, 'out/even'))).sort()).toHaveLength(10);
    const cutout = await sharp(path.join(dir, 'out/odd/photo-01.png')).metadata();
    expect(cutout).toMatchObject({ format: 'png', width: 400, height: 300, hasAlpha: true });
  });

  it('runs the engine on this machine with --local: no server, no key, no litres', async () => {
    await writePhotos(path.join(dir, 'local'), ['one.jpg', 'two.png'], { width: 320, height: 240 });
    const result = await runCli(
      ['remove', 'local', '--out', 'local-out', '--local', '--report', 'local.json'],
      {
        cwd: dir,
        env: { CUTOUT_SERVER: 'http://127.0.0.1:9' },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/on this machine/);
    expect(result.stdout).toMatch(/Finished: 2 done, 0 skipped, 0 failed of 2 .*on this machine\./);
    const report = JSON.parse(await readFile(path.join(dir, 'local.json'), 'utf8')) as RunReport;
    expect(report).toMatchObject({ mode: 'local', totals: { done: 2, litres: 0 } });
    expect(report.server).toBeUndefined();
    for (const name of ['one.png', 'two.png']) {
      const meta = await sharp(path.join(dir, 'local-out', name)).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 320, height: 240, hasAlpha: true });
    }
  });
});
