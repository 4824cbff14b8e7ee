// The real processes the scale bench measures: web servers (apps/server/src/main.ts) and inference
// workers (apps/server/src/worker.ts), each started as `node --import tsx <script>` from the
// repository root with an environment of its own, and their memory as /proc reports it.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { configVariables } from '../../src/platform/config.ts';
import type { BenchRun } from './run.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface BenchProcess {
  name: string;
  pid: number;
  /** Stops it with SIGTERM (SIGKILL after 15 s) and waits for the exit. */
  stop(): Promise<void>;
}

export interface BenchServer extends BenchProcess {
  /** http://127.0.0.1:<port> */
  base: string;
}

/** A port free at the time of asking. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** This process's environment without any setting the server reads: each child gets only its own. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (configVariables.includes(name) || name.startsWith('PASSPORT')) delete env[name];
  }
  return env;
}

function start(run: BenchRun, name: string, script: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // A death the bench did not ask for explains the errors that follow it.
      if (!stopping) console.error(`${name} exited (${code ?? signal}) on its own:\n${lines.join('\n')}`);
      resolve(code);
    }),
  );
  const kill = () => child.kill('SIGKILL');
  run.children.add(kill);
  void exited.then(() => run.children.delete(kill));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    child.kill('SIGTERM');
    const timer = setTimeout(kill, 15_000);
    await exited;
    clearTimeout(timer);
  };
  run.defer(`stop ${name}`, stop);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not start`);
  /** Fails with the process's last output when it exits before `ready` settles. */
  const untilReady = async (ready: Promise<void>, timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const failure = Promise.race([
      exited.then((code) => {
        throw new Error(`${name} exited (${code}) while starting:\n${lines.join('\n')}`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${name} not ready after ${timeoutMs} ms:\n${lines.join('\n')}`)),
          timeoutMs,
        );
      }),
    ]);
    try {
      await Promise.race([ready, failure]);
    } finally {
      clearTimeout(timer);
      failure.catch(() => {});
    }
  };
  const alive = () => child.exitCode === null && child.signalCode === null;
  return { pid, stop, listeners, untilReady, alive };
}

/**
 * A web server on a port of its own and a new DATA_DIR, ready when /healthz answers. `env` adds to
 * the bench's defaults (LOG_LEVEL=warn, OUTBOX_PAGE=true, a high API rate limit).
 */
export async function startServer(
  run: BenchRun,
  options: { name: string; env?: Record<string, string> },
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: await run.tempDir(options.name),
    LOG_LEVEL: 'warn',
    OUTBOX_PAGE: 'true',
    API_REQUESTS_PER_MINUTE: '1000000',
    ...options.env,
  };
  const child = start(run, options.name, 'apps/server/src/main.ts', env);
  const deadline = Date.now() + 180_000;
  const healthy = (async () => {
    while (child.alive() && Date.now() < deadline) {
      const response = await fetch(`${base}/healthz`).catch(() => null);
      if (response?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await child.untilReady(healthy, 180_000);
  return { name: options.name, pid: child.pid, base, stop: child.stop };
}

/** An inference worker, ready when it logs so (it runs at LOG_LEVEL=info for that line). */
export async function startWorker(
  run: BenchRun,
  options: { name: string; env: Record<string, string> },
): Promise<BenchProcess> {
  const child = start(run, options.name, 'apps/server/src/worker.ts', { LOG_LEVEL: 'info', ...options.env });
  const ready = new Promise<void>((resolve) => {
    child.listeners.add((line) => {
      if (line.includes('inference worker ready')) resolve();
    });
  });
  await child.untilReady(ready, 180_000);
  return { name: options.name, pid: child.pid, stop: child.stop };
}

/** The pids of a process's children, grandchildren and so on (worker threads are not processes). */
async function descendants(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children: number[] = [];
  for (const task of tasks) {
    const text = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    children.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  const below = await Promise.all(children.map(descendants));
  return [...children, ...below.flat()];
}

/** VmRSS of a process and all its descendants, in bytes. */
export async function treeRss(pid: number): Promise<number> {
  let total = 0;
  for (const id of [pid, ...(await descendants(pid))]) {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '');
    const kb = status.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    if (kb) total += Number(kb) * 1024;
  }
  return total;
}
