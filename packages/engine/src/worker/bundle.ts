import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));
/** Beside the engine's sources, so that the bundle's package imports resolve as theirs do. */
const BUNDLE_DIR = fileURLToPath(new URL('../../.bundle', import.meta.url));

/**
 * The worker and the engine code it imports as one JavaScript module, for the pool to start
 * (Piscina loads JavaScript). Loading TypeScript in a worker registers tsx there (Node 20's workers
 * do not inherit loader hooks), which starts a loader thread of its own and keeps tsx, its
 * transformed sources and their source maps in memory: ~26-40 MB per worker, under every network
 * run (README, "Workers"). Installed packages stay imports; each module's `import.meta.url` stays
 * its own source file's, so the files it reads beside itself (the kernels' WebAssembly) are found.
 * Written once per content into `packages/engine/.bundle` (git-ignored), ~0.1 s when the first
 * engine of a process starts; later engines of the process take the same file.
 */
export function workerBundle(): Promise<string> {
  bundled ??= writeBundle();
  // A failed bundle is not kept: the next engine tries again.
  bundled.catch(() => {
    bundled = null;
  });
  return bundled;
}

let bundled: Promise<string> | null = null;

async function writeBundle(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [installedPackagesOutside, ownFileUrls],
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('the worker bundle is empty');
  const digest = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(BUNDLE_DIR, `worker-${digest}.mjs`);
  if (!existsSync(file)) {
    await mkdir(BUNDLE_DIR, { recursive: true });
    // Written aside and renamed: engines starting at once never load half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, code);
    await rename(partial, file);
  } else {
    // Marked as in use, so that pruning by another process spares it.
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
  }
  await pruneBundles(BUNDLE_DIR, file).catch(() => {});
  return file;
}

/** A bundle unused this long is another version's: a process still running it has loaded it long ago. */
export const BUNDLE_MAX_AGE_MS = 7 * 24 * 3600_000;

/**
 * Removes the bundles in `dir` other than `current` that no engine has started from for
 * BUNDLE_MAX_AGE_MS (each code change leaves a new one behind, ~0.3 MB). A younger one may belong to
 * a process still running, whose pool loads it again when a worker is replaced.
 */
export async function pruneBundles(dir: string, current: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (file === current || !/^worker-[0-9a-f]{16}\.mjs$/.test(name)) continue;
    const { mtimeMs } = await stat(file);
    if (now - mtimeMs < BUNDLE_MAX_AGE_MS) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

/** Packages stay imports, but this repository's own (TypeScript sources, `@cutout/*`) come in. */
const installedPackagesOutside: Plugin = {
  name: 'installed-packages-outside',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@cutout/') ? undefined : { path: specifier, external: true },
    );
  },
};

/** Gives each bundled module its own source file's `import.meta.url`. */
const ownFileUrls: Plugin = {
  name: 'own-file-urls',
  setup(bundler) {
    bundler.onLoad({ filter: /\.(ts|mjs|js)$/ }, async ({ path: file }) => ({
      contents: (await readFile(file, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(file).href),
      ),
      loader: file.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};
