// Static int8 IS-Net (QDQ → QLinearConv, src/model/quantize.ts): the calibration the engine ships, and
// the experiments that chose it (does it run faster in ONNX Runtime on this CPU, what does it cost).
//   npx tsx packages/engine/scripts/quantize.ts calibrate [--images 12]
//       measures the ranges and writes src/model/isnet-int8-calibration.json (mode 'all', 99.99%)
//   npx tsx packages/engine/scripts/quantize.ts build --mode conv|all --calib rough|minmax|p99.99 [--keep-last]
//   npx tsx packages/engine/scripts/quantize.ts speed FILE [--sides 1024,768] [--threads 2]
//   npx tsx packages/engine/scripts/quantize.ts eval FILE [--count 60] [--dir ../shared/eval-bulk]
// FILE: a model written by build (in $TMPDIR/cutout-quantize). Calibration uses generated scenes
// (photo-like.ts) and sample photos shipped in node_modules, never the evaluation photos.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { assembleImglyModel } from '../src/model/assemble.ts';
import { type OnnxModel, parseModel, serializeModel } from '../src/model/onnx.ts';
import { writeOptimized } from '../src/model/optimize.ts';
import { defaultCacheDir, type PreparedModel, prepareModel } from '../src/model/prepare.ts';
import {
  INT8_CALIBRATION_FILE,
  type Int8Calibration,
  type QuantizeMode,
  quantizationPoints,
  quantizeGraph,
  type Range,
  resizeToScales,
  withOutputs,
} from '../src/model/quantize.ts';
import { GRAPH_VERSION, prepareGraph } from '../src/model/transform.ts';
import { photoLike } from '../src/photo-like.ts';
import { decodeModelInput, readHeader } from '../src/pipeline/decode.ts';
import { sessionOptions } from '../src/worker/session.ts';
import { score } from './metrics.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args.splice(i, 2)[1] ?? fallback) : fallback;
};
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const work = path.join(os.tmpdir(), 'cutout-quantize');
await mkdir(work, { recursive: true });
const cwd = process.env.INIT_CWD ?? process.cwd();
const MEAN = [128 / 255, 128 / 255, 128 / 255] as const;
const STD = [256 / 255, 256 / 255, 256 / 255] as const;

/** The network input of an image at side², as the engine makes it. */
async function inputOf(bytes: Uint8Array, side: number): Promise<Float32Array> {
  const header = await readHeader(bytes);
  return decodeModelInput({ bytes, spec: { width: side, height: side, mean: MEAN, std: STD }, header });
}

const feeds = (tensor: Float32Array, side: number) => ({
  input: new ort.Tensor('float32', tensor, [1, 3, side, side]),
});

/** Calibration images: the sample photos shipped in node_modules, then generated scenes. */
async function calibrationSources(count: number): Promise<{ name: string; bytes: Uint8Array }[]> {
  const files = [
    ...[
      'samples',
      'screenshot-facedetect',
      'screenshot-faceid',
      'screenshot-facematch',
      'screenshot-vrm',
    ].map((n) => `node_modules/@vladmandic/human/assets/${n}.jpg`),
    'node_modules/@fastify/static/example/public/images/sample.jpg',
    'node_modules/autocannon/test/j5.jpeg',
  ];
  const images: { name: string; bytes: Uint8Array }[] = [];
  for (const f of files) images.push({ name: f, bytes: await readFile(path.join(cwd, f)) });
  for (let seed = 1; images.length < count; seed++) {
    images.push({ name: `photoLike(1200, 900, ${seed})`, bytes: await photoLike(1200, 900, seed) });
  }
  return images.slice(0, count);
}

/**
 * Per tensor of `names`, per calibration image: its Stats, and each tensor's shape; kept in $TMPDIR
 * (keyed by the image count and side) so that experiments reuse one calibration run.
 */
