import os from 'node:os';
import { Piscina } from 'piscina';
import { FAST_MEMORY_PER_WORKER, hugePagesGranted, memoryKept, smallPagesChosen } from './allocator.mjs';
import { type ClassifierConfig, createForegroundClassifier } from './classify/classifier.ts';
import { resultType } from './classify/result-type.ts';
import { EngineError, type ErrorCodeNumber } from './errors.ts';
import { checkImageBytes } from './input.ts';
import { MaskCache, type MaskStore, type MaskStoreStats, memoryMaskStore } from './mask-cache.ts';
import { arenaPays, type Calibration, calibration } from './model/calibrate.ts';
import {
  defaultCacheDir,
  type ModelConfig,
  type PreparedModel,
  prepareInt8Model,
  prepareModel,
} from './model/prepare.ts';
import { parseRemovalOptions, type RemovalOptions, type RemovalOptionsInput } from './options.ts';
import { readHeader } from './pipeline/decode.ts';
import { DEFAULT_ENCODE, type EncodeConfig, type ImageFormat } from './pipeline/encode.ts';
import type { Box } from './pipeline/frame.ts';
import { DEFAULT_REFINE, type MaskData, type RefineConfig } from './pipeline/refine.ts';
import { resolveRoi } from './pipeline/roi.ts';
import { workerBundle } from './worker/bundle.ts';
import type {
  KernelMemoryChoice,
  ProbeResult,
  WorkerReply,
  WorkerSetup,
  WorkerTask,
} from './worker/protocol.ts';
import type { NetworkQuality } from './worker/session.ts';

/** Everything about an engine that can differ from the defaults. */
export interface EngineConfig {
  model?: ModelConfig;
  /** Where assembled and optimised models are kept; default MODEL_CACHE_DIR or <repo>/.cache/models. */
  cacheDir?: string;
  /** Worker threads, each with its own InferenceSession. Default: cores / threadsPerWorker. */
  workers?: number;
  /** ORT intra-op threads per worker. Default: min(cores, 4), so workers × threads ≈ cores. */
  threadsPerWorker?: number;
  /** Requests allowed to wait for a worker; one more is refused with EngineError 'BUSY'. Default 16. */
  maxQueue?: number;
  /** Memory for cached network masks, in bytes. Default 64 MiB (64 masks at 1024x1024). */
  maskCacheBytes?: number;
  /**
   * Where network masks are kept between requests; default an in-memory cache of `maskCacheBytes`.
   * A store shared by several engine processes (Redis) lets a preview on one and the full size on
   * another share one network run.
   */
  maskStore?: MaskStore;
  refine?: Partial<RefineConfig>;
  encode?: Partial<EncodeConfig>;
  /**
   * Run the network once per worker at start, then the work around it on a generated photo until
   * the first request (worker/warm-pipeline.ts), so that the first requests are not slower. Default true.
   */
  warmup?: boolean;
  /** Keep an ORT-optimised copy of the model in the cache (less memory per worker). Default true. */
  optimizeModel?: boolean;
  /**
   * ORT's CPU memory arena keeps the network's activations (~0.3 GB for IS-Net at 1024²) allocated
   * between runs, so the image work after the network adds to them. false returns them after every
   * run: ~0.25 GB less at peak, for a network run that is 5-40% slower depending on the CPU (fresh
   * pages to fault in). Given, it decides; otherwise `memory` does.
   */
  memoryArena?: boolean;
  /**
   * The memory budget when `memoryArena` is not given. 'lean': the arena off, the least memory at
   * peak. 'fast': int8 previews (~0.1 GB more at peak: the worker is otherwise as lean), and where
   * glibc's blocks get no huge pages (allocator.mjs) the arena on if a calibration (bare network
   * runs with each setting, measured once when the model is first prepared and kept beside it in
   * the cache) found it at least 10% faster on this machine;
   * with huge pages the arena stays off, measured or not: on three CPUs where bare runs were 5-22%
   * faster with it, whole removals were not (README, "Session settings chosen per machine");
   * and where a fresh page measures slow to fault in, the refinement kernels' memory kept between
   * requests (~56 MB at 12 MP: README, "Workers").
   * 'max': int8 previews, the kernels' memory kept and the arena on for both networks, nothing
   * measured, and in a process the launcher started for it (ENGINE_MEMORY=max) glibc keeping what
   * is freed (allocator.mjs, KEEP_MEMORY_ENV): ~0.3-0.4 GB more at peak than 'fast' (~1.0-1.1 GB
   * at 12 MP), held between requests, for machines whose memory, once given back, is slow to take
   * again (a VM whose host reclaims freed memory: README "Idle pauses", "Memory kept where faults
   * are slow").
   * 'auto' (default): where the machine has at least `FAST_MEMORY_PER_WORKER` bytes of memory per
   * worker, 'max' if the launcher kept the process's memory (its probe found a fresh 4 KB page slow
   * to fault in: allocator.mjs, keepsMemory), else 'fast'; with less, 'lean'.
   */
  memory?: EngineMemory;
  /**
   * Side of a square network input for fresh previews (at most 625x400 out), smaller than the
   * model's own, where the model takes any size (the default IS-Net, rewritten), on the int8 network
   * where there is one (`int8Previews`), else on the float one. Default null: previews run at the
   * model's size, because every smaller input measured loses more than the 0.01 IoU allowed (README,
   * "Fast previews": float 768² loses 0.019 on the bulk set, 512² 0.08; int8 896² 0.013). A
   * preview's mask serves only previews; a full size runs the network at full size unless a
   * full-size mask is cached.
   */
  previewInputSide?: number | null;
  /**
   * Fresh previews keep the photo's aspect: the network input's longer side at the square's side
   * (1024, or `previewInputSide`), the shorter in proportion (a 3:2 photo: 1024×704, 0.69 of the
   * work). Full sizes always get the square the weights' own pipeline feeds. Default
   * `DEFAULT_PREVIEW_ASPECT`.
   */
  previewAspect?: boolean;
  /**
   * Fresh previews run an int8 copy of the default model (static QDQ quantisation by our own graph
   * rewriter, from the calibration shipped with the engine; made once per CPU into the cache): its
   * network runs 2.2-2.8× faster at the same mean IoU on the bulk set (README, "Fast previews"),
   * for ~0.1 GB more at peak per worker (its weights, and its own run then sets the peak). A
   * preview's mask serves only previews. Default: on where the memory budget (`memory`) is 'fast'
   * or 'max', off in 'lean'; other models have none. Runs at `previewInputSide` where that is set.
   */
  int8Previews?: boolean;
  /**
   * Detects the foreground type (`result.type`, remove.bg's X-Type) for `type: 'auto'`: CenterNet
   * on a 512² copy of the photo, on a thread of its own started by the first request that asks
   * (type_level other than none). Off by default (~0.25 s of CPU and ~0.1 GB per engine, see the
   * README): `auto` results then carry no type. true or a ClassifierConfig turns it on.
   */
  classifier?: boolean | ClassifierConfig;
}

