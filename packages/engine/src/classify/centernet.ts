import { createRequire } from 'node:module';
import path from 'node:path';

/** CenterNet's input: 512×512 RGB, float 0..255 (the graph normalises itself), aspect ratio ignored. */
export const CENTERNET_INPUT = 512;

/** Where a CenterNet graph model lies: its `model.json` and the one weights file it names. */
export interface CenterNetFiles {
  json: string;
  weights: string;
}

const require = createRequire(import.meta.url);

/**
 * The CenterNet (MobileNetV3, COCO, MIT) that `@vladmandic/human` ships in its npm package, read
 * from node_modules where it was installed: nothing is copied into the repository or downloaded.
 */
export function humanCenterNetFiles(): CenterNetFiles {
  // The package exports only its bundles; its models folder sits beside their dist folder.
  const models = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '../models');
  return { json: path.join(models, 'centernet.json'), weights: path.join(models, 'centernet.bin') };
}

/** tfjs-backend-wasm's dist folder: its WebAssembly binaries ship in the npm package. */
export function tfjsWasmDir(): string {
  return path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
}
