// `node packages/engine/src/launch.mjs SCRIPT [ARGS...]`: runs a TypeScript entry point (through tsx)
// in a process with the engine's allocator settings for this machine (allocator.mjs: huge pages
// where its probe found them cheaper; the first start on a machine measures, ~7 s). glibc reads them
// only when a process starts, hence a process of its own. Signals are passed on; the exit code is the
// script's. The container image starts the server and the inference workers this way, and the root
// `npm start` through launchScript().

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { allocatorEnv } from './allocator.mjs';

/**
 * Starts `script` (TypeScript, through tsx) with `args` in a process of its own with the allocator
 * settings; this process passes SIGINT and SIGTERM on and exits with the script's code.
 * @param {string} script
 * @param {string[]} [args]
 */
export async function launchScript(script, args = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: await allocatorEnv(process.env, { log: console.log }),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node packages/engine/src/launch.mjs SCRIPT [ARGS...]');
    process.exit(2);
  }
  await launchScript(script, args);
}
