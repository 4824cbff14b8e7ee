import path from 'node:path';
import type { InputFile } from './inputs.ts';
import { extensionOfMime, type OutputTarget, writeAtomic } from './outputs.ts';
import { type FileError, FileFailure, fileErrorOf, type Processor } from './processors/processor.ts';

/** One image to cut out, and where its result goes. */
export interface Job {
  input: InputFile;
  target: OutputTarget;
}

export type FileStatus = 'done' | 'skipped' | 'failed';

/** What became of one input: a line of the report. */
export interface FileResult {
  input: string;
  output: string | null;
  status: FileStatus;
  litres: number;
  ms: number;
  error?: FileError;
}

export interface BatchOptions {
  processor: Processor;
  concurrency: number;
  onStart?: (job: Job) => void;
  onFinish?: (result: FileResult) => void;
}

/**
 * Runs jobs through a processor, `concurrency` at a time, in the order they were added. Jobs can be
 * added while it runs (watch). stop() starts nothing new; abort() also aborts what is in progress.
 */
export class Batch {
  private readonly queue: Job[] = [];
  private readonly controller = new AbortController();
  private readonly waiters: Array<() => void> = [];
  private active = 0;
  private stopped = false;

  constructor(private readonly options: BatchOptions) {}

  add(...jobs: Job[]): void {
    this.queue.push(...jobs);
    this.pump();
  }

  /** No job starts any more; those in progress finish. Answers the jobs that will never start. */
  stop(): Job[] {
    this.stopped = true;
    const left = this.queue.splice(0);
    this.settle();
    return left;
  }

  /** Stops and aborts the jobs in progress (they fail as interrupted). */
  abort(): Job[] {
    const left = this.stop();
    this.controller.abort();
    return left;
  }

  get inProgress(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves once nothing is in progress and nothing waits (or everything left was stopped). */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    while (!this.stopped && this.active < this.options.concurrency) {
      const job = this.queue.shift();
      if (!job) break;
      this.active++;
      this.options.onStart?.(job);
      void this.run(job).then((result) => {
        this.active--;
        this.options.onFinish?.(result);
        this.pump();
        this.settle();
      });
    }
  }

  private settle(): void {
    if (this.active > 0 || this.queue.length > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private async run(job: Job): Promise<FileResult> {
    const started = performance.now();
    const input = job.input.path;
    const elapsed = () => Math.round(performance.now() - started);
    let litres = 0;
    try {
      if (job.target.extension) refuseOverwritingInput(input, job.target.stem + job.target.extension);
      const removal = await this.options.processor.remove(input, this.controller.signal);
      litres = removal.litres;
      const output = job.target.stem + (job.target.extension ?? extensionOfMime(removal.mimeType));
      refuseOverwritingInput(input, output);
      await writeAtomic(output, removal.data);
      return { input, output, status: 'done', litres, ms: elapsed() };
    } catch (err) {
      return { input, output: null, status: 'failed', litres, ms: elapsed(), error: fileErrorOf(err) };
    }
  }
}

function refuseOverwritingInput(input: string, output: string) {
  if (path.resolve(input) !== path.resolve(output)) return;
  throw new FileFailure({
    code: 'output_is_input',
    title: 'The output would replace the input',
    detail: `${output} is the input itself: choose another --out folder or --format`,
  });
}
