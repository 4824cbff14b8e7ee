import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { UsageError } from './usage-error.ts';

/** The extensions of the images the service takes. */
export const imageExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/** One image to process. */
export interface InputFile {
  /** The path as found: the argument, or the argument joined with what lies below it. */
  path: string;
  /** Where it goes below the output folder: below the folder or the glob's fixed part; else its name. */
  relative: string;
}

export interface CollectOptions {
  /** Folders never walked into, such as the output folder when it lies inside an input folder. */
  exclude?: string[];
  cwd?: string;
  /** Told about named files that are not images (they are left out). */
  warn?: (message: string) => void;
}

export function isImageName(name: string): boolean {
  return (imageExtensions as readonly string[]).includes(path.extname(name).toLowerCase());
}

/**
 * Expands the arguments of `remove` (files, folders, globs) into the images to process, in the
 * order given (each folder and glob sorted), each file once. A missing file or a glob that matches
 * nothing is a usage error: a typo should not pass as "nothing to do".
 */
export async function collectInputs(
  args: readonly string[],
  options: CollectOptions = {},
): Promise<InputFile[]> {
  const cwd = options.cwd ?? process.cwd();
  const excluded = (options.exclude ?? []).map((dir) => path.resolve(cwd, dir));
  const seen = new Set<string>();
  const files: InputFile[] = [];
  const add = (file: InputFile) => {
    const absolute = path.resolve(cwd, file.path);
    if (seen.has(absolute) || excluded.some((dir) => isInside(absolute, dir))) return;
    seen.add(absolute);
    files.push(file);
  };

  for (const arg of args) {
    const stats = await stat(path.resolve(cwd, arg)).catch(() => null);
    if (stats?.isDirectory()) {
      for (const relative of await walk(path.resolve(cwd, arg), excluded)) {
        add({ path: path.join(arg, relative), relative });
      }
    } else if (stats?.isFile()) {
      if (isImageName(arg)) add({ path: arg, relative: path.basename(arg) });
      else options.warn?.(`${arg}: not a ${imageExtensions.join(' ')} file, left out`);
    } else if (isDynamicPattern(arg)) {
      const absolute = path.isAbsolute(arg);
      const matches = await glob(arg, {
        cwd,
        absolute,
        onlyFiles: true,
        dot: false,
        expandDirectories: false,
        followSymbolicLinks: false,
      });
      const images = matches.filter(isImageName).sort();
      if (images.length === 0) throw new UsageError(`no images match ${arg}`);
      const base = path.resolve(cwd, globBase(arg));
      for (const match of images)
        add({ path: match, relative: path.relative(base, path.resolve(cwd, match)) });
    } else {
      throw new UsageError(`no such file or folder: ${arg}`);
    }
  }
  return files;
}

/** The images below a folder, as paths relative to it, sorted; hidden entries and excluded folders skipped. */
export async function walk(root: string, exclude: readonly string[] = []): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string) => {
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      // Symbolic links to files count; links to folders are not followed (no loops).
      const isFile =
        entry.isFile() || (entry.isSymbolicLink() && (await stat(full).catch(() => null))?.isFile());
      if (entry.isDirectory()) {
        if (!exclude.some((dir) => path.resolve(full) === dir)) await visit(full);
      } else if (isFile && isImageName(entry.name)) {
        found.push(path.relative(root, full));
      }
    }
  };
  await visit(root);
  return found;
}

/** The fixed folder a glob starts from: `photos/2024/**\/*.jpg` → `photos/2024`. */
export function globBase(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (isDynamicPattern(part)) break;
    fixed.push(part);
  }
  if (fixed.length === 0) return '.';
  return fixed.join('/') || '/';
}

export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
