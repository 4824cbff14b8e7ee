import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
// By absolute URL: the command may run in a temporary folder, where 'tsx' would not resolve.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  /** Added to a clean environment (PATH, HOME, and a config path no test shares). */
  env?: Record<string, string>;
  /** Written to standard input, which is then closed. */
  input?: string;
}

/** The command line as a child process, as a user runs it (not a terminal: pipes). */
export class Cli {
  readonly child: ChildProcessWithoutNullStreams;
  stdout = '';
  stderr = '';
  readonly exited: Promise<CliResult>;

  constructor(args: string[], options: CliOptions = {}) {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      CUTOUT_CONFIG: path.join(os.tmpdir(), `cutout-no-config-${process.pid}.json`),
      ...options.env,
    };
    this.child = spawn(process.execPath, ['--import', tsx, main, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env,
    });
    this.child.stdout.on('data', (chunk) => {
      this.stdout += String(chunk);
    });
    this.child.stderr.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.child.stdin.end(options.input ?? '');
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code) => resolve({ code, stdout: this.stdout, stderr: this.stderr }));
    });
  }

  /** Resolves once stderr (or stdout) matches; rejects if the process ends or time runs out first. */
  async waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    let ended = false;
    void this.exited.then(() => {
      ended = true;
    });
    while (!pattern.test(this.stderr) && !pattern.test(this.stdout)) {
      if (ended || Date.now() - started > timeoutMs)
        throw new Error(`no ${pattern} in the output:\n${this.stderr}\n${this.stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }
}

/** Runs the command line to its end. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Cli(args, options).exited;
}
