import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { LIMITS } from '../limits.ts';
import { CENTERNET_INPUT, type CenterNetFiles, humanCenterNetFiles, tfjsWasmDir } from './centernet.ts';
import type { DetectedType } from './coco.ts';
import { type DetectionFilter, decodeDetections } from './detections.ts';
import { detectedType, MIN_EVIDENCE, type TypeLevel, typeAtLevel } from './foreground-type.ts';
import type { DetectorSetup, DetectReply, DetectTask } from './protocol.ts';

/** How the engine's foreground classifier is set up; every field optional. */
export interface ClassifierConfig {
  /** The CenterNet graph model; default the one in `@vladmandic/human`'s package. */
  files?: CenterNetFiles;
  /** Which detections count (human's defaults). */
  filter?: Partial<DetectionFilter>;
  /** Evidence a type needs (see MIN_EVIDENCE). */
  minEvidence?: number;
  /** Types remembered per photo (by the engine's scoped cache key): a preview then the full size classify once. Default 1024. */
  cacheEntries?: number;
  /** Where a broken model or a failed classification is reported. Default console.warn. */
  onWarning?: (message: string, error?: unknown) => void;
}

/** Detects remove.bg's foreground type of a photo. Never throws: no answer is `undefined`. */
export interface ForegroundClassifier {
  /** The photo's type at `level`; undefined for level none or when the detector is unavailable. */
  classify(input: Uint8Array, options: { level: TypeLevel; cacheKey?: string }): Promise<string | undefined>;
  /** Milliseconds of the last detection in its thread (decode and network), for measurements. */
  lastMs(): number | undefined;
  close(): Promise<void>;
}

/**
 * A classifier on its own worker thread, started on the first photo that asks for a type (the
 * detector's runtime and weights cost memory only once used). A model that cannot be loaded is
 * reported once and then not asked again: removals go on without a type.
 */
export function createForegroundClassifier(config: ClassifierConfig = {}): ForegroundClassifier {
  const warn = config.onWarning ?? ((message, error) => console.warn(message, error ?? ''));
  const minEvidence = config.minEvidence ?? MIN_EVIDENCE;
  const cacheEntries = config.cacheEntries ?? 1024;
  const cache = new Map<string, Promise<DetectedType | undefined>>();
  let pool: Piscina<DetectTask, DetectReply> | undefined;
  let broken = false;
  let closed = false;
  let last: number | undefined;

  function start() {
    const setup: DetectorSetup = {
      files: config.files ?? humanCenterNetFiles(),
      wasmDir: tfjsWasmDir(),
      inputSize: CENTERNET_INPUT,
      maxInputPixels: LIMITS.maxInputPixels,
    };
    return new Piscina<DetectTask, DetectReply>({
      filename: fileURLToPath(new URL('./detector-thread.mjs', import.meta.url)),
      workerData: setup,
      // Plain JavaScript: without the parent's flags no TypeScript loader is set up in the thread.
      execArgv: [],
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
    });
  }

  /** Reported once; then the removals go on without a type until the engine is restarted. */
  function disable(message: string, error?: unknown) {
    if (broken || closed) return;
    broken = true;
    warn(`foreground classifier unavailable, results go without a type: ${message}`, error);
    const stopping = pool;
    pool = undefined;
    void stopping?.destroy().catch(() => {});
  }

  async function detect(input: Uint8Array): Promise<DetectedType | undefined> {
    if (broken || closed) return undefined;
    let reply: DetectReply;
    try {
      pool ??= start();
      reply = await pool.run({ input });
    } catch (err) {
      // The thread itself failed (a runtime package missing, a crash): every photo would fail alike.
      disable((err as Error).message, err);
      return undefined;
    }
    if (reply.ok) {
      last = reply.ms;
      const detections = decodeDetections({
        raw: reply.raw,
        inputSize: CENTERNET_INPUT,
        filter: config.filter,
      });
      return detectedType(detections, minEvidence);
    }
    // An undecodable photo fails its removal too, which says why: nothing to add here.
    if (reply.fault === 'model') disable(reply.message);
    return undefined;
  }

  function cached(input: Uint8Array, key: string | undefined): Promise<DetectedType | undefined> {
    if (key === undefined) return detect(input);
    const hit = cache.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to evict.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const answer = detect(input).then((type) => {
      if (type === undefined) cache.delete(key);
      return type;
    });
    cache.set(key, answer);
    if (cache.size > cacheEntries) cache.delete(cache.keys().next().value as string);
    return answer;
  }

  return {
    async classify(input, { level, cacheKey }) {
      if (level === 'none') return undefined;
      const type = await cached(input, cacheKey);
      return type && typeAtLevel(type, level);
    },
    lastMs: () => last,
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