async function collectStats(options: {
  model: OnnxModel;
  names: string[];
  count: number;
  side: number;
  tag?: string;
}): Promise<{ perImage: Record<string, Stats[]>; shapes: Record<string, number[]> }> {
  const { model, names: probed, count, side } = options;
  const rangesFile = path.join(work, `ranges-${side}-${count}${options.tag ?? ''}.json`);
  if (existsSync(rangesFile)) {
    const kept = JSON.parse(await readFile(rangesFile, 'utf8'));
    if (probed.every((n) => n in kept.perImage || n in kept.shapes)) return kept;
  }
  const perImage: Record<string, Stats[]> = Object.fromEntries(probed.map((p) => [p, []]));
  const shapes: Record<string, number[]> = {};
  const images = await calibrationSources(count);
  // Ranges in batches of tensors, so that the exposed outputs fit in memory at 1024².
  const batch = side > 600 ? 70 : 400;
  for (let from = 0; from < probed.length; from += batch) {
    const names = probed.slice(from, from + batch);
    const probe = withOutputs(model, names);
    const session = await ort.InferenceSession.create(serializeModel(probe), {
      intraOpNumThreads: 2,
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
    });
    for (const { bytes } of images) {
      const result = await session.run(feeds(await inputOf(bytes, side), side), names);
      for (const n of names) {
        shapes[n] = result[n]!.dims as number[];
        perImage[n]?.push(stats(result[n]!.data as Float32Array, 1e-4));
      }
    }
    await session.release();
    console.error(`ranges: ${Math.min(probed.length, from + batch)}/${probed.length} tensors`);
  }
  await writeFile(rangesFile, JSON.stringify({ perImage, shapes }));
  return { perImage, shapes };
}

/** Per tensor and image: min, max and the 0.01% / 99.99% points (from a 4096-bin histogram). */
interface Stats {
  min: number;
  max: number;
  lo: number;
  hi: number;
}

function stats(data: Float32Array, tail: number): Stats {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const bins = 4096;
  const hist = new Uint32Array(bins);
  const k = max > min ? bins / (max - min) : 0;
  for (let i = 0; i < data.length; i++) hist[Math.min(bins - 1, Math.floor((data[i]! - min) * k))]!++;
  const cut = data.length * tail;
  let lo = min;
  let hi = max;
  for (let b = 0, acc = 0; b < bins; b++) {
    acc += hist[b]!;
    if (acc > cut) {
      lo = min + b / k;
      break;
    }
  }
  for (let b = bins - 1, acc = 0; b >= 0; b--) {
    acc += hist[b]!;
    if (acc > cut) {
      hi = min + (b + 1) / k;
      break;
    }
  }
  return { min, max, lo: k ? Math.max(min, lo) : min, hi: k ? Math.min(max, hi) : max };
}

async function build(): Promise<void> {
  const mode = option('--mode', 'conv') as QuantizeMode;
  const calib = option('--calib', 'rough');
  const side = 1024; // the size the graph was exported for (see resizeToScales)
  const count = Number(option('--images', calib === 'rough' ? '1' : '12'));
  const keepLast = flag('--keep-last');
  const source = await assembleImglyModel({ variant: 'medium', cacheDir: defaultCacheDir() });
  const model = parseModel(await readFile(source));
  prepareGraph(model);
  const output = model.graph.outputs[0]?.name as string;
  const last = model.graph.nodes.find(
    (n) => n.opType === 'Conv' && n.outputs[0] && reads(n.outputs[0], output),
  );
  function reads(tensor: string, target: string): boolean {
    // The last convolution: the one whose output reaches the graph output through Resize/Sigmoid only.
    let current = tensor;
    for (let step = 0; step < 4; step++) {
      if (current === target) return true;
      const next = model.graph.nodes.find(
        (n) => n.inputs[0] === current && ['Resize', 'Sigmoid', 'Identity'].includes(n.opType),
      );
      if (!next) return false;
      current = next.outputs[0] as string;
    }
    return false;
  }
  const keepFloat = new Set(keepLast && last ? [last.outputs[0] as string] : []);
  const options = { mode, keepFloat };
  const points = quantizationPoints(model.graph, options);
  const resizes = model.graph.nodes.filter((n) => n.opType === 'Resize');
  // Ranges of every tensor either mode quantises (one calibration serves both).
  const all = quantizationPoints(model.graph, { mode: 'all', keepFloat });
  const probed = [
    ...new Set([
      ...points,
      ...all,
      ...resizes.flatMap((n) => [n.inputs[0] as string, n.outputs[0] as string]),
    ]),
  ];
  const { perImage, shapes } = await collectStats({
    model,
    names: probed,
    count,
    side,
    tag: keepLast ? '-keeplast' : '',
  });
  const ranges = new Map<string, Range>();
  for (const [name, list] of Object.entries(perImage)) {
    if (calib === 'minmax' || calib === 'rough') {
      ranges.set(name, {
        min: Math.min(...list.map((s) => s.min)),
        max: Math.max(...list.map((s) => s.max)),
      });
    } else {
      // Percentile: the mean over images of each image's 0.01% / 99.99% points.
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      ranges.set(name, { min: mean(list.map((s) => s.lo)), max: mean(list.map((s) => s.hi)) });
    }
  }
  // The input holds whole levels (pixel − 128) / 256: exact at scale 1/256, zero point 128.
  if (ranges.has('input')) ranges.set('input', { min: -0.5, max: 127 / 256 });
  const scaled = resizeToScales(model.graph, new Map(Object.entries(shapes)));
  const report = quantizeGraph(model, ranges, options);
  const file = path.join(
    work,
    `isnet-int8-${mode}-${calib}-${side}-${count}${keepLast ? '-keeplast' : ''}.onnx`,
  );
  // ORT's optimiser runs once here (fusing QDQ into QLinear ops); the file then loads unoptimised.
  const optimized = `${file.replace(/\.onnx$/, '')}.ort.onnx`;
  const result = await writeOptimized({ model, target: optimized, scratch: optimized });
  const ops: Record<string, number> = {};
  for (const n of result.graph.nodes) ops[n.opType] = (ops[n.opType] ?? 0) + 1;
  console.log(JSON.stringify({ file: optimized, points: points.length, scaled, ...report, ops }));
}

