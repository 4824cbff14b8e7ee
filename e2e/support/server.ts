import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startLocalProvider } from '../../apps/server/src/test/oidc.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts the real server, on a fresh PGlite data directory, serving the production build of the web app. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  // A real OpenID Connect provider on loopback, for the external sign-in specs.
  const oidc = await startLocalProvider({
    clientId: 'cutout-e2e',
    clientSecret: 'cutout-e2e-secret',
    redirectUris: [`http://127.0.0.1:${port}/api/passports/local/callback`],
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-e2e-'));
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // The specs read registration codes and reset links from the outbox page, as a developer does.
      OUTBOX_PAGE: 'true',
      PASSPORTS: 'local',
      PASSPORT_LOCAL_ISSUER: oidc.issuer,
      PASSPORT_LOCAL_CLIENT_ID: 'cutout-e2e',
      PASSPORT_LOCAL_CLIENT_SECRET: 'cutout-e2e-secret',
      PASSPORT_LOCAL_NAME: 'Local ID',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    const ready = await fetch(`${baseURL}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide('baseURL', baseURL);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
