// `publish` (prepack): points the manifest at dist/ for the tarball; `restore` (postpack): puts the
// workspace's manifest back. In the repository the entries stay ./src/*.ts, so that tests and the
// other workspaces use the SDK with no build step.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = path.join(root, 'package.json');
// Git ignores .cache/: a pack stopped half-way leaves nothing to commit by mistake.
const saved = path.join(root, '.cache', 'package.json');

/** The workspace's manifest back in place, if a pack changed it. */
export function restore() {
  if (!existsSync(saved)) return;
  copyFileSync(saved, manifest);
  rmSync(saved);
}

/** The manifest of the tarball: entries in dist/, nothing of the workspace's development. */
export function publish() {
  restore();
  const workspace = JSON.parse(readFileSync(manifest, 'utf8'));
  mkdirSync(path.dirname(saved), { recursive: true });
  copyFileSync(manifest, saved);
  const entry = (name) => ({ types: `./dist/${name}.d.ts`, import: `./dist/${name}.js` });
  const { devDependencies: _dev, scripts: _scripts, ...kept } = workspace;
  const published = {
    ...kept,
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': entry('index'), './node': entry('node'), './package.json': './package.json' },
  };
  writeFileSync(manifest, `${JSON.stringify(published, null, 2)}\n`);
}

const command = process.argv[2];
if (command === 'publish') publish();
else if (command === 'restore') restore();
else if (command) throw new Error(`unknown command ${command}: publish or restore`);
