// Builds dist/ for the published package: one ES module and one bundled .d.ts per entry, with the
// contracts' tables and types inlined (@cutout/contracts is private and never published).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'esbuild';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const contractsDir = path.dirname(fileURLToPath(import.meta.resolve('@cutout/contracts')));

/**
 * The SDK takes only the public API's tables and the limits from the contracts: this plugin serves
 * those two files in place of the contracts' index, so that nothing else of it (zod) is bundled.
 */
const contractsTables = {
  name: 'contracts-tables',
  setup(b) {
    b.onResolve({ filter: /^@cutout\/contracts$/ }, () => ({ path: 'tables', namespace: 'contracts' }));
    b.onLoad({ filter: /.*/, namespace: 'contracts' }, () => ({
      contents: "export * from './public-api.ts';\nexport * from './limits.ts';\n",
      resolveDir: contractsDir,
      loader: 'ts',
    }));
  },
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  plugins: [contractsTables],
  logLevel: 'warning',
};
// The main entry is built for no platform: any import of node:* or a package would fail the build.
await build({
  ...common,
  entryPoints: [path.join(root, 'src/index.ts')],
  outfile: path.join(dist, 'index.js'),
  platform: 'neutral',
});
// The Node entry imports the main one by its name, so both share one copy of the classes.
await build({
  ...common,
  entryPoints: [path.join(root, 'src/node.ts')],
  outfile: path.join(dist, 'node.js'),
  platform: 'node',
  external: ['@cutout/sdk'],
});

// The main entry's types in one file, the contracts' among them.
const [indexTypes] = generateDtsBundle(
  [
    {
      filePath: path.join(root, 'src/index.ts'),
      output: { noBanner: true, exportReferencedTypes: false },
    },
  ],
  // This configuration reaches the contracts by a path, not through node_modules: their files are then
  // the bundle's own, compiled and inlined.
  { preferredConfigPath: path.join(root, 'scripts/tsconfig.dts.json') },
);
writeFileSync(path.join(dist, 'index.d.ts'), indexTypes);
// The Node entry's types name the main entry's (`from '@cutout/sdk'`), as its code does: one file's
// declarations, emitted alone.
const nodeTypes = ts.transpileDeclaration(readFileSync(path.join(root, 'src/node.ts'), 'utf8'), {
  compilerOptions: { allowImportingTsExtensions: true, module: ts.ModuleKind.ESNext },
});
if (nodeTypes.diagnostics?.length)
  throw new Error(ts.formatDiagnostics(nodeTypes.diagnostics, ts.createCompilerHost({})));
writeFileSync(path.join(dist, 'node.d.ts'), nodeTypes.outputText);
