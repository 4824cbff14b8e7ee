import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
  }
  return file;
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
