// Model preparation runs in a child process so that its memory churn (the optimiser's hundreds of
// MB that glibc keeps, the calibration's sessions) never lands in the server:
// `child.mjs optimize SOURCE TARGET [OUTPUT]` (optimize.ts) or `child.mjs calibrate MODEL THREADS`
// (calibrate.ts). The work itself is TypeScript.
import { importTypeScript } from '../import-ts.mjs';

const tasks = { optimize: './optimize.ts', calibrate: './calibrate.ts' };
try {
  const [task, ...args] = process.argv.slice(2);
  const file = tasks[task];
  if (!file) throw new Error(`unknown task ${task}: expected ${Object.keys(tasks).join(' or ')}`);
  const { main } = await importTypeScript(new URL(file, import.meta.url).href);
  await main(args);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