/** See EngineConfig.memory. */
export type EngineMemory = 'lean' | 'fast' | 'max' | 'auto';

/**
 * Memory per worker from which `memory: 'auto'` means 'fast' (or 'max' where the launcher kept the
 * process's memory): the int8 preview network adds ~0.1 GB to a worker's ~0.65 GB at peak, and the
 * arena, where it pays (without huge pages), ~0.4 GB more. Defined beside the launcher's choice
 * (allocator.mjs), which must agree with it.
 */
export { FAST_MEMORY_PER_WORKER };

/** One finished removal. Coordinates are in the output image. */
export interface RemovalResult {
  /** What to send: the encoded image, or the JSON document when output_format is 'json'. */
  bytes: Buffer;
  /** Media type of `bytes`. */
  mime: string;
  /** The encoded image alone, and its format. */
  image: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
  /** The subject's bounding box (alpha ≥ 16); all zero when nothing was found. */
  foreground: Box;
  /** The input's size after EXIF orientation, before any resizing. */
  original: { width: number; height: number };
  /** True when the network mask came from the cache (or a concurrent request for the same bytes), in the call's scope. */
  maskCached: boolean;
  /** Milliseconds per stage, measured in the worker. */
  timings: Record<string, number>;
  /** The network run this removal made, and its input's size; absent when the mask was cached. */
  network?: { quality: NetworkQuality; width: number; height: number };
  /**
   * The foreground type (remove.bg's X-Type): the one the call named, or for `auto` the detected
   * one at its type_level (`other` when nothing is recognised). Absent for type_level none, or when
   * the detector is off or unavailable.
   */
  type?: string;
}

