import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assembleImglyModel, imglyDistDir } from './assemble.ts';

describe('assembleImglyModel', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('concatenates the peer package’s chunks once, to the size resources.json gives', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'engine-model-'));
    dirs.push(cacheDir);
    const resources = JSON.parse(await readFile(path.join(imglyDistDir(), 'resources.json'), 'utf8'));
    const file = await assembleImglyModel({ variant: 'small', cacheDir });
    const first = await stat(file);
    expect(first.size).toBe(resources['/models/small'].size);
    // ONNX is a protobuf whose first field is the IR version (tag 0x08).
    const head = (await readFile(file)).subarray(0, 1);
    expect(head[0]).toBe(0x08);
    expect(await assembleImglyModel({ variant: 'small', cacheDir })).toBe(file);
    expect((await stat(file)).mtimeMs).toBe(first.mtimeMs);
    expect((await readdir(cacheDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
