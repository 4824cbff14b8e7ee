import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { discPhoto } from './test-images.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args]).then(
    () => ({ code: 0, stderr: '' }),
    (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
  );

describe('cli', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('prints usage without arguments (exit 2) and refuses a bad option before loading the model (exit 1)', async () => {
    expect(await run([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage/) });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'engine-cli-'));
    dirs.push(dir);
    const input = path.join(dir, 'in.jpg');
    await writeFile(input, await discPhoto({ width: 64, height: 48 }));
    const refused = await run([input, path.join(dir, 'out.png'), '--bg-color', 'blurple']);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/error 111/) });
    const badMargin = await run([input, path.join(dir, 'out.png'), '--crop', '--crop-margin', '1 2 3']);
    expect(badMargin).toMatchObject({ code: 1, stderr: expect.stringMatching(/error 116/) });
    const badScale = await run([input, path.join(dir, 'out.zip'), '--scale', '5%', '--add-shadow']);
    expect(badScale).toMatchObject({ code: 1, stderr: expect.stringMatching(/error 117/) });
  });
});
