import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidStorageKey, isStorageKey } from '../storage.port.ts';
import { createLocalStorage, filesDirOf } from './local-storage.ts';

describe('local file storage', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-storage-'));
  const root = filesDirOf(dataDir);
  const storage = createLocalStorage({ root });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Every file under a folder, relative to it. */
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

  it('keeps bytes under a key in DATA_DIR/files, reads, checks and deletes them', async () => {
    expect(await storage.put('results/2026/a.png', Buffer.from('png bytes'))).toEqual({
      key: 'results/2026/a.png',
      size: 9,
    });
    expect(statSync(path.join(dataDir, 'files/results/2026/a.png')).isFile()).toBe(true);
    expect((await storage.getBytes('results/2026/a.png'))?.toString()).toBe('png bytes');
    expect(await storage.exists('results/2026/a.png')).toBe(true);
    expect(await storage.delete('results/2026/a.png')).toBe(true);
    expect(await storage.exists('results/2026/a.png')).toBe(false);
    expect(await storage.getBytes('results/2026/a.png')).toBeNull();
    expect(await storage.getStream('results/2026/a.png')).toBeNull();
    expect(await storage.delete('results/2026/a.png')).toBe(false);
  });

  it('writes from a stream and reads as a stream', async () => {
    const written = await storage.put('big.bin', Readable.from(['part one, ', 'part two']));
    expect(written.size).toBe(18);
    const stream = await storage.getStream('big.bin');
    expect(stream && (await text(stream))).toBe('part one, part two');
  });

  it('replaces a file whole: a reader sees the old one until the new one is complete', async () => {
    await storage.put('invoice.pdf', Buffer.from('old'));
    const body = new PassThrough();
    const writing = storage.put('invoice.pdf', body);
    body.write('new, first half; ');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await storage.getBytes('invoice.pdf'))?.toString()).toBe('old');
    body.end('second half');
    await writing;
    expect((await storage.getBytes('invoice.pdf'))?.toString()).toBe('new, first half; second half');
  });

  it('leaves the old file and no temporary one when a write fails', async () => {
    await storage.put('kept.txt', Buffer.from('before'));
    const failing = new Readable({
      read() {
        this.push('half');
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('kept.txt', failing)).rejects.toThrow('connection lost');
    expect((await storage.getBytes('kept.txt'))?.toString()).toBe('before');
    expect(filesUnder(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps its files private to the server user', async () => {
    await storage.put('private/p.txt', Buffer.from('x'));
    expect(statSync(path.join(root, 'private/p.txt')).mode & 0o077).toBe(0);
    expect(statSync(path.join(root, 'private')).mode & 0o077).toBe(0);
  });

  it.each([
    '',
    '.',
    '..',
    '../outside.txt',
    'a/../../outside.txt',
    'a/./b',
    '/etc/passwd',
    'a//b',
    'a/',
    'a\\..\\b',
    '.tmp/x',
    '.hidden',
    'c:/x',
    `${'x'.repeat(513)}`,
  ])('refuses the key %j before touching the disk', async (key) => {
    expect(isStorageKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.getBytes(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.getStream(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(() => storage.uriOf(key)).toThrow(InvalidStorageKey);
    expect(readdirSync(dataDir)).toEqual(['files']);
  });

  it('answers a folder as no file', async () => {
    await storage.put('folder/inside.txt', Buffer.from('x'));
    expect(await storage.exists('folder')).toBe(false);
    expect(await storage.getBytes('folder')).toBeNull();
    expect(await storage.getStream('folder')).toBeNull();
    expect(await storage.delete('folder')).toBe(false);
  });

  it('names a file by a file: address under its root', () => {
    expect(storage.scheme).toBe('file');
    expect(storage.uriOf('results/a.png')).toBe(`file://${root}/results/a.png`);
  });
});
