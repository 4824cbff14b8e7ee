import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/storage.port.ts';
import type { FileRow, FilesRepo } from './files.repo.ts';
import { createFilesService, etagOf } from './files.service.ts';

/** Files in memory: a repo over a map and storage over another. */
function inMemory() {
  const rows = new Map<string, FileRow>();
  const stored = new Map<string, Buffer>();
  const repo: FilesRepo = {
    insert: async (row) => {
      const full = { ...row, updatedAt: row.updatedAt ?? new Date(), createdAt: row.createdAt ?? new Date() };
      rows.set(row.id, full);
      return full;
    },
    findMany: async (ids) => ids.flatMap((id) => rows.get(id) ?? []),
  };
  const storage: FileStorage = {
    scheme: 'memory',
    put: async (key, body) => {
      const bytes = body instanceof Uint8Array ? Buffer.from(body) : Buffer.concat(await body.toArray());
      stored.set(key, bytes);
      return { key, size: bytes.length };
    },
    getBytes: async (key) => stored.get(key) ?? null,
    getStream: async (key) => (stored.has(key) ? Readable.from([stored.get(key) as Buffer]) : null),
    exists: async (key) => stored.has(key),
    delete: async (key) => stored.delete(key),
    uriOf: (key) => `memory:${key}`,
  };
  let next = 0;
  const now = new Date('2026-11-23T10:00:00Z');
  const files = createFilesService({ repo, storage, now: () => now, newId: () => `file${++next}` });
  return { files, stored };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('files service', () => {
  it('stores an image under its id and answers its reference', async () => {
    const { files, stored } = inMemory();
    expect(await files.put({ bytes: await png(300, 200), mime: 'image/png' })).toEqual({
      id: 'file1',
      updatedAt: '2026-11-23T10:00:00.000Z',
    });
    expect([...stored.keys()]).toEqual(['images/file1/original.png']);
    expect(await files.refsOf(['file1', 'missing'])).toEqual([
      { id: 'file1', updatedAt: '2026-11-23T10:00:00.000Z' },
    ]);
  });

  it('refuses what is not an image of the type named', async () => {
    const { files } = inMemory();
    const refused = (bytes: Uint8Array, mime: string) =>
      files.put({ bytes, mime }).then(
        () => null,
        (error: unknown) => (error instanceof DomainError ? error.code : error),
      );
    expect(await refused(Buffer.from('not an image'), 'image/png')).toBe('VALIDATION_ERROR');
    expect(await refused(await png(10, 10), 'image/jpeg')).toBe('VALIDATION_ERROR');
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('resizes a size once, even when asked twice at the same time, never enlarging', async () => {
    const { files } = inMemory();
    const { id } = await files.put({ bytes: await png(300, 200), mime: 'image/png' });
    const medium = await files.image({ id, size: 'medium' });
    const [first, second] = await Promise.all([medium.read(), medium.read()]);
    expect(files.counters.resized).toBe(1);
    expect(second.equals(first)).toBe(true);
    await (await files.image({ id, size: 'medium' })).read();
    expect(files.counters.resized).toBe(1);
    // 640 is larger than the picture: it keeps its 300×200.
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    const thumbnail = await (await files.image({ id, size: 'thumbnail' })).read();
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 160, height: 107 });
    expect(files.counters.resized).toBe(2);
  });

  it('tags each id, version and size apart; NOT_FOUND for an unknown id', async () => {
    const { files } = inMemory();
    const updatedAt = new Date('2026-11-23T10:00:00Z');
    const tags = new Set([
      etagOf({ id: 'a', updatedAt }, 'small'),
      etagOf({ id: 'a', updatedAt }, 'large'),
      etagOf({ id: 'b', updatedAt }, 'small'),
      etagOf({ id: 'a', updatedAt: new Date(updatedAt.getTime() + 1) }, 'small'),
    ]);
    expect(tags.size).toBe(4);
    await expect(files.image({ id: 'nothing', size: 'small' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
