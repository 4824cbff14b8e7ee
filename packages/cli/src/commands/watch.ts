import { type FSWatcher, watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { BatchArgs } from '../args.ts';
import { Batch, type FileResult } from '../batch.ts';
import { isImageName, isInside, walk } from '../inputs.ts';
import { onInterrupt } from '../interrupt.ts';
import { existingOutput, outputTarget } from '../outputs.ts';
import { openProcessor } from '../processors/open.ts';
import { Progress } from '../progress.ts';
import { UsageError } from '../usage-error.ts';
import { finishRun } from './finish.ts';

export type WatchArgs = BatchArgs & { dir: string; intervalMs: number; settleMs: number };

/** A file's size and time: it is sent once these stayed the same for the settle time. */
type Version = string;

/**
 * `cutout watch`: processes the images in a folder that have no output yet, then each one that
 * appears (fs.watch, with a periodic rescan for the events it misses) once its size has settled,
 * until Ctrl-C. Each version of a file is handled once: a file that failed is retried when it changes.
 */
export async function watchCommand(args: WatchArgs): Promise<number> {
  const startedAt = new Date();
  const started = performance.now();
  const root = path.resolve(args.dir);
  if (!(await stat(root).catch(() => null))?.isDirectory())
    throw new UsageError(`no such folder: ${args.dir}`);
  const excluded = [path.resolve(args.out)];
  const { processor, connection } = await openProcessor(args);

  const results: FileResult[] = [];
  const progress = new Progress({ stream: process.stderr, total: null, quiet: args.quiet });
  const handled = new Map<string, Version>();
  const settling = new Map<string, NodeJS.Timeout>();
  const busy = new Set<string>();
  const batch = new Batch({
    processor,
    concurrency: args.concurrency,
    onStart: (job) => progress.started(job),
    onFinish: (result) => {
      busy.delete(result.input);
      results.push(result);
      progress.finished(result);
    },
  });
  let stopping = false;

  const versionOf = async (file: string): Promise<Version | null> => {
    const stats = await stat(file).catch(() => null);
    return stats?.isFile() && stats.size > 0 ? `${stats.size}:${stats.mtimeMs}` : null;
  };

  const enqueue = async (relative: string, version: Version) => {
    const input = { path: path.join(args.dir, relative), relative };
    const target = outputTarget(input, args.out, args.settings.format);
    handled.set(relative, version);
    const existing = args.overwrite ? null : await existingOutput(target, input.path);
    if (existing) {
      const skipped: FileResult = {
        input: input.path,
        output: existing,
        status: 'skipped',
        litres: 0,
        ms: 0,
      };
      results.push(skipped);
      progress.skip(1);
      return;
    }
    busy.add(input.path);
    batch.add({ input, target });
  };

  /** Looks at a file again after the settle time; sends it when nothing changed meanwhile. */
  const settle = (relative: string, version: Version) => {
    clearTimeout(settling.get(relative));
    const timer = setTimeout(async () => {
      settling.delete(relative);
      const now = await versionOf(path.join(root, relative));
      if (stopping || now === null) return;
      if (now === version) await enqueue(relative, version);
      else settle(relative, now);
    }, args.settleMs);
    settling.set(relative, timer);
  };

  const consider = async (relative: string) => {
    if (stopping || settling.has(relative) || busy.has(path.join(args.dir, relative))) return;
    if (!isImageName(relative) || relative.split(path.sep).some((part) => part.startsWith('.'))) return;
    const absolute = path.join(root, relative);
    if (excluded.some((dir) => isInside(absolute, dir))) return;
    const version = await versionOf(absolute);
    if (version !== null && handled.get(relative) !== version) settle(relative, version);
  };

  const scan = async () => {
    const files = await walk(root, excluded).catch(() => []);
    for (const relative of files) await consider(relative);
  };

  let aborted = false;
  let rescan: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | null = null;
  let stopped = () => {};
  const whenStopped = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const removeHandlers = onInterrupt({
    stop: () => {
      stopping = true;
      watcher?.close();
      clearInterval(rescan);
      for (const timer of settling.values()) clearTimeout(timer);
      if (batch.inProgress > 0)
        progress.note(`Stopping: ${batch.inProgress} in progress will finish (Ctrl-C again to abort them).`);
      const left = batch.stop();
      if (left.length > 0)
        progress.note(`${left.length} queued images not started: the next run takes them.`);
      void batch.idle().then(stopped);
    },
    abort: () => {
      aborted = true;
      batch.abort();
    },
  });
  try {
    watcher = watch(root, { recursive: true }, (_event, name) => {
      if (name) void consider(String(name));
    });
    watcher.on('error', () => {
      watcher?.close();
      progress.note('cutout: the folder can no longer be watched; rescanning it every interval instead');
    });
  } catch {
    progress.note('cutout: fs.watch is not available here; rescanning the folder every interval instead');
  }
  await scan();
  // A Ctrl-C during the first scan has already stopped everything: no rescans then.
  if (!stopping) rescan = setInterval(() => void scan(), args.intervalMs);
  if (!args.quiet && !stopping)
    progress.note(`cutout: watching ${args.dir} (Ctrl-C to stop), results in ${args.out}`);

  await whenStopped;
  await processor.close();
  progress.close();
  const code = await finishRun({
    command: 'watch',
    args,
    connection,
    files: results,
    startedAt,
    started,
    interrupted: aborted,
  });
  removeHandlers();
  return code;
}
