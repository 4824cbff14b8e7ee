import v8 from 'node:v8';
import vm from 'node:vm';
import { workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import sharp from 'sharp';
import { EngineError } from '../errors.ts';
import { freshPageMicros, keepKernelMemory, SLOW_PAGE_FAULT_MICROS } from '../pipeline/kernels.ts';
import { type RenderedImage, render } from '../pipeline/render.ts';
import type { KernelMemoryChoice, WorkerReply, WorkerSetup, WorkerTask } from './protocol.ts';
import { createPredictor } from './session.ts';
import { warmPipeline } from './warm-pipeline.ts';

const setup = workerData as WorkerSetup;
// libvips' operation cache only helps repeated identical operations; here it would just hold memory.
sharp.cache(false);
// A removal leaves ~100 MB of typed arrays (photo, alpha, refinement planes) that V8 would collect
// only later, on top of the next request's peak: ask for a collection as soon as the reply is sent.
// It takes the thread for ~25-70 ms at 12 MP, and runs while the worker waits for its next task (the
// pool keeps workers off Atomics.wait for that: see engine.ts).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => unknown;
// Measured before the model loads, while the thread has the memory to itself.
const kernelMemory = chooseKernelMemory(setup.kernelMemory);
keepKernelMemory(kernelMemory.kept);
const predictor = await createPredictor({
  model: setup.model,
  threads: setup.threads,
  memoryArena: setup.memoryArena,
  previewSide: setup.previewSide,
  previewModel: setup.previewModel,
  previewAspect: setup.previewAspect,
});
if (setup.warmup) {
  // The first run is slow (the memory arena grows); pay for it before the first request does.
  await predictor.runTensor(new Float32Array(3 * predictor.spec.width * predictor.spec.height));
  const preview = predictor.previewSpec;
  if (preview) {
    const { width, height } = preview;
    await predictor.run({ tensor: new Float32Array(3 * width * height), width, height }, 'preview');
  }
}

/** Piscina task handler: one removal, the network run only when no cached mask came with it. */
export default async function handle(task: WorkerTask): Promise<WorkerReply> {
  // A null task is the engine's start-up check: reaching here means the model is loaded.
  if (task === null) return { ok: true, ready: true, preview: predictor.previewSpec !== null, kernelMemory };
  if ('warmUp' in task) return { ok: true, warmedRounds: await warmUp() };
  if ('probe' in task) {
    const arrayBufferBytes = process.memoryUsage().arrayBuffers;
    const youngGeneration = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    const youngGenerationBytes = youngGeneration?.physical_space_size ?? 0;
    const blank = new Float32Array(3 * predictor.spec.width * predictor.spec.height);
    const start = performance.now();
    await predictor.runTensor(blank);
    return { ok: true, networkMs: performance.now() - start, arrayBufferBytes, youngGenerationBytes };
  }
  try {
    const { image, mask, quality } = await render(task, {
      network: predictor,
      refine: setup.refine,
      encode: setup.encode,
    });
    const body = task.options.output_format === 'json' ? jsonBody(image) : null;
    setImmediate(gc);
    const bytes = ownBytes(image.bytes);
    const made = quality ? { mask: { ...mask, data: ownBytes(mask.data) }, quality } : null;
    return moved({ ok: true, image: { ...image, bytes }, body, mask: made }, [bytes, body, made?.mask.data]);
  } catch (err) {
    if (err instanceof EngineError && typeof err.code === 'number') {
      return {
        ok: false,
        code: err.code,
        message: err.message,
        ...(err.value !== undefined && { value: err.value }),
      };
    }
    throw err;
  }
}

/**
 * The work around the network, whose loops V8 optimises only after a few requests, warmed up on a
 * generated photo until the engine has a request (any worker's: the flag is shared). Returns the
 * rounds run. A warm-up that fails costs the first requests their speed, nothing else: a fault it
 * met is reported by the request that meets it.
 */
async function warmUp(): Promise<number> {
  try {
    const rounds = await warmPipeline({
      maskSize: predictor.spec,
      refine: setup.refine,
      encode: setup.encode,
      stop: () => Atomics.load(setup.requestSeen, 0) !== 0,
    });
    gc();
    return rounds.length;
  } catch {
    return 0;
  }
}

/**
 * Whether the refinement kernels keep a 12 MP removal's memory between requests: where a fresh 4 KB
 * page takes SLOW_PAGE_FAULT_MICROS or more to fault in, refaulting ~56 MB at every 12 MP removal
 * costs more than 0.1 s (README, "Workers").
 */
function chooseKernelMemory(mode: WorkerSetup['kernelMemory']): KernelMemoryChoice {
  if (mode !== 'measure') return { kept: mode === 'keep', pageFaultMicros: null };
  const micros = freshPageMicros();
  return { kept: micros >= SLOW_PAGE_FAULT_MICROS, pageFaultMicros: Math.round(micros * 10) / 10 };
}

/**
 * The reply with its large arrays moved to the engine's thread rather than copied there: cloning
 * the ~10 MB of a 12 MP result took 10-50 ms on the way out and in (README, benchmark). Each array
 * must own its whole buffer (ownBytes): moving detaches it here.
 */
function moved(reply: WorkerReply, arrays: (Uint8Array | null | undefined)[]): WorkerReply {
  const buffers = arrays.flatMap((array) => (array ? [array.buffer as ArrayBuffer] : []));
  return move({
    [transferableSymbol]: buffers,
    [valueSymbol]: reply,
  }) as unknown as WorkerReply;
}

/**
 * The bytes in an array of V8's own that nothing else shares: sharp's output lives in memory V8
 * cannot hand over (moving it would copy it anyway), and a small Node Buffer is a slice of a
 * shared pool. One copy here (~2 ms for 10 MB) replaces the two of a clone.
 */
function ownBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !Buffer.isBuffer(bytes))
    return bytes;
  return new Uint8Array(bytes);
}

/** remove.bg-style JSON: the image as base64 plus its size and the subject's box. */
function jsonBody(image: RenderedImage): Uint8Array {
  const data = {
    result_b64: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.length).toString(
      'base64',
    ),
    type: image.mime,
    width: image.width,
    height: image.height,
    foreground_top: image.foreground.y,
    foreground_left: image.foreground.x,
    foreground_width: image.foreground.width,
    foreground_height: image.foreground.height,
    original_width: image.original.width,
    original_height: image.original.height,
  };
  // An array of V8's own, as ownBytes wants it: moved without a copy.
  return new TextEncoder().encode(JSON.stringify({ data }));
}
