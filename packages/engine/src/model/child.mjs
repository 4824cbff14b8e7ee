// Model preparation runs in a child process so that its memory churn (the optimiser's hundreds of
// MB that glibc keeps, the calibration's sessions) never lands in the server:
// `child.mjs optimize SOURCE TARGET [OUTPUT]` and `child.mjs quantize SOURCE TARGET CALIBRATION`
// (optimize.ts) or `child.mjs calibrate MODEL THREADS` (calibrate.ts). The work itself is TypeScript.
import { importTypeScript } from '../import-ts.mjs';

const tasks = {
  optimize: ['./optimize.ts', 'main'],
  quantize: ['./optimize.ts', 'quantizeMain'],
  calibrate: ['./calibrate.ts', 'main'],
};
try {
  const [task, ...args] = process.argv.slice(2);
  const [file, entry] = tasks[task] ?? [];
  if (!file) throw new Error(`unknown task ${task}: expected ${Object.keys(tasks).join(', ')}`);
  const module = await importTypeScript(new URL(file, import.meta.url).href);
  await module[entry](args);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
