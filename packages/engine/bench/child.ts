// One benchmark scenario in its own process, so that its peak memory (max RSS) is its own.
// Prints one JSON line: {"scenario", "size", "runs": {name: [ms...]}, "info", "peak_rss_mb"}.
//   ours SIZE N   N rounds of: bare network run in the engine's worker (the floor, measured beside
//                 our runs so that load from other processes hits both alike), full (fresh bytes),
//                 preview of the same bytes (mask cached), preview of fresh bytes.
//   ours-arena    the same with ORT's memory arena on (EngineConfig.memoryArena = true): faster
//                 network, more memory.
//   peer SIZE N   N runs of the peer's removeBackground on fresh bytes.
//   floor - N     ORT's defaults on the original model (for reference).
import os from 'node:os';
import ort from 'onnxruntime-node';
import { peerCutout } from '../scripts/peer.ts';
import { createEngine } from '../src/engine.ts';
import { assembleImglyModel } from '../src/model/assemble.ts';
import { defaultCacheDir } from '../src/model/prepare.ts';
import { benchImage, type SizeKey, variant } from './images.ts';

const [scenario, sizeArg, repeatArg] = process.argv.slice(2);
const size = (sizeArg ?? '12mp') as SizeKey;
const repeat = Number(repeatArg ?? 2);
const runs: Record<string, number[]> = {};
const info: Record<string, unknown> = {};

async function time<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  runs[name] ??= [];
  runs[name].push(Math.round(performance.now() - start));
  return result;
}

if (scenario === 'floor') {
  const original = await assembleImglyModel({ variant: 'medium', cacheDir: defaultCacheDir() });
  const session = await ort.InferenceSession.create(original, {
    intraOpNumThreads: os.availableParallelism(),
  });
  const tensor = new Float32Array(3 * 1024 * 1024);
  const feeds = { input: new ort.Tensor('float32', tensor, [1, 3, 1024, 1024]) };
  await session.run(feeds);
  for (let i = 0; i < repeat; i++)
    await time('session_run_ort_defaults', () => session.run(feeds, ['output']));
} else if (scenario === 'ours' || scenario === 'ours-arena') {
  const file = await benchImage(size);
  const engine = await createEngine({ memoryArena: scenario === 'ours-arena' });
  await engine.remove(await variant(await benchImage('1mp'), `warm-${Date.now()}`), { size: 'full' });
  for (let i = 0; i < repeat; i++) {
    runs.floor ??= [];
    runs.floor.push((await engine.probe()).networkMs);
    const bytes = await variant(file, `full-${i}-${Date.now()}`);
    const full = await time('full', () => engine.remove(bytes, { size: 'full' }));
    Object.assign(info, {
      output: `${full.width}x${full.height}`,
      png_bytes: full.bytes.length,
      timings: full.timings,
    });
    await time('cached_preview', () => engine.remove(bytes, { size: 'preview' }));
    const fresh = await variant(file, `preview-${i}-${Date.now()}`);
    await time('preview', () => engine.remove(fresh, { size: 'preview' }));
  }
  await engine.close();
} else if (scenario === 'peer') {
  const file = await benchImage(size);
  await peerCutout(await variant(await benchImage('1mp'), `warm-${Date.now()}`), 'jpeg');
  for (let i = 0; i < repeat; i++) {
    const bytes = await variant(file, `peer-${i}-${Date.now()}`);
    info.png_bytes = (await time('full', () => peerCutout(bytes, 'jpeg'))).length;
  }
} else {
  throw new Error(`unknown scenario ${scenario}`);
}
console.log(
  JSON.stringify({
    scenario,
    size,
    runs,
    info,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
