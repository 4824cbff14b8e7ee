import ort from 'onnxruntime-node';
import type { PreparedModel } from '../model/prepare.ts';
import { decodeModelInput, type ModelInputSpec } from '../pipeline/decode.ts';
import type { MaskData } from '../pipeline/refine.ts';

/**
 * Which input a network run gets: the model's own size, or for a preview (at most 625x400 out) a
 * smaller square where the model takes any size (see the README's "Fast previews").
 */
export type NetworkQuality = 'full' | 'preview';

/** A network's input tensor (NCHW float32, three planes) and its size. */
export interface NetworkInput {
  tensor: Float32Array;
  width: number;
  height: number;
}

/** A loaded network: image bytes → input tensor → mask at the network's resolution. */
export interface Predictor {
  spec: ModelInputSpec;
  /**
   * The input a preview gets when previews differ from full sizes (a preview network, or a smaller
   * input); null when previews run exactly as full sizes do.
   */
  previewSpec: ModelInputSpec | null;
  /** The quality a request for `quality` gets: 'preview' only where there is a preview input. */
  resolve(quality: NetworkQuality): NetworkQuality;
  /**
   * Decodes and normalises the network's input; `header`: the photo's size after EXIF orientation.
   * A preview's input keeps the photo's aspect where `previewAspect` is on (`previewInputSize`).
   */
  prepare(
    input: Uint8Array,
    header: { width: number; height: number },
    quality?: NetworkQuality,
  ): Promise<NetworkInput>;
  /** Runs the network. It blocks the calling thread (onnxruntime-node runs synchronously). */
  run(input: NetworkInput, quality?: NetworkQuality): Promise<MaskData>;
  /** Bare session.run on a tensor: what the benchmark calls the floor. */
  runTensor(tensor: Float32Array): Promise<void>;
}

/** The session settings of a worker (and of the calibration that chooses `memoryArena`). */
export function sessionOptions(options: {
  model: PreparedModel;
  threads: number;
  memoryArena: boolean;
}): ort.InferenceSession.SessionOptions {
  const arena = options.memoryArena;
  return {
    intraOpNumThreads: options.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    // An already optimised graph needs no second pass (which would cost memory, not speed).
    graphOptimizationLevel: options.model.optimized ? 'disabled' : 'all',
    // Without the arena every run's activations are returned when it ends, so the image work that
    // follows does not sit on top of them; the memory pattern then puts them in one block per run
    // (far fewer page faults than a block per tensor). With the arena they stay allocated between
    // runs: a faster network, ~250 MB more at peak (see the README's benchmark).
    enableCpuMemArena: arena,
    enableMemPattern: !arena,
    logSeverityLevel: 3,
  };
}