async function fp32Model(): Promise<PreparedModel> {
  return prepareModel({ model: {}, cacheDir: defaultCacheDir(), optimize: true });
}

async function load(file: string, threads: number): Promise<ort.InferenceSession> {
  const model =
    file === 'fp32'
      ? await fp32Model()
      : ({ path: file, optimized: true, mean: MEAN, std: STD, outputScaling: 'none' } as PreparedModel);
  return ort.InferenceSession.create(model.path, sessionOptions({ model, threads, memoryArena: true }));
}

async function speed(): Promise<void> {
  const sides = option('--sides', '1024,768').split(',').map(Number);
  const threads = Number(option('--threads', '2'));
  const rounds = Number(option('--rounds', '3'));
  const files = ['fp32', ...args.slice(1)];
  const sessions = await Promise.all(files.map((f) => load(f, threads)));
  const image = await photoLike(1200, 900, 7);
  for (const side of sides) {
    const tensor = await inputOf(image, side);
    const best = files.map(() => Number.POSITIVE_INFINITY);
    // 1 warm-up, then rounds alternating between models (load from elsewhere hits both alike).
    for (let round = 0; round <= rounds; round++) {
      for (const [i, session] of sessions.entries()) {
        const start = performance.now();
        await session.run(feeds(tensor, side), ['output']);
        if (round > 0) best[i] = Math.min(best[i]!, performance.now() - start);
      }
    }
    for (const [i, f] of files.entries()) {
      const ratio = best[0]! / best[i]!;
      console.log(`${side}² ${path.basename(f)}: ${best[i]!.toFixed(0)} ms (${ratio.toFixed(2)}x)`);
    }
  }
  await Promise.all(sessions.map((s) => s.release()));
}

