import type { BatchArgs } from '../args.ts';
import { Batch, type FileResult, type Job } from '../batch.ts';
import { collectInputs, type InputFile, imageExtensions } from '../inputs.ts';
import { onInterrupt } from '../interrupt.ts';
import { existingOutput, findConflicts, outputTarget } from '../outputs.ts';
import { openProcessor } from '../processors/open.ts';
import { interrupted } from '../processors/processor.ts';
import { Progress } from '../progress.ts';
import { UsageError } from '../usage-error.ts';
import { finishRun } from './finish.ts';

export type RemoveArgs = BatchArgs & { inputs: string[] };

/** `cutout remove`: every image of the inputs into --out, skipping those already done. */
export async function removeCommand(args: RemoveArgs): Promise<number> {
  const startedAt = new Date();
  const started = performance.now();
  const warn = (message: string) => process.stderr.write(`cutout: ${message}\n`);
  const inputs = await collectInputs(args.inputs, { exclude: [args.out], warn });
  if (inputs.length === 0) throw new UsageError(`no images among the inputs (${imageExtensions.join(' ')})`);

  const { jobs, results } = await plan(inputs, args);
  const skipped = [...results.values()].filter((result) => result.status === 'skipped').length;
  const progress = new Progress({ stream: process.stderr, total: inputs.length, quiet: args.quiet });
  progress.skip(skipped);
  // Inputs that failed in planning (two with one output) are told after the run's first line.
  const reportPlanned = () => {
    for (const result of results.values()) if (result.status === 'failed') progress.finished(result);
  };

  let stopped = false;
  let batch: Batch | null = null;
  const markNotStarted = (left: Job[]) => {
    for (const job of left) results.set(job.input.path, notStarted(job));
  };
  const removeHandlers = onInterrupt({
    stop: () => {
      stopped = true;
      progress.note(
        `Stopping: ${batch?.inProgress ?? 0} in progress will finish, nothing new starts (Ctrl-C again to abort them).`,
      );
      if (batch) markNotStarted(batch.stop());
    },
    abort: () => {
      progress.note('Aborting the images in progress.');
      if (batch) markNotStarted(batch.abort());
    },
  });

  let connection = null;
  try {
    if (jobs.length === 0 && args.local) reportPlanned();
    else {
      if (args.local && !args.quiet) progress.note('cutout: starting the engine…');
      const opened = await openProcessor(args);
      if (!args.quiet) progress.note(startLine(inputs.length, skipped, jobs.length, args));
      reportPlanned();
      connection = opened.connection;
      try {
        batch = new Batch({
          processor: opened.processor,
          concurrency: args.concurrency,
          onStart: (job) => progress.started(job),
          onFinish: (result) => {
            results.set(result.input, result);
            progress.finished(result);
            const code = result.error?.code;
            if (code && fatalErrors.has(code) && batch && !stopped && batch.waiting > 0) {
              progress.note(`Stopping: ${code} would fail every other image the same way.`);
              const left = batch.stop();
              for (const job of left)
                results.set(job.input.path, notStarted(job, `not started: the run stopped on ${code}`));
            }
          },
        });
        if (stopped) markNotStarted(jobs);
        else batch.add(...jobs);
        await batch.idle();
      } finally {
        await opened.processor.close();
      }
    }
  } finally {
    progress.close();
  }
  const files = inputs.map((input) => results.get(input.path) ?? notStarted({ input }));
  const code = await finishRun({
    command: 'remove',
    args,
    connection,
    files,
    startedAt,
    started,
    // A Ctrl-C during the last image leaves nothing undone: that run is complete.
    interrupted: stopped && files.some((file) => file.error?.code === 'interrupted'),
  });
  removeHandlers();
  return code;
}

/** Skipped and conflicting inputs get their result now; the rest become jobs. */
async function plan(inputs: InputFile[], args: BatchArgs) {
  const planned = inputs.map((input) => ({
    input,
    target: outputTarget(input, args.out, args.settings.format),
  }));
  const conflicts = findConflicts(planned);
  const results = new Map<string, FileResult>();
  const jobs: Job[] = [];
  for (const job of planned) {
    const input = job.input.path;
    const owner = conflicts.get(input);
    const existing = owner || args.overwrite ? null : await existingOutput(job.target, input);
    if (owner) {
      const detail = `${input} and ${owner} would both write ${job.target.stem}.*: rename one of them`;
      const error = { code: 'output_conflict', title: 'Two inputs, one output', detail };
      results.set(input, { input, output: null, status: 'failed', litres: 0, ms: 0, error });
    } else if (existing) {
      results.set(input, { input, output: existing, status: 'skipped', litres: 0, ms: 0 });
    } else {
      jobs.push(job);
    }
  }
  return { jobs, results };
}

/**
 * Errors that every further image would get too (a refused key, an empty balance, a service that
 * stays unreachable after the SDK's retries): the run stops starting images after the first.
 */
const fatalErrors = new Set(['auth_failed', 'insufficient_credits', 'network_error']);

function notStarted(job: Pick<Job, 'input'>, reason?: string): FileResult {
  const error = reason
    ? { code: 'not_started', title: 'Not started', detail: reason }
    : interrupted('not started: the run was interrupted');
  return { input: job.input.path, output: null, status: 'failed', litres: 0, ms: 0, error };
}

function startLine(total: number, skipped: number, todo: number, args: BatchArgs): string {
  const where = args.local ? 'on this machine' : 'through the service';
  const skip = skipped > 0 ? `, ${skipped} skipped (output exists; --overwrite redoes them)` : '';
  return `cutout: ${total} ${total === 1 ? 'image' : 'images'}${skip}; ${todo} to do, ${args.concurrency} at a time, ${where}`;
}
