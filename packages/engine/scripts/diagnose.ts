// Where does a photo's score come from? Runs the bare network on one photo with different ways of
// making its input and of bringing the mask back to the photo's size, and scores every pairing:
// `npx tsx packages/engine/scripts/diagnose.ts DIR NAME...` (DIR as for eval; NAME without extension).
// Network outputs are kept in $TMPDIR/cutout-diagnose, so a second look costs no network run.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp, { type KernelEnum, type Sharp } from 'sharp';
import { defaultCacheDir, prepareModel } from '../src/model/prepare.ts';
import { score } from './metrics.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const only = option('--inputs')?.split(',');
const [dirArg, ...names] = args;
if (!dirArg || names.length === 0) {
  console.error('usage: diagnose DIR (NAME...|all) [--inputs lanczos,peer]');
  process.exit(2);
}
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), dirArg);
if (names[0] === 'all') {
  names.splice(0, 1, ...(await readdir(path.join(dir, 'masks'))).map((f) => f.replace(/\.png$/, '')).sort());
}
const cacheDir = path.join(os.tmpdir(), 'cutout-diagnose');
await mkdir(cacheDir, { recursive: true });
const model = await prepareModel({ model: {}, cacheDir: defaultCacheDir(), optimize: true });
const session = await ort.InferenceSession.create(model.path, {
  intraOpNumThreads: Math.min(4, os.availableParallelism()),
  graphOptimizationLevel: model.optimized ? 'disabled' : 'all',
});
const SIDE = 1024;

/** Ways of making the network's square RGB input (1024², or the side named) from the photo. */
const inputs: Record<string, (bytes: Buffer) => Promise<Uint8Array>> = {
  lanczos: (bytes) => rgb(sharp(bytes).autoOrient().flatten({ background: '#fff' }), 'lanczos3'),
  lanczos512: (bytes) => rgb(sharp(bytes).autoOrient().flatten({ background: '#fff' }), 'lanczos3', 512),
  lanczos640: (bytes) => rgb(sharp(bytes).autoOrient().flatten({ background: '#fff' }), 'lanczos3', 640),
  lanczos768: (bytes) => rgb(sharp(bytes).autoOrient().flatten({ background: '#fff' }), 'lanczos3', 768),
  linear: (bytes) => rgb(sharp(bytes).autoOrient().flatten({ background: '#fff' }), 'linear'),
  peer: async (bytes) => {
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return cornerBilinear(data, info.width, info.height, 4, SIDE, SIDE, 3);
  },
  ...Object.fromEntries(
    [512, 640, 768].map((side) => [
      `peer${side}`,
      async (bytes: Buffer) => {
        const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        return cornerBilinear(data, info.width, info.height, 4, side, side, 3);
      },
    ]),
  ),
  centre: async (bytes) => {
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return cornerBilinear(data, info.width, info.height, 4, SIDE, SIDE, 3, 0.5);
  },
};
const sideOf = (variant: string) => Number(/\d+$/.exec(variant)?.[0] ?? SIDE);

/** Ways of bringing the 1024² mask (0..1) to the photo's size, as 8-bit alpha. */
const outputs: Record<string, (mask: Float32Array, width: number, height: number) => Promise<Uint8Array>> = {
  vips_linear: async (mask, width, height) => {
    const bytes = Uint8Array.from(mask, (v) => Math.min(1, Math.max(0, v)) * 255 + 0.5);
    const side = Math.sqrt(mask.length);
    return sharp(bytes, { raw: { width: side, height: side, channels: 1 } })
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .extractChannel(0)
      .raw()
      .toBuffer();
  },
  peer: async (mask, width, height) => {
    const bytes = Uint8Array.from(mask, (v) => v * 255);
    const side = Math.sqrt(mask.length);
    return cornerBilinear(bytes, side, side, 1, width, height, 1);
  },
};

const totals = new Map<string, number>();
for (const name of names) {
  const file = (await readdir(path.join(dir, 'images'))).find((f) => f.startsWith(`${name}.`));
  if (!file) throw new Error(`no image named ${name} in ${dir}/images`);
  const bytes = await readFile(path.join(dir, 'images', file));
  const gt = await sharp(path.join(dir, 'masks', `${name}.png`))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = gt.info;
  const line: string[] = [name];
  for (const [inputName, makeInput] of Object.entries(inputs)) {
    if (only && !only.includes(inputName)) continue;
    const mask = await networkMask(name, inputName, () => makeInput(bytes));
    for (const [outputName, resample] of Object.entries(outputs)) {
      const pred = await resample(mask, width, height);
      const s = score({ pred, gt: gt.data, width, height });
      const key = `${inputName}→${outputName}`;
      totals.set(key, (totals.get(key) ?? 0) + s.iou);
      line.push(`${key} ${s.iou.toFixed(3)}`);
    }
  }
  console.log(line.join('  '));
}
if (names.length > 1) {
  console.log([...totals].map(([key, sum]) => `${key} ${(sum / names.length).toFixed(4)}`).join('  '));
}

async function rgb(pipeline: Sharp, kernel: keyof KernelEnum, side = SIDE): Promise<Uint8Array> {
  return pipeline
    .resize(side, side, { fit: 'fill', kernel })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
}

async function networkMask(name: string, variant: string, input: () => Promise<Uint8Array>) {
  const file = path.join(cacheDir, `${path.basename(dir)}-${name}-${variant}.f32`);
  if (existsSync(file)) {
    const data = await readFile(file);
    return new Float32Array(data.buffer, data.byteOffset, data.length / 4);
  }
  const pixels = await input();
  const side = sideOf(variant);
  const plane = side * side;
  const tensor = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) tensor[c * plane + i] = (pixels[i * 3 + c]! - 128) / 256;
  }
  const feeds = { [session.inputNames[0]!]: new ort.Tensor('float32', tensor, [1, 3, side, side]) };
  const out = (await session.run(feeds))[session.outputNames[0]!]!.data as Float32Array;
  const mask = out.slice(0, plane);
  await writeFile(file, Buffer.from(mask.buffer));
  return mask;
}

/** The peer's resampler: bilinear, source position x·(src/dst) (corner-aligned), rounded. */
function cornerBilinear(
  src: Uint8Array,
  sw: number,
  sh: number,
  channels: number,
  dw: number,
  dh: number,
  keep: number,
  centre = 0,
): Uint8Array {
  const out = new Uint8Array(dw * dh * keep);
  const sx = sw / dw;
  const sy = sh / dh;
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + centre) * sy - centre));
    const y1 = Math.floor(fy);
    const y2 = Math.min(Math.ceil(fy), sh - 1);
    const dy = fy - y1;
    for (let x = 0; x < dw; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + centre) * sx - centre));
      const x1 = Math.floor(fx);
      const x2 = Math.min(Math.ceil(fx), sw - 1);
      const dx = fx - x1;
      for (let c = 0; c < keep; c++) {
        const p = (yy: number, xx: number) => src[(yy * sw + xx) * channels + c]!;
        const v =
          (1 - dx) * (1 - dy) * p(y1, x1) +
          dx * (1 - dy) * p(y1, x2) +
          (1 - dx) * dy * p(y2, x1) +
          dx * dy * p(y2, x2);
        out[(y * dw + x) * keep + c] = Math.round(v);
      }
    }
  }
  return out;
}
