import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectInputs, globBase, walk } from './inputs.ts';

describe('inputs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-inputs-'));
    const files = [
      'photos/a.jpg',
      'photos/B.JPEG',
      'photos/notes.txt',
      'photos/.hidden.png',
      'photos/.thumbs/c.png',
      'photos/2024/june/d.webp',
      'photos/2024/e.avif',
      'photos/out/old.png',
      'single.png',
      'readme.md',
    ];
    for (const file of files) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), 'x');
    }
    await symlink(path.join(dir, 'photos'), path.join(dir, 'photos/2024/loop'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const collect = (args: string[], exclude: string[] = [], warn?: (m: string) => void) =>
    collectInputs(args, { cwd: dir, exclude, ...(warn && { warn }) });

  it('walks folders recursively for images only, sorted, skipping hidden entries and links to folders', async () => {
    expect(await walk(path.join(dir, 'photos'))).toEqual([
      path.join('2024', 'e.avif'),
      path.join('2024', 'june', 'd.webp'),
      'B.JPEG',
      'a.jpg',
      path.join('out', 'old.png'),
    ]);
  });

  it('keeps the structure below each folder given, and leaves the output folder out', async () => {
    expect(await collect(['photos'], ['photos/out'])).toEqual([
      { path: 'photos/2024/e.avif', relative: '2024/e.avif' },
      { path: 'photos/2024/june/d.webp', relative: '2024/june/d.webp' },
      { path: 'photos/B.JPEG', relative: 'B.JPEG' },
      { path: 'photos/a.jpg', relative: 'a.jpg' },
    ]);
    expect(await collect(['photos/2024/'])).toEqual([
      { path: 'photos/2024/e.avif', relative: 'e.avif' },
      { path: 'photos/2024/june/d.webp', relative: 'june/d.webp' },
    ]);
  });

  it('puts a named file directly in the output folder and warns about a named non-image', async () => {
    const warnings: string[] = [];
    expect(
      await collect(['single.png', 'readme.md', 'photos/2024/e.avif'], [], (m) => warnings.push(m)),
    ).toEqual([
      { path: 'single.png', relative: 'single.png' },
      { path: 'photos/2024/e.avif', relative: 'e.avif' },
    ]);
    expect(warnings).toEqual([expect.stringMatching(/^readme\.md: not a \.jpg .* file, left out$/)]);
  });

  it('expands globs, keeping the structure below their fixed part', async () => {
    expect(await collect(['photos/**/*.{webp,avif}'])).toEqual([
      { path: 'photos/2024/e.avif', relative: '2024/e.avif' },
      { path: 'photos/2024/june/d.webp', relative: '2024/june/d.webp' },
    ]);
    expect(await collect(['*.png'])).toEqual([{ path: 'single.png', relative: 'single.png' }]);
    const absolute = await collect([`${dir}/photos/*.jpg`]);
    expect(absolute).toEqual([{ path: path.join(dir, 'photos/a.jpg'), relative: 'a.jpg' }]);
  });

  it('lists each file once, the first way it was named', async () => {
    const files = await collect(['photos/a.jpg', 'photos', 'photos/*.jpg'], ['photos/out']);
    expect(files.map((file) => file.path)).toEqual([
      'photos/a.jpg',
      'photos/2024/e.avif',
      'photos/2024/june/d.webp',
      'photos/B.JPEG',
    ]);
    expect(files[0]?.relative).toBe('a.jpg');
  });

  it('refuses a missing path and a glob without images', async () => {
    await expect(collect(['nope.jpg'])).rejects.toThrow('no such file or folder: nope.jpg');
    await expect(collect(['photos/*.gif'])).rejects.toThrow('no images match photos/*.gif');
  });

  it('finds the fixed folder of a glob', () => {
    expect(globBase('photos/2024/**/*.jpg')).toBe('photos/2024');
    expect(globBase('*.jpg')).toBe('.');
    expect(globBase('**/x/*.jpg')).toBe('.');
    expect(globBase('/tmp/a/*.png')).toBe('/tmp/a');
    expect(globBase('shoot-{1,2}/*.png')).toBe('.');
  });
});
