import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { floatInitializer, node } from './graph-fixture.ts';
import { DataType, type OnnxModel, type OnnxTensor, parseModel, rawData, serializeModel } from './onnx.ts';
import { type Field, field, packedInts, writeFields } from './protobuf.ts';
import {
  convSymShape,
  int8WeightBits,
  qparams,
  quantizationPoints,
  quantizeGraph,
  type Range,
  resizeToScales,
  withOutputs,
} from './quantize.ts';

/** The raw bytes of an initializer. */
function rawBytes(tensor: OnnxTensor): Uint8Array {
  const raw = rawData(tensor);
  if (!raw) throw new Error(`${tensor.name} has no raw data`);
  return raw;
}

// x → Conv+Relu → Conv (no bias) → Add(x') → out, with a side branch x → MaxPool, all float32.
const ints = (name: string, values: number[]) => [
  field.string(1, name),
  packedInts(8, values),
  field.int(20, 7),
];

function valueInfo(no: number, name: string, dims: number[]): Field {
  const shape = dims.map((d) => field.message(1, [field.int(1, d)]));
  const tensorType = [field.int(1, DataType.FLOAT), field.message(2, shape)];
  return field.message(no, [field.string(1, name), field.message(2, [field.message(1, tensorType)])]);
}

function testModel(): OnnxModel {
  const graph = [
    node('Conv', ['x', 'w1', 'b1'], ['a'], [ints('pads', [1, 1, 1, 1])]),
    node('Relu', ['a'], ['a1']),
    node('Conv', ['a1', 'w2'], ['b']),
    node('Add', ['b', 'x'], ['out']),
    field.string(2, 'test'),
    field.message(5, floatInitializer('w1', [4, 2, 3, 3], 1)),
    field.message(5, floatInitializer('b1', [4], 2)),
    field.message(5, floatInitializer('w2', [2, 4, 1, 1], 3)),
    valueInfo(11, 'x', [1, 2, 8, 8]),
    valueInfo(12, 'out', [1, 2, 8, 8]),
  ];
  return parseModel(
    writeFields([
      field.int(1, 8),
      field.message(8, [field.string(1, ''), field.int(2, 15)]),
      field.message(7, graph),
    ]),
  );
}

const input = Float32Array.from({ length: 128 }, (_, i) => Math.cos(i * 0.37) * 0.8);

async function run(model: OnnxModel, names: string[], file?: string) {
  const session = await ort.InferenceSession.create(serializeModel(model), {
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3,
    ...(file && { optimizedModelFilePath: file }),
  });
  const result = await session.run({ x: new ort.Tensor('float32', input, [1, 2, 8, 8]) }, names);
  await session.release();
  return result;
}

