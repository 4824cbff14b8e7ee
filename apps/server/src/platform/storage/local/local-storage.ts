import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { assertStorageKey, type FileStorage, InvalidStorageKey } from '../storage.port.ts';

/** Where the local adapter keeps files: DATA_DIR/files. */
export const filesDirOf = (dataDir: string): string => path.join(dataDir, 'files');

/** Absent files read as null; anything else (a full disk, no permission) is thrown. */
const isAbsent = (error: unknown) =>
  ['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as { code?: string }).code ?? '');

/** Forces a written file onto the disk before it is renamed into place; answers its size. */
async function flushed(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/**
 * Files in a folder of this machine. A write goes to a private temporary file in `.tmp/` (no key
 * can name it: keys never start with a dot), is flushed to disk, then renamed over the key's path,
 * which is atomic within one file system. Files and folders are the server user's alone.
 */
export function createLocalStorage(options: { root: string }): FileStorage {
  const root = path.resolve(options.root);
  const temporary = path.join(root, '.tmp');

  /** The key's path, which must lie inside the root (checked again after resolving). */
  function pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new InvalidStorageKey(key);
    return full;
  }

  async function nullIfAbsent<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  return {
    scheme: 'file',

    async put(key, body) {
      const target = pathOf(key);
      await mkdir(temporary, { recursive: true, mode: 0o700 });
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const written = path.join(temporary, randomUUID());
      try {
        if (body instanceof Uint8Array) await writeFile(written, body, { flag: 'wx', mode: 0o600 });
        else await pipeline(body, createWriteStream(written, { flags: 'wx', mode: 0o600 }));
        const size = await flushed(written);
        await rename(written, target);
        return { key, size };
      } catch (error) {
        await rm(written, { force: true });
        throw error;
      }
    },

    async getBytes(key) {
      const file = pathOf(key);
      return nullIfAbsent(() => readFile(file));
    },

    async getStream(key) {
      const file = pathOf(key);
      return nullIfAbsent(async () => {
        const handle = await open(file, 'r');
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
        return handle.createReadStream();
      });
    },

    async exists(key) {
      const file = pathOf(key);
      return (await nullIfAbsent(() => stat(file)))?.isFile() ?? false;
    },

    async delete(key) {
      const file = pathOf(key);
      return (await nullIfAbsent(() => unlink(file).then(() => true))) ?? false;
    },

    uriOf(key) {
      return pathToFileURL(pathOf(key)).href;
    },
  };
}
