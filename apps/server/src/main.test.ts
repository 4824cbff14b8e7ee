import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
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

/** The port a started server listens on, once it says it is running (0 if it never does). */
async function portOf(output: () => string): Promise<number> {
  const deadline = Date.now() + 50_000;
  while (!/running at/.test(output()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Number(output().match(/listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1] ?? 0);
}

describe('the server process', () => {
  it('exits with code 1 and a clear message on a bad configuration', async () => {
    const { child, output } = startServer({ PORT: 'not-a-port' });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toMatch(/Invalid configuration:[\s\S]*PORT="not-a-port"/);
  });

  it('starts on an empty data directory, answers while its engine starts, and stops cleanly on SIGTERM', {
    timeout: 200_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-data-'));
    const { child, output } = startServer({ PORT: '0', DATA_DIR: dataDir });
    const exited = exitOf(child);
    const port = await portOf(output);
    expect(port, output()).toBeGreaterThan(0);
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await response.json()).toEqual({ status: 'ready', database: 'pglite' });
    // The engine starts as the server listens, not on the first removal.
    const deadline = Date.now() + 150_000;
    while (!/engine ready/.test(output()) && child.exitCode === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output()).toMatch(/"msg":"engine ready"/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toMatch(/shutting down/);
  });

  it('finishes a request in progress on SIGTERM, then exits', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-data-'));
    const { child, output } = startServer({ PORT: '0', DATA_DIR: dataDir, ENGINE_PRELOAD: 'false' });
    const exited = exitOf(child);
    const port = await portOf(output);
    expect(port, output()).toBeGreaterThan(0);
    // A body still uploading when the signal comes: the request must get its answer all the same.
    // No image: refused before the engine is started, so the test does not wait for a model to load.
    const body = JSON.stringify({ size: 'preview', bg_color: 'white', crop: 'false' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/removebg',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      // The signal comes once the server has the request in hand, with its body still on the way.
      const signalWhenReceived = () => {
        if (!/incoming request/.test(output())) return setTimeout(signalWhenReceived, 50);
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      };
      signalWhenReceived();
    });
    const { status, text } = await answer;
    // Refused with its code: the request was read to its end and handled, after the signal.
    expect(status, output()).toBe(400);
    expect(JSON.parse(text).errors[0]).toMatchObject({ code: 'missing_source' });
    expect(await exited, output()).toBe(0);
  });
});
