// The work of the model-preparation child process (see optimize.mjs): graph rewrites, ORT's own
// optimiser, then symbolic shapes; the result is written atomically.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import { parseModel, serializeModel } from './onnx.ts';
import { prepareGraph, relaxShapes, type TransformReport } from './transform.ts';

/** Writes the optimised model to `target`; returns what the rewrites did. */
export async function optimizeModelFile(options: {
  source: string;
  target: string;
  output?: string;
}): Promise<TransformReport> {
  const { source, target } = options;
  const rewritten = `${target}.${process.pid}.rewritten.tmp`;
  const optimized = `${target}.${process.pid}.optimized.tmp`;
  const final = `${target}.${process.pid}.tmp`;
  try {
    const model = parseModel(await readFile(source));
    const report = prepareGraph(model, options.output ? { output: options.output } : {});
    await writeFile(rewritten, serializeModel(model));
    await ort.InferenceSession.create(rewritten, {
      graphOptimizationLevel: 'all',
      optimizedModelFilePath: optimized,
      intraOpNumThreads: 1,
      logSeverityLevel: 3,
    });
    const result = parseModel(await readFile(optimized));
    relaxShapes(result);
    await writeFile(final, serializeModel(result));
    await rename(final, target);
    return report;
  } finally {
    await Promise.all([rewritten, optimized, final].map((file) => rm(file, { force: true })));
  }
}

/** Child entry: `source target [output]`; prints the report as JSON. */
export async function main(args: string[]): Promise<void> {
  const [source, target, output] = args;
  if (!source || !target) throw new Error('usage: optimize SOURCE TARGET [OUTPUT]');
  const report = await optimizeModelFile({ source, target, ...(output && { output }) });
  console.log(JSON.stringify(report));
}
