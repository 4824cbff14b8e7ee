import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ort from 'onnxruntime-node';
import { assembleImglyModel, type ImglyVariant } from './assemble.ts';
import { INT8_CALIBRATION_FILE, type Int8Calibration, int8WeightBits, QUANTIZE_VERSION } from './quantize.ts';
import { GRAPH_VERSION } from './transform.ts';

/** Which network to run and how to feed it. Defaults describe the peer's IS-Net. */
export interface ModelConfig {
  /** A rembg-compatible ONNX file (input 1x3xHxW, a mask output). Default: IS-Net from the peer package. */
  path?: string;
  /** Weights of the default model: 'medium' (fp32, default) or 'small' (fp16). */
  variant?: ImglyVariant;
  /** Network input size; default: read from the model, else 1024x1024. */
  inputSize?: { width: number; height: number };
  /** Per-channel normalisation on the 0..1 scale: (pixel/255 − mean) / std. */
  mean?: readonly [number, number, number];
  std?: readonly [number, number, number];
  /** Names of the image input and the mask output; default: the model's first of each. */
  inputName?: string;
  outputName?: string;
  /** 'none' when the model ends in a sigmoid (IS-Net here); 'minmax' as rembg does for its models. */
  outputScaling?: 'none' | 'minmax' | 'sigmoid';
}

/** A model file ready to load, with everything a worker needs to run it. */
export interface PreparedModel {
  path: string;
  /**
   * True when `path` holds our rewritten graph (one output, float32, no concatenations, symbolic
   * sizes) already optimised by ORT for this CPU: load it without optimising again.
   */
  optimized: boolean;
  inputSize?: { width: number; height: number };
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
  inputName?: string;
  outputName?: string;
  outputScaling: 'none' | 'minmax' | 'sigmoid';
}

// The peer computes (pixel − 128) / 256; on the 0..1 scale that is mean 128/255, std 256/255.
const IMGLY_MEAN = 128 / 255;
const IMGLY_STD = 256 / 255;

export { defaultCacheDir } from '../cache-dir.mjs';

/**
 * Resolves the model file (assembling the default one), and unless `optimize` is false saves a
 * rewritten, ORT-optimised copy for this CPU in the cache (transform.ts): it runs faster and in
 * less than half the memory of the original, and loading it skips the optimiser's own memory churn.
 */
export async function prepareModel(options: {
  model: ModelConfig;
  cacheDir: string;
  optimize: boolean;
}): Promise<PreparedModel> {
  const { model, cacheDir } = options;
  const source = model.path ?? (await assembleImglyModel({ variant: model.variant ?? 'medium', cacheDir }));
  const isDefault = model.path === undefined;
  const base: PreparedModel = {
    path: source,
    optimized: false,
    mean: model.mean ?? [IMGLY_MEAN, IMGLY_MEAN, IMGLY_MEAN],
    std: model.std ?? [IMGLY_STD, IMGLY_STD, IMGLY_STD],
    outputScaling: model.outputScaling ?? (isDefault ? 'none' : 'minmax'),
    ...(model.inputSize && { inputSize: model.inputSize }),
    ...(model.inputName && { inputName: model.inputName }),
    ...(model.outputName && { outputName: model.outputName }),
  };
  if (!options.optimize) return base;
  const optimized = await optimizedModelPath(source, cacheDir, model.outputName).catch((err: Error) => {
    // The original still works, only slower and larger: say so and carry on.
    process.emitWarning(`model optimisation failed, using ${source} as it is: ${err.message}`);
    return null;
  });
  return optimized ? { ...base, path: optimized, optimized: true } : base;
}

/**
 * Bumped whenever transform.ts changes what it writes, so that cached copies are made again (3:
 * rewrite 4 states the fused sums' shapes). The int8 calibration is checked against GRAPH_VERSION
 * instead: it belongs to prepareGraph's graph, which later rewrites do not change.
 */
export const REWRITE_VERSION = 3;

