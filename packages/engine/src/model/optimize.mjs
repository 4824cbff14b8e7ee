// Runs in a child process so that the optimiser's memory churn (hundreds of MB that glibc keeps)
// never lands in the server: loads the model with every ORT graph optimisation and saves the result.
import { rename, rm } from 'node:fs/promises';
import ort from 'onnxruntime-node';

const [source, target] = process.argv.slice(2);
const temp = `${target}.${process.pid}.tmp`;
try {
  await ort.InferenceSession.create(source, {
    graphOptimizationLevel: 'all',
    optimizedModelFilePath: temp,
    intraOpNumThreads: 1,
    logSeverityLevel: 3,
  });
  await rename(temp, target);
} catch (err) {
  await rm(temp, { force: true });
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