describe('int8 QDQ rewrite', () => {
  it('puts Q/DQ where convolutions read and write (after the Relu), never on the graph output', () => {
    const model = testModel();
    expect(quantizationPoints(model.graph, { mode: 'conv' }).sort()).toEqual(['a1', 'b', 'x']);
    expect(quantizationPoints(model.graph, { mode: 'conv', keepFloat: new Set(['b']) }).sort()).toEqual([
      'a1',
      'x',
    ]);
  });

  it('chooses uint8 parameters that hold zero exactly', () => {
    expect(qparams({ min: 0, max: 2.55 })).toEqual({ scale: Math.fround(0.01), zeroPoint: 0 });
    expect(qparams({ min: -1.28, max: 1.27 }).zeroPoint).toBe(128);
    expect(qparams({ min: 0.5, max: 1 }).zeroPoint).toBe(0);
  });

  it('becomes QLinearConv in ORT and computes nearly the same', async () => {
    const model = testModel();
    const points = quantizationPoints(model.graph, { mode: 'conv' });
    const expected = (await run(model, ['out'])).out?.data as Float32Array;
    const seen = await run(withOutputs(model, points), points);
    const ranges = new Map<string, Range>();
    for (const name of points) {
      const data = seen[name]?.data as Float32Array;
      ranges.set(name, { min: Math.min(...data), max: Math.max(...data) });
    }
    const report = quantizeGraph(model, ranges, { mode: 'conv' });
    expect(report).toEqual({ quantizedTensors: 3, quantizedConvs: 2, floatConvs: 0 });
    expect(model.graph.initializers.map((t) => t.name)).not.toContain('w1');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'quantize-test-'));
    try {
      const file = path.join(dir, 'optimized.onnx');
      const actual = (await run(model, ['out'], file)).out?.data as Float32Array;
      const ops = parseModel(await readFile(file)).graph.nodes.map((n) => n.opType);
      expect(ops.filter((op) => op === 'QLinearConv')).toHaveLength(2);
      expect(ops).not.toContain('Conv');
      const range = Math.max(...expected) - Math.min(...expected);
      let worst = 0;
      for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(expected[i]! - actual[i]!));
      expect(worst).toBeLessThan(range * 0.03);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('quantises weights to 7 bits where asked (CPUs without VNNI), and still computes nearly the same', async () => {
    const quantized = async (weightBits: 7 | 8) => {
      const model = testModel();
      const points = quantizationPoints(model.graph, { mode: 'conv' });
      const ranges = new Map<string, Range>(points.map((name) => [name, { min: -2, max: 2 }]));
      quantizeGraph(model, ranges, { mode: 'conv', weightBits });
      const weights = model.graph.initializers.filter((t) => t.name.endsWith('/w/int8'));
      const values = weights.flatMap((t) => [...new Int8Array(rawBytes(t).slice().buffer)]);
      const out = (await run(model, ['out'])).out?.data as Float32Array;
      return { values, out };
    };
    const eight = await quantized(8);
    const seven = await quantized(7);
    // Each output channel's largest weight takes the top level: 127, or 63 in 7 bits.
    expect(Math.max(...eight.values.map(Math.abs))).toBe(127);
    expect(Math.max(...seven.values.map(Math.abs))).toBe(63);
    expect(Math.min(...seven.values)).toBeGreaterThanOrEqual(-63);
    const expected = (await run(testModel(), ['out'])).out?.data as Float32Array;
    const range = Math.max(...expected) - Math.min(...expected);
    let worst = 0;
    for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(expected[i]! - seven.out[i]!));
    expect(worst).toBeLessThan(range * 0.05);
  });

  it("pads convolutions to the channels of ORT's direct kernel, with the same result", async () => {
    expect(convSymShape([1, 64, 3, 3], 1)).toEqual({ inputs: 64, outputs: 16 }); // IS-Net's side output
    expect(convSymShape([64, 3, 3, 3], 1)).toEqual({ inputs: 4, outputs: 64 }); // and its first convolution
    expect(convSymShape([64, 64, 3, 3], 1)).toEqual({ inputs: 64, outputs: 64 });
    expect(convSymShape([20, 8, 1, 1], 1)).toEqual({ inputs: 8, outputs: 32 });
    expect(convSymShape([32, 1, 3, 3], 32)).toEqual({ inputs: 1, outputs: 32 });
    const points = quantizationPoints(testModel().graph, { mode: 'conv' });
    const seen = await run(withOutputs(testModel(), points), points);
    const ranges = new Map<string, Range>();
    for (const name of points) {
      const data = seen[name]?.data as Float32Array;
      ranges.set(name, { min: Math.min(...data), max: Math.max(...data) });
    }
    const quantized = async (alignChannels: boolean) => {
      const model = testModel();
      // 7-bit weights: no pair of products saturates on any x86 kernel, so both paths are exact.
      quantizeGraph(model, ranges, { mode: 'conv', weightBits: 7, alignChannels });
      const dir = await mkdtemp(path.join(os.tmpdir(), 'quantize-test-'));
      try {
        const file = path.join(dir, 'optimized.onnx');
        const out = (await run(model, ['out'], file)).out?.data as Float32Array;
        const optimized = parseModel(await readFile(file)).graph;
        const weights = new Map(optimized.initializers.map((t) => [t.name, t.dims.map(Number)]));
        const convs = optimized.nodes.filter((n) => n.opType === 'QLinearConv');
        return { out, weights: convs.map((n) => weights.get(n.inputs[3] as string)) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };
    const plain = await quantized(false);
    const aligned = await quantized(true);
    expect(plain.weights).toEqual([
      [4, 2, 3, 3],
      [2, 4, 1, 1],
    ]);
    expect(aligned.weights).toEqual([
      [16, 4, 3, 3],
      [16, 4, 1, 1],
    ]);
    expect(Array.from(aligned.out)).toEqual(Array.from(plain.out));
  });

  it('takes 7-bit weights on x86 without VNNI only', () => {
    expect(int8WeightBits('x64', 'fma avx avx2 sha_ni vaes')).toBe(7);
    expect(int8WeightBits('x64', 'avx2 avx512f avx512bw')).toBe(7);
    expect(int8WeightBits('x64', 'avx2 avx512f avx512_vnni avx512_bf16')).toBe(8);
    expect(int8WeightBits('x64', 'avx2 avx_vnni')).toBe(8);
    expect(int8WeightBits('x64', 'avx512f amx_tile amx_int8')).toBe(8);
    expect(int8WeightBits('x64', '')).toBe(7);
    expect(int8WeightBits('arm64', '')).toBe(8);
  });

  it('turns Resize sizes into scales from the shapes seen', () => {
    const model = parseModel(
      writeFields([
        field.message(7, [
          node('Shape', ['x'], ['s']),
          node('Resize', ['x', '', '', 's'], ['y']),
          valueInfo(11, 'x', [1, 2, 8, 8]),
          valueInfo(12, 'y', [1, 2, 16, 16]),
        ]),
      ]),
    );
    const shapes = new Map([
      ['x', [1, 2, 8, 8]],
      ['y', [1, 2, 16, 16]],
    ]);
    expect(resizeToScales(model.graph, shapes)).toBe(1);
    expect(model.graph.nodes.map((n) => n.opType)).toEqual(['Resize']);
    const scales = model.graph.initializers[0];
    expect(scales?.dims).toEqual([4]);
    expect(model.graph.nodes[0]?.inputs).toEqual(['x', '', scales?.name]);
  });
});
