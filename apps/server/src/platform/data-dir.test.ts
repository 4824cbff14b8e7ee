import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, lockFileName } from './data-dir.ts';
import { openDatabase } from './db/client.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'cutout-data-')));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});
const writeLock = (dir: string, owner: object) =>
  writeFileSync(path.join(dir, lockFileName), JSON.stringify(owner));

// A new PGlite database takes seconds to create: the tests start from copies of one.
let template: string;
let templateOpenToOthers: string[];
beforeAll(async () => {
  template = newDataDir();
  chmodSync(template, 0o755);
  const database = await openDatabase({ dataDir: template });
  templateOpenToOthers = openToOthers(template);
  await database.close();
});
const copyOfTemplate = () => {
  const dir = newDataDir();
  cpSync(template, dir, { recursive: true });
  return dir;
};

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

/** Every directory and file under `dir` (itself included) whose mode lets anyone else in. */
function openToOthers(dir: string): string[] {
  const entries = [
    dir,
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  ];
  return entries
    .map((entry) => `${(statSync(entry).mode & 0o777).toString(8)} ${entry}`)
    .filter((line) => !/^(600|700) /.test(line));
}

describe('the embedded data directory', () => {
  it('is opened by one database at a time, and again once closed', async () => {
    const dataDir = copyOfTemplate();
    const first = await openDatabase({ dataDir });
    await first.db.execute('create table litres (quantity int)');
    await first.db.execute('insert into litres values (1)');
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(
      `DATA_DIR ${dataDir} is already open in this process (pid ${process.pid})`,
    );
    await first.close();

    const again = await openDatabase({ dataDir });
    const { rows } = (await again.db.execute('select quantity from litres')) as { rows: unknown[] };
    expect(rows).toEqual([{ quantity: 1 }]);
    await again.close();
  });

  it('names the directory and the pid of another running server', () => {
    const dataDir = newDataDir();
    // A live process of this host that is not this one; its start time is unknown to the file.
    writeLock(dataDir, { pid: process.ppid, host: hostname(), start: null });
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is in use by another Cutout server (pid ${process.ppid})`,
    );
  });

  it('takes over a lock whose process is gone, or is corrupt', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), host: hostname(), start: null });
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(readdirSync(dataDir)).toEqual([]);

    writeFileSync(path.join(dataDir, lockFileName), '');
    lockDataDir(dataDir).release();
    // A previous process of the same pid (a restarted container, pid 1) is gone too.
    writeLock(dataDir, { pid: process.pid, host: hostname(), start: null });
    lockDataDir(dataDir).release();
  });

  it('lets exactly one of several processes starting together take over a stale lock', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), host: hostname(), start: null });
    // Each waits for "go" on stdin, tries, says how it went, and holds on until stdin ends.
    const script = `
      import { createInterface } from 'node:readline';
      import { lockDataDir } from './src/platform/data-dir.ts';
      console.log('ready');
      createInterface({ input: process.stdin }).once('line', () => {
        try { lockDataDir(process.argv[1]); console.log('locked'); }
        catch (error) { console.log('refused: ' + error.message); }
        process.stdin.on('end', () => process.exit(0));
      });`;
    const children = Array.from({ length: 6 }, () => {
      const args = ['--import', 'tsx', '--input-type=module', '-e', script, dataDir];
      const child = spawn(process.execPath, args, { cwd: serverDir });
      let output = '';
      const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
      child.stdout.on('data', (chunk) => {
        output += chunk;
        for (const wait of waiting) {
          const line = wait.pattern.exec(output)?.[0];
          if (line) wait.resolve(line);
        }
      });
      const said = (pattern: RegExp) => new Promise<string>((resolve) => waiting.push({ pattern, resolve }));
      return { child, ready: said(/ready\n/), outcome: said(/(locked|refused.*)\n/) };
    });
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.child.stdin.write('go\n');
    const outcomes = await Promise.all(children.map((c) => c.outcome));
    for (const c of children) c.child.stdin.end();

    const winners = children.filter((_, i) => outcomes[i]?.includes('locked'));
    expect(winners, outcomes.join('')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => !o.includes('locked'))) {
      expect(outcome).toContain(`in use by another Cutout server (pid ${winners[0]?.child.pid})`);
    }
  });

  it('waits for a process taking over a stale lock, and names the process that took it', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), host: hostname(), start: null });
    // Another process is taking the stale lock over (it holds the guard); a third one wins the lock.
    const winner = { pid: process.ppid, host: hostname(), start: null };
    const script = `
      const { rmSync, writeFileSync } = require('node:fs');
      const [lock, guard, winner] = process.argv.slice(1);
      writeFileSync(guard, JSON.stringify({ pid: process.pid, host: require('node:os').hostname(), start: null }));
      console.log('guarding');
      setTimeout(() => { writeFileSync(lock, winner); rmSync(guard); }, 300);
      process.stdin.on('end', () => process.exit(0)).resume();`;
    const lockPath = path.join(dataDir, lockFileName);
    const taker = spawn(process.execPath, [
      '-e',
      script,
      lockPath,
      `${lockPath}.takeover`,
      JSON.stringify(winner),
    ]);
    await new Promise((resolve) => taker.stdout.once('data', resolve));

    expect(() => lockDataDir(dataDir)).toThrow(`in use by another Cutout server (pid ${winner.pid})`);
    expect(readFileSync(lockPath, 'utf8')).toBe(JSON.stringify(winner));
    taker.stdin.end();
  });

  it.runIf(process.platform === 'linux')('tells a pid taken by another process since from the owner', () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: process.ppid, host: hostname(), start: 'another-boot/1' });
    lockDataDir(dataDir).release();
  });

  it('keeps the lock of another host, whose processes it cannot see', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), host: 'elsewhere.example', start: null });
    expect(() => lockDataDir(dataDir)).toThrow(
      /in use by another Cutout server \(pid \d+ on elsewhere\.example\)/,
    );
    expect(() => lockDataDir(dataDir)).toThrow(`delete ${path.join(dataDir, lockFileName)}`);
  });

  it('is created private to the server: directories 0700, files 0600', () => {
    expect(templateOpenToOthers).toEqual([]);
  });

  it('is made private when an earlier version left it open to all', async () => {
    const dataDir = copyOfTemplate();
    chmodSync(dataDir, 0o755);
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
    }
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    await (await openDatabase({ dataDir })).close();
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is neither locked nor touched when the database is PostgreSQL', async () => {
    const dataDir = newDataDir();
    const lock = lockDataDir(dataDir);
    // The pool connects on the first query: none is made here.
    const url = 'postgres://postgres@127.0.0.1:9/none';
    const first = await openDatabase({ url, dataDir });
    const second = await openDatabase({ url, dataDir });
    expect(first.kind).toBe('postgres');
    await Promise.all([first.close(), second.close()]);
    lock.release();
  });
});

function startServer(dataDir: string) {
  let output = '';
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...env, LOG_LEVEL: 'info', PORT: '0', DATA_DIR: dataDir, ENGINE_PRELOAD: 'false' },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seen = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) resolve();
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      void exited.then(() => reject(new Error(`exited before ${pattern}:\n${output}`)));
    });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, exited, running: () => seen(/running at/), output: () => output };
}

describe('two servers on one DATA_DIR', () => {
  it('refuses the second while the first runs, and starts after the first was killed', async () => {
    const dataDir = copyOfTemplate();
    const first = startServer(dataDir);
    await first.running();
    // All it wrote (the database, migrated and seeded) is private to it.
    expect(openToOthers(dataDir)).toEqual([]);

    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${dataDir} is in use by another Cutout server (pid ${first.child.pid})`,
    );

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startServer(dataDir);
    await third.running();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
