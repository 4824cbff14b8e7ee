import type { CenterNetFiles } from './centernet.ts';

/** Fixed per detector thread (detector-thread.mjs). */
export interface DetectorSetup {
  files: CenterNetFiles;
  /** tfjs-backend-wasm's dist folder, where its .wasm binaries lie. */
  wasmDir: string;
  /** The detector's square input side. */
  inputSize: number;
  /** sharp's decode limit (LIMITS.maxInputPixels). */
  maxInputPixels: number;
}

/** One photo: its bytes, already checked by the engine (format, size, header). */
export interface DetectTask {
  input: Uint8Array;
}

/**
 * The thread's answer: CenterNet's raw detections output, or why there is none. `model`: the
 * detector could not be loaded or run (every photo would fail alike); `image`: this photo could
 * not be decoded (its removal fails too, and says why).
 */
export type DetectReply =
  | { ok: true; raw: Float32Array; ms: number }
  | { ok: false; fault: 'model' | 'image'; message: string };