/** Who a removal is for, beside what it is. */
export interface RemovalCall {
  /**
   * The party the result goes to (a user, a client address). Cached masks are kept per scope: a
   * repeated upload answers much faster, so a shared cache would tell anyone holding a picture
   * whether someone else processed it lately. Calls without a scope share one cache.
   */
  cacheScope?: string;
}

/** Counters for monitoring. */
export interface EngineStats {
  workers: number;
  threadsPerWorker: number;
  active: number;
  completed: number;
  failed: number;
  rejectedBusy: number;
  maskCache: MaskStoreStats;
  model: { path: string; optimized: boolean };
  /**
   * The session settings chosen, and the calibration they were chosen by (null when none ran);
   * absent where the network runs in other processes (a queue's workers).
   */
  session?: {
    memoryArena: boolean;
    memory: EngineMemory | 'given';
    /** Whether glibc's blocks get huge pages (allocator.mjs): then `fast` keeps the arena off uncalibrated. */
    hugePages: boolean;
    calibration: Calibration | null;
    /** Whether fresh previews run the int8 copy of the model. */
    int8Previews: boolean;
    /**
     * Whether the workers keep a 12 MP refinement's kernel memory between requests: in 'max', and in
     * 'fast' where a fresh page measured slow to fault in (the measure, µs per 4 KB page; null in
     * 'lean' and 'max', which measure nothing). README, "Workers".
     */
    kernelMemory: KernelMemoryChoice;
  };
}

/** The background-removal engine: a worker pool with one loaded model per worker. */
export interface Engine {
  /** Cuts the subject out of `input` (JPG, PNG, WEBP or AVIF bytes); throws EngineError for bad input. */
  remove(
    input: Uint8Array,
    options?: RemovalOptionsInput | Record<string, unknown>,
    call?: RemovalCall,
  ): Promise<RemovalResult>;
  /**
   * Times one bare network run (1024x1024, blank input) in a worker: a health check, and the
   * benchmark's floor. Also says what the worker held in memory when the probe came.
   */
  probe(): Promise<ProbeResult>;
  /**
   * Resolves once every worker has ended its warm-up (the work around the network, run on a
   * generated photo while the worker waits for its first request: see worker/warm-pipeline.ts).
   * A request ends a warm-up early; without `warmup` there is none. Gives the rounds each worker ran.
   */
  warmedUp(): Promise<number[]>;
  /** Counters: pool, queue, cache. */
  stats(): EngineStats;
  /** Stops the workers; pending requests fail. */
  close(): Promise<void>;
}

/** V8's young generation of a worker: two semi-spaces of 4 MB (V8 counts a third, for large objects). */
const YOUNG_GENERATION_MB = 12;

