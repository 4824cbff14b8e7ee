import type { Readable } from 'node:stream';

/**
 * The port of file storage: images, invoices and uploads kept by key. Adapters, one folder each:
 * `local/` (files under DATA_DIR/files, the default); S3-compatible object storage comes as another
 * folder beside it. A module keeps the key of its file in its own table; the key is the file's id in
 * every adapter, so that moving to S3 is copying the files, not rewriting rows.
 */
export interface FileStorage {
  /** The scheme of the adapter's addresses: 'file', 's3'. */
  readonly scheme: string;
  /**
   * Stores bytes or a stream under a key, replacing the file that was there. Atomic: a reader gets
   * the old file or the new one whole, never a part; a write that fails leaves the old file as it was.
   */
  put(key: string, body: Uint8Array | Readable): Promise<StoredFile>;
  /** The whole file, or null when there is none. */
  getBytes(key: string): Promise<Buffer | null>;
  /** The file as a stream (for large files and HTTP answers), or null when there is none. */
  getStream(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; answers whether there was one. */
  delete(key: string): Promise<boolean>;
  /**
   * Where the file lies, in the adapter's scheme (`file:///srv/data/files/results/a.png`,
   * `s3://bucket/results/a.png`): for logs and operators, never an address handed to a browser.
   */
  uriOf(key: string): string;
}

export interface StoredFile {
  key: string;
  /** Bytes written. */
  size: number;
}

/** A key that is not one (see `isStorageKey`); thrown before anything is read or written. */
export class InvalidStorageKey extends Error {
  constructor(readonly key: string) {
    super(`not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKey';
  }
}

const segment = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
const keyPattern = new RegExp(`^${segment}(?:/${segment})*$`);

/**
 * Keys are relative paths of plain names: segments of letters, digits, '_', '-' and '.', joined by
 * '/', none starting with a dot, at most 512 characters (`results/2026/11/5f0c.png`). So a key can
 * name no parent folder, no absolute path and no hidden file, in any adapter.
 */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKey(key);
}
