import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubServer } from './testing/stub-server.ts';

/**
 * The published package: `npm pack` (prepack builds dist/ and points the manifest at it), installed
 * into a fresh project, imported by plain Node and type-checked with the repository's tsc, with lib
 * checks on, once as a browser project and once as a Node one. It packs a copy of the package beside
 * it (packages/.sdk-pack-*), so that the workspace's own manifest never points at dist/ while other
 * test files import the SDK from its sources.
 */
const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const manifest = path.join(repo, 'packages/sdk/package.json');
const copied = ['package.json', 'tsconfig.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'src', 'scripts'];
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

const consumer = `import { CutoutApiError, CutoutClient, CutoutNetworkError, type ImageInput, type RemovalResult } from '@cutout/sdk';
const client = new CutoutClient({ baseUrl: 'http://127.0.0.1:1/api/v1', apiKey: 'k', language: 'ru', maxRetries: 1 });
const input: ImageInput = { url: 'https://example.com/a.jpg' };
export async function cut(): Promise<RemovalResult> {
  try {
    return await client.removeBackground(input, { size: 'hd', type: 'person', typeLevel: '2', format: 'webp', crop: true, output: 'json' });
  } catch (error) {
    if (error instanceof CutoutApiError) console.log(error.status, error.code, error.errorCode, error.retryAfterSeconds);
    if (error instanceof CutoutNetworkError) console.log(error.cause);
    throw error;
  }
}
export const credits = async (): Promise<number> => (await client.account()).credits.total;
// @ts-expect-error: not a size of the API
client.removeBackground(input, { size: 'huge' });
`;
const nodeConsumer = `import { CutoutClient, fileInput } from '@cutout/sdk/node';
import type { CutoutClient as Browser } from '@cutout/sdk';
export const client: Browser = new CutoutClient();
export const result = client.removeBackground(await fileInput('photo.png'), { size: 'preview' });
`;

describe('the published package', () => {
  let folder: string;
  let tarball: string;
  const original = readFileSync(manifest, 'utf8');
  // Beside packages/sdk, so that the build scripts' relative paths (to the contracts) hold.
  const copy = path.join(repo, 'packages', `.sdk-pack-${process.pid}`);
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'cutout-sdk-pack-'));
    for (const entry of copied) {
      cpSync(path.join(repo, 'packages/sdk', entry), path.join(copy, entry), { recursive: true });
    }
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', folder], { cwd: copy });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(folder, packed?.filename ?? '');
    expect(packed?.files.map((file) => file.path).sort()).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/node.d.ts',
      'dist/node.js',
      'package.json',
    ]);
    const project = path.join(folder, 'consumer');
    await run('mkdir', ['-p', project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
  });
  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it('leaves the workspace manifest on the sources', () => {
    expect(readFileSync(manifest, 'utf8')).toBe(original);
    const installed = JSON.parse(
      readFileSync(path.join(folder, 'consumer/node_modules/@cutout/sdk/package.json'), 'utf8'),
    );
    expect(installed.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(installed.devDependencies).toBeUndefined();
    expect(installed.dependencies).toBeUndefined();
  });

  it('works in plain Node: both entries, one set of classes, a real call', async () => {
    const server = await startStubServer(() => ({
      status: 403,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        errors: [
          {
            status: '403',
            code: 'auth_failed',
            title: 'Invalid API Key',
            detail: 'x',
            meta: { code: 'ACTION_FAILED', errorCode: 100 },
          },
        ],
      }),
    }));
    try {
      const project = path.join(folder, 'consumer');
      writeFileSync(path.join(project, 'photo.png'), new Uint8Array([137, 80, 78, 71]));
      const script = `
        import { CutoutApiError, CutoutClient } from '@cutout/sdk';
        import * as node from '@cutout/sdk/node';
        const client = new node.CutoutClient({ baseUrl: process.env.BASE_URL, apiKey: 'wrong' });
        const error = await client.removeBackground(await node.fileInput('photo.png')).catch((e) => e);
        console.log(JSON.stringify({
          same: node.CutoutClient === CutoutClient && node.CutoutApiError === CutoutApiError,
          isApiError: error instanceof CutoutApiError,
          code: error.code,
          errorCode: error.errorCode,
        }));`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        cwd: project,
        env: { ...process.env, BASE_URL: server.baseUrl },
      });
      expect(JSON.parse(stdout)).toEqual({
        same: true,
        isApiError: true,
        code: 'auth_failed',
        errorCode: 100,
      });
      const form = server.requests[0]?.body.toString('latin1') ?? '';
      expect(form).toContain('filename="photo.png"');
    } finally {
      await server.close();
    }
  });

  it('type-checks a browser and a Node consumer with complete declarations', async () => {
    const project = path.join(folder, 'consumer');
    writeFileSync(path.join(project, 'browser.ts'), consumer);
    writeFileSync(path.join(project, 'server.ts'), nodeConsumer);
    const options = {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
    };
    const config = (name: string, compilerOptions: object, files: string[]) =>
      writeFileSync(
        path.join(project, name),
        JSON.stringify({ compilerOptions: { ...options, ...compilerOptions }, files }),
      );
    config('tsconfig.browser.json', { lib: ['es2023', 'dom'], types: [] }, ['browser.ts']);
    config(
      'tsconfig.node.json',
      { lib: ['es2023'], types: ['node'], typeRoots: [path.join(repo, 'node_modules/@types')] },
      ['browser.ts', 'server.ts'],
    );
    for (const name of ['tsconfig.browser.json', 'tsconfig.node.json']) {
      const checked = await run(process.execPath, [tsc, '-p', name], { cwd: project }).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
      );
      expect(checked.stdout, name).toBe('');
    }
  });
});
