import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  existingOutput,
  extensionOfMime,
  findConflicts,
  isTemporaryName,
  outputTarget,
  writeAtomic,
} from './outputs.ts';

describe('outputs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-outputs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names the output after the input, below the output folder, with the format extension', () => {
    const input = { path: 'photos/2024/a.photo.JPEG', relative: '2024/a.photo.JPEG' };
    expect(outputTarget(input, 'out', 'png')).toEqual({ stem: 'out/2024/a.photo', extension: '.png' });
    expect(outputTarget(input, 'out', 'jpg').extension).toBe('.jpg');
    expect(outputTarget(input, 'out', 'zip').extension).toBe('.zip');
    expect(outputTarget(input, 'out', 'auto').extension).toBeNull();
    expect(outputTarget(input, 'out', undefined).extension).toBeNull();
  });

  it('takes the extension of an answer from its media type', () => {
    expect(extensionOfMime('image/png')).toBe('.png');
    expect(extensionOfMime('image/jpeg')).toBe('.jpg');
    expect(extensionOfMime('image/webp')).toBe('.webp');
    expect(extensionOfMime('image/avif')).toBe('.avif');
    expect(extensionOfMime('application/zip')).toBe('.zip');
    expect(extensionOfMime('Image/PNG; charset=binary')).toBe('.png');
    expect(extensionOfMime('text/plain')).toBe('.bin');
  });

  it('finds an existing output: the exact one, or any result extension for auto, never the input', async () => {
    await mkdir(path.join(dir, 'same'), { recursive: true });
    await writeFile(path.join(dir, 'same/a.jpg'), 'x');
    const input = { path: path.join(dir, 'same/a.jpg'), relative: 'a.jpg' };
    expect(
      await existingOutput(outputTarget(input, path.join(dir, 'same'), undefined), input.path),
    ).toBeNull();
    await writeFile(path.join(dir, 'same/a.webp'), 'x');
    expect(await existingOutput(outputTarget(input, path.join(dir, 'same'), undefined), input.path)).toBe(
      path.join(dir, 'same/a.webp'),
    );
    expect(await existingOutput(outputTarget(input, path.join(dir, 'same'), 'png'), input.path)).toBeNull();
    expect(await existingOutput(outputTarget(input, path.join(dir, 'same'), 'webp'), input.path)).toBe(
      path.join(dir, 'same/a.webp'),
    );
  });

  it('gives an output to the first of two inputs that would share it', () => {
    const planned = [
      { path: 'p/a.jpg', relative: 'a.jpg' },
      { path: 'p/a.png', relative: 'a.png' },
      { path: 'p/b.png', relative: 'b.png' },
      { path: 'q/a.webp', relative: 'a.webp' },
    ].map((input) => ({ input, target: outputTarget(input, 'out', 'png') }));
    expect(findConflicts(planned)).toEqual(
      new Map([
        ['p/a.png', 'p/a.jpg'],
        ['q/a.webp', 'p/a.jpg'],
      ]),
    );
  });

  it('writes atomically through a hidden temporary file, creating folders, leaving nothing else', async () => {
    const file = path.join(dir, 'deep/er/result.png');
    await writeAtomic(file, new Uint8Array([1, 2, 3]));
    await writeAtomic(file, new Uint8Array([4, 5]));
    expect([...(await readFile(file))]).toEqual([4, 5]);
    expect(await readdir(path.dirname(file))).toEqual(['result.png']);
    await writeAtomic(path.join(dir, 'secret.json'), '{}', 0o600);
    expect((await stat(path.join(dir, 'secret.json'))).mode & 0o777).toBe(0o600);
  });

  it('removes its temporary file when the rename fails', async () => {
    await mkdir(path.join(dir, 'blocked/target.png'), { recursive: true });
    await writeFile(path.join(dir, 'blocked/target.png/inside'), 'x');
    await expect(writeAtomic(path.join(dir, 'blocked/target.png'), new Uint8Array([1]))).rejects.toThrow();
    expect(await readdir(path.join(dir, 'blocked'))).toEqual(['target.png']);
  });

  it('knows its temporary names', () => {
    expect(isTemporaryName('.a.png.1234-1-0a1b2c.tmp')).toBe(true);
    expect(isTemporaryName('a.png')).toBe(false);
  });
});
