import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InputFile } from './inputs.ts';
import type { ResultFormat } from './options.ts';

/** The extension of each result format. */
const formatExtensions: Record<Exclude<ResultFormat, 'auto'>, string> = {
  png: '.png',
  jpg: '.jpg',
  webp: '.webp',
  avif: '.avif',
  zip: '.zip',
};

const mimeExtensions: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'application/zip': '.zip',
};

/** Every extension a result can have, for finding an output whose format the service chose. */
export const resultExtensions = Object.values(formatExtensions);

/** Where one input's result goes, before its extension is known. */
export interface OutputTarget {
  /** The output path without an extension: OUT/<relative without its extension>. */
  stem: string;
  /** The extension the asked format gives; null when the answer's media type decides (auto). */
  extension: string | null;
}

/** The target of an input: its relative path below `outDir`, its extension from the format. */
export function outputTarget(
  input: InputFile,
  outDir: string,
  format: ResultFormat | undefined,
): OutputTarget {
  const relative = input.relative.slice(0, input.relative.length - path.extname(input.relative).length);
  return {
    stem: path.join(outDir, relative),
    extension: format && format !== 'auto' ? formatExtensions[format] : null,
  };
}

/** The extension of an answer's media type (`image/png; charset` too); `.bin` for anything unknown. */
export function extensionOfMime(mime: string): string {
  return mimeExtensions[mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? '.bin';
}

/**
 * The result already there for a target: the file with its extension, or for `auto` any result
 * extension. The input itself never counts (an output folder may be the input folder).
 */
export async function existingOutput(target: OutputTarget, inputPath: string): Promise<string | null> {
  const candidates = target.extension ? [target.extension] : resultExtensions;
  for (const extension of candidates) {
    const file = target.stem + extension;
    if (path.resolve(file) === path.resolve(inputPath)) continue;
    if (await exists(file)) return file;
  }
  return null;
}

/**
 * Inputs that would write the same output (photo.jpg and photo.png in one folder): the first in
 * order keeps it, each later one maps to the path of the input that already holds it.
 */
export function findConflicts(targets: ReadonlyArray<{ input: InputFile; target: OutputTarget }>) {
  const owners = new Map<string, string>();
  const conflicts = new Map<string, string>();
  for (const { input, target } of targets) {
    const key = path.resolve(target.stem);
    const owner = owners.get(key);
    if (owner === undefined) owners.set(key, input.path);
    else conflicts.set(input.path, owner);
  }
  return conflicts;
}

let written = 0;

/**
 * Writes a file under a hidden temporary name in its own folder and renames it into place, so that
 * the path holds either nothing (or the old file) or the whole new one, never a part.
 */
export async function writeAtomic(file: string, bytes: Uint8Array | string, mode?: number): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}-${++written}-${randomBytes(3).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temp, bytes, { flag: 'wx', ...(mode !== undefined && { mode }) });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Whether a name is one of writeAtomic's temporary files. */
export function isTemporaryName(name: string): boolean {
  return /^\..+\.\d+-\d+-[0-9a-f]{6}\.tmp$/.test(name);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