/** Loads the model once into an InferenceSession with `threads` intra-op threads. */
export async function createPredictor(options: {
  model: PreparedModel;
  threads: number;
  memoryArena?: boolean;
  /** Side of the square input for previews where the model's height and width are free; null: none. */
  previewSide?: number | null;
  /** A second network for fresh previews (the int8 copy: quantize.ts), at `previewSide` where set. */
  previewModel?: PreparedModel | null;
  /**
   * Previews keep the photo's aspect (`previewInputSize`) where the preview network takes any size;
   * default false: the square input full sizes get.
   */
  previewAspect?: boolean;
}): Promise<Predictor> {
  const { model, threads } = options;
  const memoryArena = options.memoryArena ?? false;
  const load = (file: PreparedModel) =>
    ort.InferenceSession.create(file.path, sessionOptions({ model: file, threads, memoryArena }));
  const session = await load(model);
  const previewSession = options.previewModel ? await load(options.previewModel) : null;
  const inputName = model.inputName ?? session.inputNames[0];
  const outputName = model.outputName ?? session.outputNames[0];
  if (!inputName || !outputName) throw new Error('model has no input or no output');
  const spec: ModelInputSpec = { ...inputSize(session, inputName, model), mean: model.mean, std: model.std };
  const side = options.previewSide ?? null;
  // Previews run on the preview network where there is one, on a smaller input where one is set and
  // the network takes it; with neither, previews are full sizes.
  const previewNetwork = previewSession ?? session;
  const smaller =
    side !== null && side < Math.min(spec.width, spec.height) && freeSize(previewNetwork, inputName, model)
      ? { ...spec, width: side, height: side }
      : null;
  const previewSpec = smaller ?? (previewSession ? spec : null);
  const aspect = options.previewAspect === true && freeSize(previewNetwork, inputName, model);
  const resolve = (quality: NetworkQuality = 'full'): NetworkQuality =>
    quality === 'preview' && previewSpec ? 'preview' : 'full';
  const specOf = (quality?: NetworkQuality) => (resolve(quality) === 'preview' ? previewSpec : null) ?? spec;
  const sessionOf = (quality?: NetworkQuality) =>
    (resolve(quality) === 'preview' ? previewSession : null) ?? session;

  /** The input size for a photo of `header`'s size at `quality`. */
  const sizeOf = (header: { width: number; height: number }, quality?: NetworkQuality) => {
    const square = specOf(quality);
    return resolve(quality) === 'preview' && aspect
      ? { ...square, ...previewInputSize(square, header) }
      : square;
  };

  async function run(input: NetworkInput, on = session): Promise<Float32Array> {
    const dims = [1, 3, input.height, input.width];
    const feeds = { [inputName as string]: new ort.Tensor('float32', input.tensor, dims) };
    // Fetch only the mask: IS-Net also has side outputs that would otherwise be computed and copied.
    const outputs = await on.run(feeds, [outputName as string]);
    const output = outputs[outputName as string];
    if (output?.type !== 'float32') throw new Error(`model output ${outputName} is not float32`);
    return output.data as Float32Array;
  }

  return {
    spec,
    previewSpec,
    resolve,
    async prepare(input, header, quality) {
      const size = sizeOf(header, quality);
      const tensor = await decodeModelInput({ bytes: input, header, spec: size });
      return { tensor, width: size.width, height: size.height };
    },
    async run(input, quality) {
      const out = await run(input, sessionOf(quality));
      return {
        data: toMask(out, input.width * input.height, model.outputScaling),
        width: input.width,
        height: input.height,
      };
    },
    async runTensor(tensor) {
      await run({ tensor, width: spec.width, height: spec.height });
    },
  };
}

/**
 * Input sides are multiples of this: IS-Net halves its maps six times below the input (its first
 * convolution, then five pools in its first block) and our graph doubles them back by a factor, not
 * to the skip's size, so that an odd map fails to add up.
 */
const INPUT_STEP = 64;

/**
 * A preview's input that keeps the photo's aspect: the longer side at the square's side, the shorter
 * in proportion, rounded to a multiple of 64, and at least half the side (a panorama is squeezed no
 * more than 2:1, as every photo is in the square input). A 3:2 photo at 1024 gets 1024×704: 0.69 of
 * the square's work.
 */
export function previewInputSize(
  square: { width: number; height: number },
  photo: { width: number; height: number },
): { width: number; height: number } {
  const side = Math.min(square.width, square.height);
  const ratio = Math.min(photo.width, photo.height) / Math.max(photo.width, photo.height);
  const steps = Math.round((side * ratio) / INPUT_STEP);
  const short = Math.min(side, Math.max(Math.ceil(side / 2 / INPUT_STEP) * INPUT_STEP, steps * INPUT_STEP));
  return photo.width >= photo.height ? { width: side, height: short } : { width: short, height: side };
}

function inputSize(session: ort.InferenceSession, name: string, model: PreparedModel) {
  if (model.inputSize) return model.inputSize;
  const meta = session.inputMetadata.find((m) => m.name === name);
  const shape = meta?.isTensor ? meta.shape : [];
  const [h, w] = [shape[2], shape[3]];
  return typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0
    ? { width: w, height: h }
    : { width: 1024, height: 1024 };
}

/** True when the model's input has no fixed height and width (our rewritten graph: see transform.ts). */
function freeSize(session: ort.InferenceSession, name: string, model: PreparedModel): boolean {
  if (model.inputSize) return false;
  const meta = session.inputMetadata.find((m) => m.name === name);
  const shape = meta?.isTensor ? meta.shape : [];
  return shape.length === 4 && typeof shape[2] !== 'number' && typeof shape[3] !== 'number';
}

/** The first `n` values (the first channel) scaled to 0..255. */
function toMask(out: Float32Array, n: number, scaling: PreparedModel['outputScaling']): Uint8Array {
  const mask = new Uint8Array(n);
  let lo = 0;
  let span = 1;
  if (scaling === 'minmax') {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const v = out[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    lo = min;
    span = max - min || 1;
  }
  for (let i = 0; i < n; i++) {
    const v = scaling === 'sigmoid' ? 1 / (1 + Math.exp(-out[i]!)) : (out[i]! - lo) / span;
    mask[i] = Math.min(1, Math.max(0, v)) * 255 + 0.5;
  }
  return mask;
}
