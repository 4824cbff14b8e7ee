import type { PreparedModel } from '../model/prepare.ts';
import type { EncodeConfig } from '../pipeline/encode.ts';
import type { MaskData, RefineConfig } from '../pipeline/refine.ts';
import type { RenderedImage, RenderTask } from '../pipeline/render.ts';

/** Fixed per worker: what to load and how to process. */
export interface WorkerSetup {
  model: PreparedModel;
  threads: number;
  refine: RefineConfig;
  encode: EncodeConfig;
  warmup: boolean;
  memoryArena: boolean;
}

/** Asks a worker to time one bare network run on a blank input. */
export interface ProbeTask {
  probe: true;
}

/** What the engine sends: a removal, a probe, or null (the start-up check that the model loaded). */
export type WorkerTask = RenderTask | ProbeTask | null;

/** A worker's answer; expected failures travel as data because errors lose their class between threads. */
export type WorkerReply =
  | { ok: true; image: RenderedImage; body: Uint8Array | null; mask: MaskData | null }
  | { ok: false; code: number; message: string; value?: string | number }
  | { ok: true; networkMs: number };

export type { RenderTask };
