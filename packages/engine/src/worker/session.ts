import ort from 'onnxruntime-node';
import type { PreparedModel } from '../model/prepare.ts';
import { decodeModelInput, type ModelInputSpec } from '../pipeline/decode.ts';
import type { MaskData } from '../pipeline/refine.ts';

/** A loaded network: image bytes → input tensor → mask at the network's resolution. */
export interface Predictor {
  spec: ModelInputSpec;
  /** Decodes and normalises the network's input. */
  prepare(input: Uint8Array): Promise<Float32Array>;
  /** Runs the network. It blocks the calling thread (onnxruntime-node runs synchronously). */
  run(tensor: Float32Array): Promise<MaskData>;
  /** Bare session.run on a tensor: what the benchmark calls the floor. */
  runTensor(tensor: Float32Array): Promise<void>;
}

/** Loads the model once into an InferenceSession with `threads` intra-op threads. */
export async function createPredictor(options: {
  model: PreparedModel;
  threads: number;
  memoryArena?: boolean;
}): Promise<Predictor> {
  const { model, threads } = options;
  const arena = options.memoryArena ?? false;
  const session = await ort.InferenceSession.create(model.path, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    // An already optimised graph needs no second pass (which would cost memory, not speed).
    graphOptimizationLevel: model.optimized ? 'disabled' : 'all',
    // Without the arena every run's activations are returned when it ends, so the image work that
    // follows does not sit on top of them; the memory pattern then puts them in one block per run
    // (far fewer page faults than a block per tensor). With the arena they stay allocated between
    // runs: a faster network, ~250 MB more at peak (see the README's benchmark).
    enableCpuMemArena: arena,
    enableMemPattern: !arena,
    logSeverityLevel: 3,
  });
  const inputName = model.inputName ?? session.inputNames[0];
  const outputName = model.outputName ?? session.outputNames[0];
  if (!inputName || !outputName) throw new Error('model has no input or no output');
  const spec: ModelInputSpec = { ...inputSize(session, inputName, model), mean: model.mean, std: model.std };
  const dims = [1, 3, spec.height, spec.width];

  async function run(tensor: Float32Array): Promise<Float32Array> {
    const feeds = { [inputName as string]: new ort.Tensor('float32', tensor, dims) };
    // Fetch only the mask: IS-Net also has side outputs that would otherwise be computed and copied.
    const outputs = await session.run(feeds, [outputName as string]);
    const output = outputs[outputName as string];
    if (output?.type !== 'float32') throw new Error(`model output ${outputName} is not float32`);
    return output.data as Float32Array;
  }

  return {
    spec,
    prepare: (input) => decodeModelInput({ bytes: input, spec }),
    async run(tensor) {
      const out = await run(tensor);
      return {
        data: toMask(out, spec.width * spec.height, model.outputScaling),
        width: spec.width,
        height: spec.height,
      };
    },
    async runTensor(tensor) {
      await run(tensor);
    },
  };
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
