// `npm test`: the whole suite — unit, integration and end-to-end in Debian's Chromium — in one Vitest
// run, ending with one summary line. Extra arguments go to Vitest (e.g. `npm test -- --project server`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const run = (command, commandArgs, options = {}) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

const wantsE2e = args.length === 0 || args.some((arg) => arg.includes('e2e'));
if (wantsE2e && !existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian packages chromium and fonts-dejavu-core…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env }) !== 0 ||
      run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { env }) !== 0
    ) {
      console.error('Could not install chromium with apt-get.');
      process.exit(1);
    }
  } else {
    console.error(
      `The end-to-end tests need Chromium at ${chromium}. Install it with:\n` +
        '  sudo apt-get install chromium fonts-dejavu-core\n' +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
    process.exit(1);
  }
}

if (wantsE2e && run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) process.exit(1);

const reportDir = path.join(root, '.cache');
mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest-report.json');
const status = run(process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...args,
]);

if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  console.log(`\n${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(status);