/** The 1024² mask as 8-bit, resized to the photo as diagnose.ts's vips_linear does. */
async function toPhoto(mask: Uint8Array, side: number, width: number, height: number) {
  return sharp(mask, { raw: { width: side, height: side, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

async function evaluate(): Promise<void> {
  const dir = path.resolve(cwd, option('--dir', '../shared/eval-bulk'));
  const count = Number(option('--count', '60'));
  const side = Number(option('--side', '1024'));
  const file = args[1];
  if (!file) throw new Error('usage: eval FILE');
  const names = (await readdir(path.join(dir, 'masks')))
    .map((f) => f.replace(/\.png$/, ''))
    .sort()
    .slice(0, count);
  const images = await readdir(path.join(dir, 'images'));
  const cache = path.join(work, `fp32-${side}`);
  await mkdir(cache, { recursive: true });
  let fp32: ort.InferenceSession | null = null;
  const int8 = await load(file, 2);
  const sums = { fp32: 0, int8: 0 };
  const losers: string[] = [];
  let maskDiff = 0;
  for (const [k, name] of names.entries()) {
    const bytes = await readFile(
      path.join(dir, 'images', images.find((f) => f.startsWith(`${name}.`)) as string),
    );
    const gt = await sharp(path.join(dir, 'masks', `${name}.png`))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = gt.info;
    const tensor = await inputOf(bytes, side);
    const plane = side * side;
    const to8 = (out: Float32Array) =>
      Uint8Array.from(out.subarray(0, plane), (v) => Math.min(1, Math.max(0, v)) * 255 + 0.5);
    const cached = path.join(cache, `${name}.u8`);
    let a: Uint8Array;
    if (existsSync(cached)) a = new Uint8Array(await readFile(cached));
    else {
      fp32 ??= await load('fp32', 2);
      a = to8((await fp32.run(feeds(tensor, side), ['output'])).output!.data as Float32Array);
      await writeFile(cached, a);
    }
    const b = to8((await int8.run(feeds(tensor, side), ['output'])).output!.data as Float32Array);
    let diff = 0;
    for (let i = 0; i < plane; i++) if (a[i]! >= 128 !== b[i]! >= 128) diff++;
    maskDiff += diff / plane;
    const sa = score({ pred: await toPhoto(a, side, width, height), gt: gt.data, width, height });
    const sb = score({ pred: await toPhoto(b, side, width, height), gt: gt.data, width, height });
    sums.fp32 += sa.iou;
    sums.int8 += sb.iou;
    if (sa.iou - sb.iou > 0.05) losers.push(`${name} ${sa.iou.toFixed(3)}→${sb.iou.toFixed(3)}`);
    if ((k + 1) % 20 === 0) console.error(`${k + 1}/${names.length}`);
  }
  const n = names.length;
  console.log(
    JSON.stringify({
      model: path.basename(file),
      photos: n,
      side,
      iouFp32: +(sums.fp32 / n).toFixed(4),
      iouInt8: +(sums.int8 / n).toFixed(4),
      loss: +((sums.fp32 - sums.int8) / n).toFixed(4),
      flippedPixels: +(maskDiff / n).toFixed(5),
      losingOver005: losers.length,
      losers,
    }),
  );
  await Promise.all([int8.release(), fp32?.release()]);
}

/** Writes the calibration the engine ships (INT8_CALIBRATION_FILE): mode 'all', 99.99% ranges. */
async function calibrate(): Promise<void> {
  const count = Number(option('--images', '12'));
  const side = 1024;
  const source = await assembleImglyModel({ variant: 'medium', cacheDir: defaultCacheDir() });
  const model = parseModel(await readFile(source));
  prepareGraph(model);
  const points = quantizationPoints(model.graph, { mode: 'all' });
  const resizes = model.graph.nodes.filter((n) => n.opType === 'Resize');
  const around = resizes.flatMap((n) => [n.inputs[0] as string, n.outputs[0] as string]);
  const { perImage, shapes } = await collectStats({
    model,
    names: [...new Set([...points, ...around])],
    count,
    side,
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ranges: Int8Calibration['ranges'] = {};
  for (const name of points) {
    const list = perImage[name] ?? [];
    ranges[name] = [mean(list.map((s) => s.lo)), mean(list.map((s) => s.hi))];
  }
  // The input holds whole levels (pixel − 128) / 256: exact at scale 1/256, zero point 128.
  if (ranges.input) ranges.input = [-0.5, 127 / 256];
  const calibration: Int8Calibration = {
    model: {
      sha256: createHash('sha256')
        .update(await readFile(source))
        .digest('hex'),
      graphVersion: GRAPH_VERSION,
    },
    mode: 'all',
    method: `per tensor: the mean over ${count} images at ${side}² of each image's 0.01% and 99.99% points`,
    images: (await calibrationSources(count)).map((s) => s.name),
    ranges,
    shapes: Object.fromEntries(around.map((name) => [name, shapes[name] as number[]])),
  };
  await writeFile(INT8_CALIBRATION_FILE, `${JSON.stringify(calibration)}\n`);
  console.log(`${INT8_CALIBRATION_FILE}: ${points.length} ranges, ${around.length} shapes`);
}

const command = args[0];
if (command === 'calibrate') await calibrate();
else if (command === 'build') await build();
else if (command === 'speed') await speed();
else if (command === 'eval') await evaluate();
else {
  console.error('usage: quantize.ts calibrate|build|speed|eval ... (see the header)');
  process.exit(2);
}
