import { createHash, randomUUID } from 'node:crypto';
import { type FileRef, type ImageSize, imageSizeBoxes } from '@cutout/contracts';
import sharp from 'sharp';
import { DomainError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/storage.port.ts';
import type { FileRow, FilesRepo } from './files.repo.ts';

/** The image types a file may hold: sharp's name of the format, and the original's extension. */
const imageTypes: Record<string, { format: string; extension: string }> = {
  'image/png': { format: 'png', extension: 'png' },
  'image/jpeg': { format: 'jpeg', extension: 'jpg' },
  'image/webp': { format: 'webp', extension: 'webp' },
};

/** Resized copies are WEBP: small, with transparency, read by every browser the site supports. */
const resizedMime = 'image/webp';

/** An image ready to answer: its validator, its type, and its bytes read only when needed. */
export interface FileImage {
  etag: string;
  contentType: string;
  read(): Promise<Buffer>;
}

/** Where the resized copy of a version of a file lies: a new updatedAt is a new key. */
const renditionKey = (row: FileRow, size: ImageSize) =>
  `images/${row.id}/${size}-${row.updatedAt.getTime()}.webp`;

/** Strong: the bytes of one id, version and size never change. */
export const etagOf = (row: Pick<FileRow, 'id' | 'updatedAt'>, size: ImageSize): string =>
  `"${createHash('sha256').update(`${row.id}:${row.updatedAt.toISOString()}:${size}`).digest('base64url').slice(0, 27)}"`;

/**
 * Files (SPEC §3 File): originals kept on the storage port, answered in the sizes of
 * `imageSizes`, each resized once and kept under a derived key.
 */
export function createFilesService(deps: {
  repo: FilesRepo;
  storage: FileStorage;
  now: () => Date;
  newId?: () => string;
}) {
  const { repo, storage } = deps;
  const newId = deps.newId ?? randomUUID;
  /** Resizes in progress, so that two first requests for one size resize once. */
  const inFlight = new Map<string, Promise<Buffer>>();
  const counters = { resized: 0 };
  /**
   * Refs already read. A file is written once and never changed (a new picture is a new file), so
   * a ref read once holds for good; at most `knownRefsLimit` are kept.
   */
  const knownRefs = new Map<string, FileRef>();
  const knownRefsLimit = 20_000;

  async function original(row: FileRow): Promise<Buffer> {
    const bytes = await storage.getBytes(row.storageKey);
    if (!bytes) throw new Error(`file ${row.id}: original missing at ${storage.uriOf(row.storageKey)}`);
    return bytes;
  }

  async function resized(row: FileRow, size: Exclude<ImageSize, 'original'>): Promise<Buffer> {
    const key = renditionKey(row, size);
    const kept = await storage.getBytes(key);
    if (kept) return kept;
    const box = imageSizeBoxes[size];
    const bytes = await sharp(await original(row))
      .rotate()
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    counters.resized += 1;
    await storage.put(key, bytes);
    return bytes;
  }

  function once(key: string, work: () => Promise<Buffer>): Promise<Buffer> {
    const running = inFlight.get(key);
    if (running) return running;
    const started = work().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return {
    /**
     * Stores an image (PNG, JPEG or WEBP) and records it. VALIDATION_ERROR when the bytes are not
     * an image of the type named: the original is answered with that type.
     */
    async put(input: { bytes: Uint8Array; mime: string }): Promise<FileRef> {
      const type = imageTypes[input.mime];
      const meta = type
        ? await sharp(input.bytes)
            .metadata()
            .catch(() => null)
        : null;
      if (!type || meta?.format !== type.format || !meta.width || !meta.height)
        throw new DomainError('VALIDATION_ERROR');
      const id = newId();
      const storageKey = `images/${id}/original.${type.extension}`;
      await storage.put(storageKey, input.bytes);
      const now = deps.now();
      const row = await repo.insert({
        id,
        storageKey,
        mime: input.mime,
        width: meta.width,
        height: meta.height,
        updatedAt: now,
        createdAt: now,
      });
      return { id: row.id, updatedAt: row.updatedAt.toISOString() };
    },

    /** The id and updatedAt of each file of these ids that exists. */
    async refsOf(ids: string[]): Promise<FileRef[]> {
      const unknown = ids.filter((id) => !knownRefs.has(id));
      if (unknown.length > 0) {
        if (knownRefs.size + unknown.length > knownRefsLimit) knownRefs.clear();
        for (const row of await repo.findMany(unknown))
          knownRefs.set(row.id, { id: row.id, updatedAt: row.updatedAt.toISOString() });
      }
      return ids.flatMap((id) => knownRefs.get(id) ?? []);
    },

    /** The image of a file in a size; NOT_FOUND for an unknown id. */
    async image(input: { id: string; size: ImageSize }): Promise<FileImage> {
      const [row] = await repo.findMany([input.id]);
      if (!row) throw new DomainError('NOT_FOUND');
      const { size } = input;
      if (size === 'original')
        return { etag: etagOf(row, size), contentType: row.mime, read: () => original(row) };
      return {
        etag: etagOf(row, size),
        contentType: resizedMime,
        read: () => once(renditionKey(row, size), () => resized(row, size)),
      };
    },

    /** How many resizes this service has run (tests check that a kept copy is reused). */
    counters: counters as Readonly<typeof counters>,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
