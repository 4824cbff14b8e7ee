import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The data directory of the embedded mode (PGlite in `DATA_DIR/db`, files in `DATA_DIR/files`)
 * belongs to one server process at a time: two processes on one PGlite directory each keep their
 * own copy of the database in memory and overwrite each other's writes. The owner is written to
 * `DATA_DIR/server.lock` (pid, host, and on Linux when the process started); a lock whose process
 * no longer runs is stale and taken over.
 */
export const lockFileName = 'server.lock';

interface LockOwner {
  pid: number;
  host: string;
  /** Boot and start time of the process (Linux): tells a reused pid from the owner. */
  start: string | null;
}

/** A running process holds the data directory; the message names it and says what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: { pid: number; host: string },
  ) {
    const here = owner.host === hostname();
    super(
      here && owner.pid === process.pid
        ? `DATA_DIR ${dir} is already open in this process (pid ${owner.pid}).`
        : `DATA_DIR ${dir} is in use by another Cutout server (pid ${owner.pid}${here ? '' : ` on ${owner.host}`}): ` +
            'two servers on one embedded database lose each other’s writes. Stop that one first, give this ' +
            'one another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database between servers.' +
            (here ? '' : ` If it no longer runs there, delete ${path.join(dir, lockFileName)}.`),
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** The directory, resolved. */
  dir: string;
  /** Gives the directory up; the next process may take it. */
  release(): void;
}

/** The lock files this process holds: its own pid in a lock file means a previous process only when not here. */
const heldHere = new Set<string>();

/** When a process started, as `boot id/start ticks`; null where /proc does not say (not Linux, not visible). */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, start time 22.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks ? `${bootId}/${startTicks}` : null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner, lockPath: string): boolean {
  // Processes of another host cannot be seen from here: its lock stands until it goes.
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return heldHere.has(lockPath);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStart(owner.pid);
  return owner.start === null || start === null || start === owner.start;
}

/** The lock file's text and owner; undefined when there is none, owner null when it is not one of ours. */
function readLock(lockPath: string): { text: string; owner: LockOwner | null } | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    const valid = Number.isInteger(owner.pid) && owner.pid > 0 && typeof owner.host === 'string';
    return { text, owner: valid ? owner : null };
  } catch {
    return { text, owner: null };
  }
}

/** Puts `draft` in place as `target` unless `target` exists: atomic, and the file is whole when it appears. */
function linkIfAbsent(draft: string, target: string): boolean {
  try {
    linkSync(draft, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the data directory for this process, creating it private (0700), or throws
 * DataDirInUseError when a running process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dir = realpathSync(dataDir);
  const lockPath = path.join(dir, lockFileName);
  const ours = JSON.stringify({ pid: process.pid, host: hostname(), start: processStart(process.pid) });
  const draft = path.join(dir, `${lockFileName}.${randomUUID()}`);
  writeFileSync(draft, ours, { mode: 0o600 });
  try {
    for (let attempt = 0; !linkIfAbsent(draft, lockPath); attempt += 1) {
      const found = readLock(lockPath);
      if (found?.owner && isRunning(found.owner, lockPath)) {
        throw new DataDirInUseError(dir, found.owner);
      }
      if (attempt === 5) throw new Error(`Could not take ${lockPath}: other processes keep changing it.`);
      if (found) removeStale({ dir, lockPath, stale: found.text, draft });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  heldHere.add(lockPath);
  return {
    dir,
    release() {
      if (!heldHere.delete(lockPath)) return;
      if (readLock(lockPath)?.text === ours) rmSync(lockPath, { force: true });
    },
  };
}

/** How long a process waits for another one that is taking over a stale lock: microseconds, unless it hangs. */
const takeoverWaitMs = 2000;

/** Blocks this thread for `ms` milliseconds (the lock is taken before the server does anything else). */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Deletes a stale lock file if it still holds the text that was found stale. Two processes
 * starting together may both find it stale: a guard file lets one of them at a time do this, so
 * that the second sees the first one's new lock instead of deleting it. The others wait for the
 * guard to go and try again: the one that took it over is not always the one that wins the lock,
 * and a refusal names the winner. A guard left by a process killed in those few microseconds is
 * stale in the same way.
 */
function removeStale(options: { dir: string; lockPath: string; stale: string; draft: string }): void {
  const guard = `${options.lockPath}.takeover`;
  if (!linkIfAbsent(options.draft, guard)) {
    for (const waitUntil = Date.now() + takeoverWaitMs; ; sleep(1)) {
      const taker = readLock(guard);
      if (!taker) return;
      if (!taker.owner || !isRunning(taker.owner, guard)) {
        if (readLock(guard)?.text === taker.text) rmSync(guard, { force: true });
        return;
      }
      if (Date.now() > waitUntil) throw new DataDirInUseError(options.dir, taker.owner);
    }
  }
  try {
    if (readLock(options.lockPath)?.text === options.stale) rmSync(options.lockPath, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Makes the data directory and all in it private to the server's user: directories 0700, files
 * 0600 (PGlite writes its files 0666 whatever the umask). Links are left alone, and so is what
 * belongs to someone else (a mount point given to the server).
 */
export function tightenDataDir(dir: string): void {
  const chmod = (target: string, mode: number) => {
    try {
      chmodSync(target, mode);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Gone meanwhile (a temporary file), or someone else's.
      if (code !== 'ENOENT' && code !== 'EPERM') throw error;
    }
  };
  chmod(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const target = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmod(target, 0o700);
    else if (entry.isFile()) chmod(target, 0o600);
  }
}
