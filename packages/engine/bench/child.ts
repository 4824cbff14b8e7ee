// One benchmark scenario in its own process, so that its peak memory (max RSS) is its own.
// Prints one JSON line: {"scenario", "size", "runs": {name: [ms...]}, "info", "peak_rss_mb"}.
//   ours SIZE N   N rounds of: bare network run in the engine's worker (the floor, measured beside
//                 our runs so that load from other processes hits both alike), full (fresh bytes),
//                 preview of the same bytes (mask cached), preview of fresh bytes; then N fresh
//                 previews each after IDLE_MS without work (idle_preview: see below).
//   ours-arena-on, ours-arena-off
//                 the same with ORT's memory arena forced on, or in the 'lean' budget (arena off,
//                 no int8 preview network): the default engine picks by its calibration, the
//                 benchmark runs the other one too.
//   ours-float-preview SIZE N
//                 N fresh previews on the float network (int8Previews: false): previews as they
//                 were before the int8 network, the baseline of the preview speed-up; then N
//                 after IDLE_MS without work.
//   ours-aspect-preview SIZE N
//                 N fresh previews on the int8 network with the photo's aspect kept (previewAspect):
//                 what that input would save (off by default: previews then differ from the full
//                 size on many more photos).
//   peer SIZE N   N runs of the peer's removeBackground on fresh bytes.
//   floor - N     bare session.run of the network every way we know, best of N each: the original
//                 model with ORT's defaults and with the arena off, our rewritten model with the
//                 arena on and off, at each thread count tried. The fastest is the floor. Also the
//                 int8 copy that previews run (int8_*, not a floor: full sizes never run it).
import os from 'node:os';
import ort from 'onnxruntime-node';
import { peerCutout } from '../scripts/peer.ts';
import { createEngine } from '../src/engine.ts';
import { assembleImglyModel } from '../src/model/assemble.ts';
import { defaultCacheDir, prepareInt8Model, prepareModel } from '../src/model/prepare.ts';
import { sessionOptions } from '../src/worker/session.ts';
import { benchImage, IDLE_MS, type SizeKey, variant } from './images.ts';

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
  const rewritten = await prepareModel({ model: {}, cacheDir: defaultCacheDir(), optimize: true });
  const int8 = await prepareInt8Model({ model: {}, cacheDir: defaultCacheDir() });
  const cores = os.availableParallelism();
  const tensor = new Float32Array(3 * 1024 * 1024);
  const feeds = { input: new ort.Tensor('float32', tensor, [1, 3, 1024, 1024]) };
  for (const threads of [...new Set([Math.min(cores, 4), cores])]) {
    const ways: [string, string, ort.InferenceSession.SessionOptions][] = [
      ['original_ort_defaults', original, { intraOpNumThreads: threads }],
      ['original_arena_off', original, { intraOpNumThreads: threads, enableCpuMemArena: false }],
      ...[true, false].map(
        (memoryArena) =>
          [
            `rewritten_arena_${memoryArena ? 'on' : 'off'}`,
            rewritten.path,
            sessionOptions({ model: rewritten, threads, memoryArena }),
          ] as [string, string, ort.InferenceSession.SessionOptions],
      ),
      ...(int8
        ? [
            ['int8_arena_on', int8.path, sessionOptions({ model: int8, threads, memoryArena: true })] as [
              string,
              string,
              ort.InferenceSession.SessionOptions,
            ],
          ]
        : []),
    ];
    for (const [name, file, options] of ways) {
      const session = await ort.InferenceSession.create(file, options);
      await session.run(feeds, ['output']);
      for (let i = 0; i < repeat; i++)
        await time(`${name}_${threads}t`, () => session.run(feeds, ['output']));
      await session.release();
    }
  }
} else if (scenario?.startsWith('ours')) {
  const file = await benchImage(size);
  const engine = await createEngine({
    ...(scenario === 'ours-arena-on' && { memoryArena: true }),
    ...(scenario === 'ours-arena-off' && { memory: 'lean' as const }),
    ...(scenario === 'ours-aspect-preview' && { previewAspect: true }),
    ...(scenario === 'ours-float-preview' && { int8Previews: false }),
  });
  info.session = engine.stats().session;
  // As a server's engine would be by its first request: its worker warmed up while it waited.
  await engine.warmedUp();
  await engine.remove(await variant(await benchImage('1mp'), `warm-${Date.now()}`), { size: 'full' });
  const previewsOnly = scenario === 'ours-aspect-preview' || scenario === 'ours-float-preview';
  for (let i = 0; i < repeat && previewsOnly; i++) {
    const fresh = await variant(file, `preview-${i}-${Date.now()}`);
    await time('preview', () => engine.remove(fresh, { size: 'preview' }));
  }
  for (let i = 0; i < repeat && !previewsOnly; i++) {
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
    const preview = await time('preview', () => engine.remove(fresh, { size: 'preview' }));
    info.preview_network = preview.network;
  }
  if (scenario === 'ours' || scenario === 'ours-float-preview') {
    for (let i = 0; i < repeat; i++) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const fresh = await variant(file, `idle-preview-${i}-${Date.now()}`);
      await time('idle_preview', () => engine.remove(fresh, { size: 'preview' }));
    }
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
