// Which session settings run the network fastest on this machine: measured once, in a child
// process (child.mjs calibrate), when a model is first prepared, and kept beside it in the cache.
// Only where glibc's blocks get no huge pages: with them the engine keeps the arena off unmeasured
// (engine.ts chooseSession; README, "Session settings chosen per machine").
import { execFile } from 'node:child_process';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ort from 'onnxruntime-node';
import { hugePagesRequested } from '../allocator.mjs';
import { sessionOptions } from '../worker/session.ts';
import type { PreparedModel } from './prepare.ts';

/** Best bare `session.run` with ORT's memory arena off and on, at one thread count. */
export interface Calibration {
  threads: number;
  arenaOffMs: number;
  arenaOnMs: number;
  /**
   * Whether glibc was asked for huge pages (allocator.mjs): without the arena the network's memory
   * is mapped afresh every run, ~10% of a run in 4 KB page faults, next to nothing in 2 MB pages.
   */
  hugePages: boolean;
}

/** Runs timed per setting after one untimed run (the first run of a session pays for its memory). */
const TIMED_RUNS = 2;

/**
 * The calibration of `model` at `threads` intra-op threads: read from beside the model, else
 * measured in a child process (~6 network runs, about 15 s on two cores) and kept there. Only our
 * optimised copies (in the cache) are calibrated; null for any other model, or when measuring failed.
 */
export async function calibration(model: PreparedModel, threads: number): Promise<Calibration | null> {
  if (!model.optimized) return null;
  const file = calibrationFile(model, threads);
  const kept = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Calibration)
    .catch(() => null);
  const current = (c: Calibration) =>
    c.threads === threads && c.arenaOffMs > 0 && c.arenaOnMs > 0 && c.hugePages === hugePagesRequested();
  if (kept && current(kept)) return kept;
  try {
    const script = fileURLToPath(new URL('./child.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [script, 'calibrate', JSON.stringify(model), String(threads)],
      { timeout: 300_000 },
    );
    const measured = JSON.parse(stdout.trim().split('\n').pop() ?? '') as Calibration;
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(measured));
    await rename(temporary, file);
    return measured;
  } catch (err) {
    process.emitWarning(`session calibration failed, keeping the lean settings: ${(err as Error).message}`);
    return null;
  }
}

/** Where the calibration is kept: one per thread count, and per allocator (with or without huge pages). */
export function calibrationFile(model: Pick<PreparedModel, 'path'>, threads: number): string {
  return `${model.path}.calibration-${threads}t${hugePagesRequested() ? '-hugepages' : ''}.json`;
}

/**
 * Whether the arena is worth its memory (~0.35 GB more at peak at 12 MP): only when the bare network
 * measured at least 10% faster with it. Less than that is lost in a whole removal: on an Intel Xeon
 * whose bare runs were 5-7% faster with the arena, removals were 1% slower to 4% faster, and two
 * calibrations there fell either side of the old 5% line (README, Session settings).
 */
export function arenaPays(measured: Calibration): boolean {
  return measured.arenaOnMs < measured.arenaOffMs * 0.9;
}

/** Times the bare network with each setting, one session at a time (on a blank 1024² input). */
export async function measure(model: PreparedModel, threads: number): Promise<Calibration> {
  const side = model.inputSize ?? { width: 1024, height: 1024 };
  const tensor = new Float32Array(3 * side.width * side.height);
  const best: Record<'off' | 'on', number> = { off: Number.POSITIVE_INFINITY, on: Number.POSITIVE_INFINITY };
  // Alternating, so that a burst of load from elsewhere does not fall on one setting only.
  const sessions = {
    off: await ort.InferenceSession.create(
      model.path,
      sessionOptions({ model, threads, memoryArena: false }),
    ),
    on: await ort.InferenceSession.create(model.path, sessionOptions({ model, threads, memoryArena: true })),
  };
  const inputName = sessions.off.inputNames[0] as string;
  const outputName = sessions.off.outputNames[0] as string;
  const feeds = { [inputName]: new ort.Tensor('float32', tensor, [1, 3, side.height, side.width]) };
  for (let round = 0; round <= TIMED_RUNS; round++) {
    for (const key of ['off', 'on'] as const) {
      const start = performance.now();
      await sessions[key].run(feeds, [outputName]);
      if (round > 0) best[key] = Math.min(best[key], performance.now() - start);
    }
  }
  await Promise.all([sessions.off.release(), sessions.on.release()]);
  return {
    threads,
    arenaOffMs: Math.round(best.off),
    arenaOnMs: Math.round(best.on),
    hugePages: hugePagesRequested(),
  };
}

/** Child entry: `MODEL_JSON THREADS`; prints the calibration as JSON. */
export async function main(args: string[]): Promise<void> {
  const [modelJson, threads] = args;
  if (!modelJson || !threads) throw new Error('usage: calibrate MODEL_JSON THREADS');
  console.log(JSON.stringify(await measure(JSON.parse(modelJson) as PreparedModel, Number(threads))));
}
