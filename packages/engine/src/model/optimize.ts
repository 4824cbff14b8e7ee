// The work of the model-preparation child process (child.mjs optimize | quantize): graph rewrites
// (and for `quantize` the int8 QDQ rewrite), ORT's own optimiser, then symbolic shapes; the result is
// written atomically.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import { type OnnxModel, parseModel, serializeModel } from './onnx.ts';
import { type Int8Calibration, type QuantizeReport, quantizeWithCalibration } from './quantize.ts';
import { prepareGraph, relaxShapes, type TransformReport } from './transform.ts';

/** Writes the optimised model to `target` (int8 with `int8`'s calibration); returns what the rewrites did. */
export async function optimizeModelFile(options: {
  source: string;
  target: string;
  output?: string;
  int8?: Int8Calibration;
  /** The int8 weights' bits (quantize.ts int8WeightBits); 8 by default. */
  weightBits?: 7 | 8;
}): Promise<TransformReport & { int8?: QuantizeReport }> {
  const { source, target } = options;
  const optimized = `${target}.${process.pid}.optimized.tmp`;
  const final = `${target}.${process.pid}.tmp`;
  try {
    const model = parseModel(await readFile(source));
    const report: TransformReport & { int8?: QuantizeReport } = prepareGraph(
      model,
      options.output ? { output: options.output } : {},
    );
    if (options.int8) report.int8 = quantizeWithCalibration(model, options.int8, options.weightBits);
    await writeOptimized({ model, target: final, scratch: optimized });
    await rename(final, target);
    return report;
  } finally {
    await Promise.all([optimized, final].map((file) => rm(file, { force: true })));
  }
}

/**
 * ORT's optimiser over `model` (read from memory, its optimised graph written to `scratch`), then
 * symbolic shapes (rewrite 4), written to `target`; returns that graph.
 */
export async function writeOptimized(options: {
  model: OnnxModel;
  target: string;
  scratch: string;
}): Promise<OnnxModel> {
  await ort.InferenceSession.create(serializeModel(options.model), {
    graphOptimizationLevel: 'all',
    optimizedModelFilePath: options.scratch,
    intraOpNumThreads: 1,
    logSeverityLevel: 3,
  });
  const result = parseModel(await readFile(options.scratch));
  relaxShapes(result);
  await writeFile(options.target, serializeModel(result));
  return result;
}

/** Child entry: `source target [output]`; prints the report as JSON. */
export async function main(args: string[]): Promise<void> {
  const [source, target, output] = args;
  if (!source || !target) throw new Error('usage: optimize SOURCE TARGET [OUTPUT]');
  const report = await optimizeModelFile({ source, target, ...(output && { output }) });
  console.log(JSON.stringify(report));
}

/** Child entry of `quantize`: `source target calibration.json weightBits`; prints the report as JSON. */
export async function quantizeMain(args: string[]): Promise<void> {
  const [source, target, calibration, bits = '8'] = args;
  if (!source || !target || !calibration || (bits !== '7' && bits !== '8'))
    throw new Error('usage: quantize SOURCE TARGET CALIBRATION [7|8]');
  const int8 = JSON.parse(await readFile(calibration, 'utf8')) as Int8Calibration;
  const weightBits = bits === '7' ? 7 : 8;
  console.log(JSON.stringify(await optimizeModelFile({ source, target, int8, weightBits })));
}
