import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('the server process', () => {
  it('exits with code 1 and a clear message on a bad configuration', async () => {
    const { child, output } = startServer({ PORT: 'not-a-port' });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toMatch(/Invalid configuration:[\s\S]*PORT="not-a-port"/);
  });

  it('starts on an empty data directory, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-data-'));
    const { child, output } = startServer({ PORT: '0', DATA_DIR: dataDir });
    const exited = exitOf(child);
    const deadline = Date.now() + 50_000;
    while (!/running at/.test(output()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const port = output().match(/listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
    expect(port, output()).toBeDefined();
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await response.json()).toEqual({ status: 'ready', database: 'pglite' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toMatch(/shutting down/);
  });
});
