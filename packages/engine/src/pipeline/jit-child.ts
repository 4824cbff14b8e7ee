// For jit.test.ts: renders one photo (a cached request: refinement, compositing, PNG) several times,
// collecting garbage between rounds as the worker does between requests, and marks each round on
// stdout, so that V8's --trace-opt output shows which functions are compiled again in which round.
import { discPhoto } from '../test-images.ts';
import { renderWithMask } from './render-fixture.ts';

const width = 2400;
const height = 1600;
const photo = await discPhoto({ width, height });
// The disc's mask as the network would give it: 1024², with a soft edge a few pixels wide.
const side = 1024;
const mask = new Uint8Array(side * side);
for (let y = 0; y < side; y++) {
  for (let x = 0; x < side; x++) {
    const d = Math.hypot(((x + 0.5) / side - 0.5) * width, ((y + 0.5) / side - 0.5) * height);
    const edge = (Math.round(Math.min(width, height) * 0.3) - d) / 4;
    mask[y * side + x] = Math.round(255 * Math.min(1, Math.max(0, 0.5 + edge)));
  }
}
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
for (let round = 1; round <= Number(process.argv[2] ?? 4); round++) {
  console.log(`round ${round}`);
  await renderWithMask({ photo, mask: { data: mask, width: side, height: side } });
  gc();
}
