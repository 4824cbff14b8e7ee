// The classifier's thread: a photo's bytes → CenterNet's raw detections. Plain JavaScript, started
// without the parent's loader flags: registering tsx in a thread cost ~95 MB more (measured), about
// as much as the detector itself. Its messages are typed in protocol.ts; everything after the network
// (filtering, the type) runs in the caller's thread, in TypeScript.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import sharp from 'sharp';

/** @type {import('./protocol.ts').DetectorSetup} */
const setup = workerData;
const size = setup.inputSize;
// The detections output: 1 × 100 × (x1, y1, x2, y2, score, class), best first.
const OUTPUT = 'tower_0/detections';
sharp.cache(false);

// A missing or broken model is an answer, not a crash: the thread stays up and says so per task,
// so that the pool does not restart it (and reload the model) for every photo.
const model = await load().catch((err) => (err instanceof Error ? err : new Error(String(err))));

/**
 * @param {import('./protocol.ts').DetectTask} task
 * @returns {Promise<import('./protocol.ts').DetectReply>}
 */
export default async function detect(task) {
  if (model instanceof Error) return { ok: false, fault: 'model', message: model.message };
  const start = performance.now();
  let rgb;
  try {
    rgb = await decodeSmall(task.input);
  } catch (err) {
    return { ok: false, fault: 'image', message: /** @type {Error} */ (err).message };
  }
  try {
    const output = tf.tidy(() => {
      const result = model.execute(tf.tensor4d(Float32Array.from(rgb), [1, size, size, 3]), OUTPUT);
      if (Array.isArray(result)) throw new Error(`CenterNet answered several tensors for ${OUTPUT}`);
      return result;
    });
    const raw = /** @type {Float32Array} */ (await output.data());
    output.dispose();
    return { ok: true, raw, ms: performance.now() - start };
  } catch (err) {
    return { ok: false, fault: 'model', message: /** @type {Error} */ (err).message };
  }
}

/** tfjs' WebAssembly backend, one thread (the removal's network has the cores), binaries from its package. */
async function load() {
  tf.enableProdMode();
  setWasmPaths(`${setup.wasmDir}${path.sep}`);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs WebAssembly backend did not start');
  const json = JSON.parse(await readFile(setup.files.json, 'utf8'));
  /** @type {{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }[]} */
  const manifest = json.weightsManifest;
  const paths = manifest.flatMap((group) => group.paths);
  if (paths.length !== 1 || paths[0] !== path.basename(setup.files.weights)) {
    throw new Error(`${setup.files.json} names weights ${paths.join(', ')}, not ${setup.files.weights}`);
  }
  const weights = await readFile(setup.files.weights);
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: manifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy ?? null,
      signature: json.signature,
    }),
  );
}

/**
 * The photo at the detector's input size, aspect ignored (as human resizes it), transparency on white.
 * @param {Uint8Array} bytes
 */
async function decodeSmall(bytes) {
  const { data } = await sharp(bytes, { limitInputPixels: setup.maxInputPixels, failOn: 'error' })
    .autoOrient()
    .resize(size, size, { fit: 'fill' })
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}