/**
 * The int8 copy of the default model that fresh previews run (quantize.ts, README "Fast previews"),
 * made once per CPU in a child process from the calibration shipped with the engine. null for any
 * other model (the calibration belongs to one file) or when making it fails (with a warning:
 * previews then run the float model).
 */
export async function prepareInt8Model(options: {
  model: ModelConfig;
  cacheDir: string;
  /** The calibration file: the one shipped by default. */
  calibrationFile?: string;
}): Promise<PreparedModel | null> {
  const { model, cacheDir, calibrationFile = INT8_CALIBRATION_FILE } = options;
  if (model.path !== undefined || (model.variant ?? 'medium') !== 'medium') return null;
  try {
    const source = await assembleImglyModel({ variant: 'medium', cacheDir });
    const path = await int8ModelPath(source, cacheDir, calibrationFile);
    if (!path) return null;
    const base = await prepareModel({ model, cacheDir, optimize: false });
    return { ...base, path, optimized: true };
  } catch (err) {
    process.emitWarning(`int8 model not made, previews run the float model: ${(err as Error).message}`);
    return null;
  }
}

async function int8ModelPath(
  source: string,
  cacheDir: string,
  calibrationFile: string,
): Promise<string | null> {
  const calibrationText = await readFile(calibrationFile, 'utf8');
  const calibration = JSON.parse(calibrationText) as Int8Calibration;
  if (calibration.model.graphVersion !== GRAPH_VERSION) return null;
  const weightBits = int8WeightBits(process.arch, cpuFlags());
  const target = await cachedModelPath({
    source,
    cacheDir,
    kind: 'int8',
    extra: `${calibrationText}|weights ${weightBits} bits|quantize ${QUANTIZE_VERSION}`,
  });
  if (await stat(target).catch(() => null)) return target;
  const sha256 = createHash('sha256')
    .update(await readFile(source))
    .digest('hex');
  if (sha256 !== calibration.model.sha256) return null;
  await mkdir(cacheDir, { recursive: true });
  const script = fileURLToPath(new URL('./child.mjs', import.meta.url));
  const args = [script, 'quantize', source, target, calibrationFile, String(weightBits)];
  await promisify(execFile)(process.execPath, args, { timeout: 300_000 });
  return target;
}

/** Where the copy of `source` made for this CPU, ORT version and rewrite (`kind`, `extra`) is kept. */
async function cachedModelPath(options: {
  source: string;
  cacheDir: string;
  kind: 'ort' | 'int8';
  extra: string;
}): Promise<string> {
  const { source, cacheDir, kind, extra } = options;
  const info = await stat(source);
  const key = createHash('sha256')
    .update(
      [
        path.resolve(source),
        info.size,
        info.mtimeMs,
        extra,
        REWRITE_VERSION,
        cpuSignature(),
        ort.env.versions.node,
      ].join('|'),
    )
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheDir, `${path.basename(source, '.onnx')}.${kind}-${key}.onnx`);
}

/** The rewritten, ORT-optimised copy of `source` in `cacheDir`, made (in a child process) when missing. */
export async function optimizedModelPath(source: string, cacheDir: string, output = ''): Promise<string> {
  const target = await cachedModelPath({ source, cacheDir, kind: 'ort', extra: output });
  if (await stat(target).catch(() => null)) return target;
  await mkdir(cacheDir, { recursive: true });
  const script = fileURLToPath(new URL('./child.mjs', import.meta.url));
  const args = [script, 'optimize', source, target, ...(output ? [output] : [])];
  await promisify(execFile)(process.execPath, args, { timeout: 300_000 });
  return target;
}

/** The optimised graph may use CPU-specific layouts (NCHWc block size), so key it by the CPU. */
function cpuSignature(): string {
  return `${process.arch}|${os.cpus()[0]?.model ?? ''}|${cpuFlags()}`;
}

let flags: string | undefined;

/** The CPU's feature flags from /proc/cpuinfo (read once); empty where there is none (not Linux). */
function cpuFlags(): string {
  flags ??= readCpuFlags();
  return flags;
}

function readCpuFlags(): string {
  try {
    return (/^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '').trim();
  } catch {
    return '';
  }
}
