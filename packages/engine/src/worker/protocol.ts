import type { PreparedModel } from '../model/prepare.ts';
import type { EncodeConfig } from '../pipeline/encode.ts';
import type { MaskData, RefineConfig } from '../pipeline/refine.ts';
import type { RenderedImage, RenderTask } from '../pipeline/render.ts';
import type { NetworkQuality } from './session.ts';

/** Fixed per worker: what to load and how to process. */
export interface WorkerSetup {
  model: PreparedModel;
  threads: number;
  refine: RefineConfig;
  encode: EncodeConfig;
  warmup: boolean;
  memoryArena: boolean;
  /** Side of the network's square input for previews (models of free size only); null: previews run at full size. */
  previewSide: number | null;
  /** The network fresh previews run instead (the int8 copy of the default model); null: the model itself. */
  previewModel: PreparedModel | null;
  /** Previews keep the photo's aspect (session.ts `previewInputSize`); false: the square input. */
  previewAspect: boolean;
  /** Set (to 1) by the engine when it has a request: warm-ups stop before their next removal. */
  requestSeen: Int32Array;
  /**
   * The refinement kernels' memory between requests (pipeline/kernels.ts): 'keep' a 12 MP removal's,
   * 'release' all but 16 MB, or 'measure' what a fresh page costs first and keep it where that is slow.
   */
  kernelMemory: 'keep' | 'release' | 'measure';
}

/** What a worker chose for its kernels' memory, and the page-fault cost it measured (null: none measured). */
export interface KernelMemoryChoice {
  kept: boolean;
  pageFaultMicros: number | null;
}

/** Asks a worker to time one bare network run on a blank input. */
export interface ProbeTask {
  probe: true;
}

/** Asks a worker to warm up (warm-pipeline.ts) until `requestSeen` is set. */
export interface WarmUpTask {
  warmUp: true;
}

/** What the engine sends: a removal, a probe, a warm-up, or null (the start-up check that the model loaded). */
export type WorkerTask = RenderTask | ProbeTask | WarmUpTask | null;

/** A probe's answer: a bare network run, and what the worker held in memory when the probe came. */
export interface ProbeResult {
  networkMs: number;
  /**
   * Bytes of typed arrays: what the worker's last removal left uncollected (WebAssembly memory,
   * pipeline/kernels.ts, is not counted).
   */
  arrayBufferBytes: number;
  /** Bytes of the worker's young generation (V8's new space) in memory: 32 MB at most, 8 in `lean`. */
  youngGenerationBytes: number;
}

/** A worker's answer; expected failures travel as data because errors lose their class between threads. */
export type WorkerReply =
  | {
      ok: true;
      image: RenderedImage;
      body: Uint8Array | null;
      /** The mask the network made for this task, and at which input (null when one came with it). */
      mask: { mask: MaskData; quality: NetworkQuality } | null;
    }
  | { ok: false; code: number; message: string; value?: string | number }
  | ({ ok: true } & ProbeResult)
  /** The rounds of its warm-up that the worker ran. */
  | { ok: true; warmedRounds: number }
  /** The start-up check's answer: the model is loaded, and whether previews run differently from full sizes. */
  | { ok: true; ready: true; preview: boolean; kernelMemory: KernelMemoryChoice };

export type { RenderTask };