/** Prepares the model (assembling and optimising it once into the cache), starts the pool and waits until every worker has loaded it. */
export async function createEngine(config: EngineConfig = {}): Promise<Engine> {
  const cores = os.availableParallelism();
  const threads =
    config.threadsPerWorker ??
    (config.workers ? Math.max(1, Math.floor(cores / config.workers)) : Math.min(cores, 4));
  const workers = config.workers ?? Math.max(1, Math.floor(cores / threads));
  const maxQueue = config.maxQueue ?? 16;
  const cacheDir = config.cacheDir ?? defaultCacheDir();
  const model = await prepareModel({
    model: config.model ?? {},
    cacheDir,
    optimize: config.optimizeModel ?? true,
  });
  const memory = memoryBudget(config, workers);
  const chosen = await chooseSession({ config, model, threads, memory });
  const int8 = memory !== 'lean';
  const previewModel =
    (config.int8Previews ?? int8) ? await prepareInt8Model({ model: config.model ?? {}, cacheDir }) : null;
  const requestSeen = new Int32Array(new SharedArrayBuffer(4));
  const setup: WorkerSetup = {
    model,
    threads,
    refine: { ...DEFAULT_REFINE, ...config.refine },
    encode: { ...DEFAULT_ENCODE, ...config.encode },
    warmup: config.warmup ?? true,
    memoryArena: chosen.memoryArena,
    previewSide: config.previewInputSide === undefined ? DEFAULT_PREVIEW_SIDE : config.previewInputSide,
    previewModel,
    previewAspect: config.previewAspect ?? DEFAULT_PREVIEW_ASPECT,
    requestSeen,
    kernelMemory: memory === 'lean' ? 'release' : memory === 'max' ? 'keep' : 'measure',
  };
  const pool = new Piscina<WorkerTask, WorkerReply>({
    // The worker as one JavaScript module, not TypeScript through tsx: ~20-30 MB less per worker.
    filename: await workerBundle(),
    workerData: setup,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Workers wait for tasks on their event loop, not in Atomics.wait (Piscina's default), which would
    // hold the loop, and with it the collection asked for after each reply, until the next request.
    atomics: 'disabled',
    // The worker's young generation (V8's new space) stays in memory under every network run. A
    // removal's pixels live outside the JavaScript heap, and V8's default nursery of two 16 MB
    // semi-spaces fills up anyway; two of 4 MB save ~16 MB at peak (README, "Workers").
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  let previews = false;
  let kernelMemory: KernelMemoryChoice = { kept: false, pageFaultMicros: null };
  try {
    const replies = await Promise.all(Array.from({ length: workers }, () => pool.run(null)));
    const ready = replies.flatMap((reply) => ('ready' in reply ? [reply] : []));
    previews = ready.length === replies.length && ready.every((reply) => reply.preview);
    // The workers share one machine: the first one's measure stands for all.
    if (ready[0]) kernelMemory = ready[0].kernelMemory;
  } catch (err) {
    await pool.destroy();
    throw err;
  }
  const session = { ...chosen, int8Previews: previewModel !== null, kernelMemory };

  // Each worker warms up the work around the network until the first request (worker/warm-pipeline.ts),
  // which waits for the removal in progress at most. Any request or probe ends every warm-up.
  const endWarmUp = () => Atomics.store(requestSeen, 0, 1);
  const warming = setup.warmup
    ? Promise.all(Array.from({ length: workers }, () => pool.run({ warmUp: true }))).then((replies) =>
        replies.map((reply) => ('warmedRounds' in reply ? reply.warmedRounds : 0)),
      )
    : Promise.resolve(Array.from({ length: workers }, () => 0));
  // A pool closed before the warm-up ended rejects it: nothing to report.
  warming.catch(() => {});

  const classifier = config.classifier
    ? createForegroundClassifier(config.classifier === true ? {} : config.classifier)
    : null;
  const store = config.maskStore ?? memoryMaskStore(new MaskCache(config.maskCacheBytes ?? 64 * 1024 * 1024));
  const pending = new Map<string, Promise<MaskData | null>>();
  const counters = { active: 0, completed: 0, failed: 0, rejectedBusy: 0 };
  let closed = false;

  async function remove(
    input: Uint8Array,
    raw: RemovalOptionsInput | Record<string, unknown> = {},
    call: RemovalCall = {},
  ) {
    if (closed) throw new Error('engine is closed');
    endWarmUp();
    const options = parseRemovalOptions(raw);
    checkImageBytes(input);
    if (counters.active >= workers + maxQueue) {
      counters.rejectedBusy++;
      throw new EngineError('BUSY', `busy: ${counters.active} requests in progress, try again later`);
    }
    counters.active++;
    try {
      const result = await removeChecked(input, options, call.cacheScope ?? '');
      counters.completed++;
      return result;
    } catch (err) {
      counters.failed++;
      throw err;
    } finally {
      counters.active--;
    }
  }

  async function removeChecked(
    input: Uint8Array,
    options: RemovalOptions,
    cacheScope: string,
  ): Promise<RemovalResult> {
    const header = await readHeader(input);
    if (options.bg_image) await readHeader(options.bg_image, 'background');
    // A region past the image or without area is refused here, without waiting for a worker.
    if (options.roi) resolveRoi(options.roi, header);
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', input)).toString('hex');
    // The digest has a fixed length at the end, so no scope can pass for another scope's key.
    const key = `${cacheScope}:${digest}`;
    // Detected on its own thread while the worker removes the background; remembered per key.
    const typing = resultType(
      options,
      classifier && ((level) => classifier.classify(input, { level, cacheKey: key })),
    );
    // A full-size mask serves every request; a preview's (a smaller network input) only previews.
    // Each is kept under its own key, and a request for bytes whose mask is being computed right
    // now waits for that run instead of starting another (preview and full of one upload arrive
    // together).
    const quality: NetworkQuality = options.size === 'preview' && previews ? 'preview' : 'full';
    const keys = quality === 'preview' ? [key, `${key}:preview`] : [key];
    let mask: MaskData | undefined;
    for (const k of keys) mask ??= await store.get(k);
    for (const k of keys) {
      const inFlight = mask ? undefined : pending.get(k);
      if (inFlight) mask = (await inFlight) ?? undefined;
    }
    const own = keys[keys.length - 1] as string;
    let settle: (mask: MaskData | null) => void = () => {};
    // With nothing in flight, no await comes between the look-up of `pending` and this: a request
    // arriving meanwhile finds this one's promise.
    if (!mask) pending.set(own, new Promise((resolve) => (settle = resolve)));
    try {
      const reply = await pool.run({ input, options, header, quality, ...(mask && { mask }) });
      if (!reply.ok) throw new EngineError(reply.code as ErrorCodeNumber, reply.message, reply.value);
      if (!('image' in reply)) throw new Error('worker returned no image');
      const made = reply.mask;
      settle(made?.mask ?? null);
      // Stored before answering: the next request for these bytes, in any process sharing the store, finds it.
      if (made) await store.set(made.quality === 'full' ? key : own, made.mask);
      const image = toBuffer(reply.image.bytes);
      const type = await typing;
      return {
        bytes: reply.body ? toBuffer(reply.body) : image,
        mime: reply.body ? 'application/json' : reply.image.mime,
        image,
        format: reply.image.format,
        width: reply.image.width,
        height: reply.image.height,
        foreground: reply.image.foreground,
        original: reply.image.original,
        maskCached: mask !== undefined,
        timings: reply.image.timings,
        ...(made && {
          network: { quality: made.quality, width: made.mask.width, height: made.mask.height },
        }),
        ...(type !== undefined && { type }),
      };
    } finally {
      settle(null);
      if (!mask) pending.delete(own);
    }
  }

  return {
    remove,
    warmedUp: () => warming,
    async probe() {
      endWarmUp();
      const reply = await pool.run({ probe: true });
      if (!('networkMs' in reply)) throw new Error('worker did not answer the probe');
      const { networkMs, arrayBufferBytes, youngGenerationBytes } = reply;
      return { networkMs: Math.round(networkMs), arrayBufferBytes, youngGenerationBytes };
    },
    stats: () => ({
      workers,
      threadsPerWorker: threads,
      ...counters,
      maskCache: store.stats(),
      model: { path: model.path, optimized: model.optimized },
      session,
    }),
    async close() {
      closed = true;
      await Promise.all([pool.destroy(), classifier?.close()]);
    },
  };
}

/**
 * The memory budget: as configured, or for 'auto' by this machine's memory per worker, and 'max'
 * where the launcher kept the process's memory (allocator.mjs: fresh pages measured slow to fault in).
 */
function memoryBudget(config: EngineConfig, workers: number): Exclude<EngineMemory, 'auto'> {
  const budget = config.memory ?? 'auto';
  if (budget !== 'auto') return budget;
  if (os.totalmem() / workers < FAST_MEMORY_PER_WORKER) return 'lean';
  return memoryKept() ? 'max' : 'fast';
}

/** The arena as given, else as the memory budget and this machine's calibration say. */
async function chooseSession(options: {
  config: EngineConfig;
  model: PreparedModel;
  threads: number;
  memory: Exclude<EngineMemory, 'auto'>;
}): Promise<Omit<NonNullable<EngineStats['session']>, 'int8Previews' | 'kernelMemory'>> {
  const { config, model, threads, memory } = options;
  const hugePages = hugePagesGranted();
  if (config.memoryArena !== undefined) {
    return { memoryArena: config.memoryArena, memory: 'given', hugePages, calibration: null };
  }
  if (memory === 'max') return { memoryArena: true, memory, hugePages, calibration: null };
  // With huge pages the arena's ~0.4 GB bought whole removals nothing where bare runs said 5-22%;
  // where the launcher's probe found 4 KB pages cheaper (allocator.mjs) it bought 2-3% for ~0.5 GB.
  if (memory === 'lean' || hugePages || smallPagesChosen())
    return { memoryArena: false, memory, hugePages, calibration: null };
  const measured = await calibration(model, threads);
  return { memoryArena: measured !== null && arenaPays(measured), memory, hugePages, calibration: measured };
}

/** Side of the network's square input for previews (see EngineConfig.previewInputSide): none. */
export const DEFAULT_PREVIEW_SIDE: number | null = null;

/** Whether fresh previews keep the photo's aspect (see EngineConfig.previewAspect). */
export const DEFAULT_PREVIEW_ASPECT = false;

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
