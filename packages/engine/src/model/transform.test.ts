import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { assembleImglyModel } from './assemble.ts';
import { floatInitializer, node } from './graph-fixture.ts';
import {
  DataType,
  floatValues,
  halfToFloat,
  type OnnxModel,
  type OnnxNode,
  parseModel,
  parseTensor,
  serializeModel,
  shapeOf,
} from './onnx.ts';
import { writeOptimized } from './optimize.ts';
import { defaultCacheDir, optimizedModelPath } from './prepare.ts';
import { type Field, field, packedInts, readFields, writeFields } from './protobuf.ts';
import { NCHWC_DOMAIN, prepareGraph, relaxShapes } from './transform.ts';

// A small float16 network shaped like IS-Net's building blocks: float32 in, cast to float16,
// convolutions with float16 weights, a float16 constant, a channel concatenation feeding a
// convolution, a side output, and a cast back to float32.
function float16Bits(value: number): number {
  const f32 = new Float32Array([value]);
  const bits = new Uint32Array(f32.buffer)[0] as number;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = (bits >>> 13) & 0x3ff;
  if (exponent <= 0) return sign;
  if (exponent >= 31) return sign | 0x7c00;
  return sign | (exponent << 10) | mantissa;
}

function tensor16(name: string, dims: number[], seed: number): Field[] {
  const count = dims.reduce((a, b) => a * b, 1);
  const halves = new Uint16Array(count);
  for (let i = 0; i < count; i++) halves[i] = float16Bits(Math.sin(seed * 31 + i * 1.7) * 0.5);
  return [
    packedInts(1, dims),
    field.int(2, DataType.FLOAT16),
    field.string(8, name),
    field.bytes(9, new Uint8Array(halves.buffer)),
  ];
}

const intAttr = (name: string, value: number) => [
  field.string(1, name),
  field.int(3, value),
  field.int(20, 2),
];
const intsAttr = (name: string, values: number[]) => [
  field.string(1, name),
  packedInts(8, values),
  field.int(20, 7),
];
const tensorAttr = (name: string, t: Field[]) => [
  field.string(1, name),
  field.message(5, t),
  field.int(20, 4),
];

function valueInfo(name: string, dims: number[]): Field {
  const shape = dims.map((d) => field.message(1, [field.int(1, d)]));
  const tensorType = [field.int(1, DataType.FLOAT), field.message(2, shape)];
  return field.message(11, [field.string(1, name), field.message(2, [field.message(1, tensorType)])]);
}

/** A ModelProto (IR 8, opset 15) around `graph`'s fields. */
function modelBytes(graph: Field[]): Uint8Array {
  return writeFields([
    field.int(1, 8),
    field.message(8, [field.string(1, ''), field.int(2, 15)]),
    field.message(7, graph),
  ]);
}

function testModel(options: { op?: string } = {}): Uint8Array {
  const act = options.op ?? 'Relu';
  const graph = [
    node('Cast', ['x'], ['x16'], [intAttr('to', DataType.FLOAT16)]),
    node('Conv', ['x16', 'w1', 'b1'], ['a'], [intsAttr('pads', [1, 1, 1, 1])]),
    node(act, ['a'], ['a1']),
    node('Conv', ['a1', 'w2'], ['b']),
    node('Concat', ['a1', 'b'], ['c'], [intAttr('axis', 1)]),
    node('Conv', ['c', 'w3', 'b3'], ['d'], [intsAttr('pads', [1, 1, 1, 1])]),
    node('Constant', [], ['k'], [tensorAttr('value', tensor16('k', [1], 9))]),
    node('Add', ['d', 'k'], ['e']),
    node('Relu', ['e'], ['e1']),
    node('Cast', ['e1'], ['out'], [intAttr('to', DataType.FLOAT)]),
    node('Cast', ['b'], ['side'], [intAttr('to', DataType.FLOAT)]),
    field.string(2, 'test'),
    field.message(5, tensor16('w1', [4, 3, 3, 3], 1)),
    field.message(5, tensor16('b1', [4], 2)),
    field.message(5, tensor16('w2', [2, 4, 1, 1], 3)),
    field.message(5, tensor16('w3', [3, 6, 3, 3], 4)),
    field.message(5, tensor16('b3', [3], 5)),
    valueInfo('x', [1, 3, 8, 8]),
    { ...valueInfo('out', [1, 3, 8, 8]), no: 12 },
    { ...valueInfo('side', [1, 2, 8, 8]), no: 12 },
  ];
  return modelBytes(graph);
}

// A float32 concatenation feeding a convolution, wide enough (16 channels) for ORT's NCHWc layout.
function sumModel(): Uint8Array {
  const graph = [
    node('Conv', ['x', 'wa', 'ba'], ['a'], [intsAttr('pads', [1, 1, 1, 1])]),
    node('Relu', ['a'], ['a1']),
    node('Conv', ['a1', 'wb'], ['b']),
    node('Concat', ['a1', 'b'], ['c'], [intAttr('axis', 1)]),
    node('Conv', ['c', 'wc', 'bc'], ['out'], [intsAttr('pads', [1, 1, 1, 1])]),
    field.string(2, 'sums'),
    field.message(5, floatInitializer('wa', [16, 16, 3, 3], 1, 0.2)),
    field.message(5, floatInitializer('ba', [16], 2, 0.2)),
    field.message(5, floatInitializer('wb', [16, 16, 1, 1], 3, 0.2)),
    field.message(5, floatInitializer('wc', [16, 32, 3, 3], 4, 0.2)),
    field.message(5, floatInitializer('bc', [16], 5, 0.2)),
    valueInfo('x', [1, 16, 8, 8]),
    { ...valueInfo('out', [1, 16, 8, 8]), no: 12 },
  ];
  return modelBytes(graph);
}

async function run(model: Uint8Array, input: Float32Array, dims: number[], output = 'out') {
  const session = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'disabled' });
  const result = await session.run({ x: new ort.Tensor('float32', input, dims) }, [output]);
  await session.release();
  return result[output]?.data as Float32Array;
}

function photo(count: number): Float32Array {
  return Float32Array.from({ length: count }, (_, i) => Math.cos(i * 0.37) * 0.8);
}

describe('protobuf', () => {
  it('splits a message into fields and joins them back byte for byte', () => {
    const bytes = testModel();
    expect(Buffer.from(writeFields(readFields(bytes))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses truncated input instead of reading past it', () => {
    const bytes = testModel();
    expect(() => readFields(bytes.subarray(0, bytes.length - 3))).toThrow(/truncated/);
  });
});

describe('graph rewrites', () => {
  it('keeps one output, widens float16 to float32, splits the concatenation, and computes the same', async () => {
    const original = testModel();
    const model: OnnxModel = parseModel(original);
    const report = prepareGraph(model);
    expect(report).toMatchObject({ output: 'out', widenedTensors: 6, removedCasts: 2, splitConcats: 1 });
    const { graph } = model;
    expect(graph.outputs.map((o) => o.name)).toEqual(['out']);
    expect(graph.nodes.map((n) => n.opType)).not.toContain('Concat');
    expect(graph.nodes.some((n) => n.opType === 'Cast')).toBe(false);
    expect(graph.initializers.every((t) => t.dataType === DataType.FLOAT)).toBe(true);
    // The side branch's Cast is gone; its convolution stays, as the concatenation still reads it.
    expect(graph.nodes.filter((n) => n.opType === 'Conv')).toHaveLength(4);

    const input = photo(3 * 8 * 8);
    const expected = await run(original, input, [1, 3, 8, 8]);
    const actual = await run(serializeModel(model), input, [1, 3, 8, 8]);
    expect(actual).toHaveLength(expected.length);
    let worst = 0;
    for (let i = 0; i < expected.length; i++)
      worst = Math.max(worst, Math.abs(actual[i]! - (expected[i] ?? 0)));
    // float16 keeps ~3 significant digits; float32 is the more precise of the two.
    expect(worst).toBeLessThan(5e-3);
    expect(worst).toBeGreaterThan(0);
  });

  it('keeps the output asked for, and refuses one the model does not have', () => {
    const model = parseModel(testModel());
    expect(prepareGraph(model, { output: 'side' }).output).toBe('side');
    expect(model.graph.nodes.map((n) => n.opType)).toEqual(['Conv', 'Relu', 'Conv', 'Identity']);
    expect(() => prepareGraph(parseModel(testModel()), { output: 'nope' })).toThrow(/no output nope/);
  });

  it('leaves a float16 graph as it is when an op’s type cannot be followed', () => {
    const model = parseModel(testModel({ op: 'Erf' }));
    const report = prepareGraph(model);
    expect(report.widenedTensors).toBe(0);
    expect(model.graph.initializers.every((t) => t.dataType === DataType.FLOAT16)).toBe(true);
    // The concatenation is not split either: its weights are still float16.
    expect(report.splitConcats).toBe(0);
  });

  it('makes height and width symbolic, so the rewritten graph runs at another size', async () => {
    const model = parseModel(testModel());
    prepareGraph(model);
    relaxShapes(model);
    expect(shapeOf(model.graph.inputs[0]!)).toEqual([1, 3, 'height', 'width']);
    expect(model.graph.valueInfo).toEqual([]);
    const out = await run(serializeModel(model), photo(3 * 12 * 16), [1, 3, 12, 16]);
    expect(out).toHaveLength(3 * 12 * 16);
  });

  // ORT's NCHWc layout (x86 only) takes convolutions of 8 or 16 channels at a time.
  it.runIf(process.arch === 'x64')(
    "states each fused sum's shape as its convolution's, so that ORT may write it in place, with the same result",
    async () => {
      const model = parseModel(sumModel());
      const report = prepareGraph(model);
      expect(report.splitConcats).toBe(1);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-sums-'));
      try {
        const optimized = await writeOptimized({
          model,
          target: path.join(dir, 'model.onnx'),
          scratch: path.join(dir, 'scratch.onnx'),
        });
        const fused = optimized.graph.nodes.filter(
          (n) => n.domain === NCHWC_DOMAIN && n.opType === 'Conv' && n.inputs[3],
        );
        // The concatenation's two halves: the second convolution adds the first one's output.
        expect(fused).toHaveLength(1);
        const [conv] = fused as [OnnxNode];
        const stated = new Map(optimized.graph.valueInfo.map((v) => [v.name, shapeOf(v)]));
        expect([...stated.keys()].sort()).toEqual([conv.inputs[3], conv.outputs[0]].sort());
        const dims = stated.get(conv.outputs[0] as string);
        expect(dims).toHaveLength(4);
        expect(dims?.every((d) => typeof d === 'string')).toBe(true);
        expect(stated.get(conv.inputs[3] as string)).toEqual(dims);

        // The same bits as without the stated shapes, at a size other than the one optimised for.
        const bare = { ...optimized, graph: { ...optimized.graph, valueInfo: [] } };
        const input = photo(16 * 20 * 24);
        const dimsIn = [1, 16, 20, 24];
        const expected = await run(serializeModel(bare), input, dimsIn);
        const actual = await run(await readFile(path.join(dir, 'model.onnx')), input, dimsIn);
        expect(actual).toHaveLength(16 * 20 * 24);
        expect(Buffer.from(actual.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('reads float16 weights exactly', () => {
    const t = parseTensor(writeFields(tensor16('t', [3], 0)));
    const values = Array.from(floatValues(t) as Float32Array);
    const expected = [0, 1, 2].map((i) => halfToFloat(float16Bits(Math.sin(i * 1.7) * 0.5)));
    expect(values).toEqual(expected);
    expect(values[1]).toBeCloseTo(Math.sin(1.7) * 0.5, 3);
  });
});

describe('the default model, rewritten', () => {
  it('computes the peer’s IS-Net mask to within 0.001 with one output and symbolic sizes', async () => {
    const cacheDir = defaultCacheDir();
    const original = await assembleImglyModel({ variant: 'medium', cacheDir });
    const rewritten = await optimizedModelPath(original, cacheDir);
    const model = parseModel(await readFile(rewritten));
    expect(model.graph.outputs.map((o) => o.name)).toEqual(['output']);
    expect(shapeOf(model.graph.inputs[0]!)).toEqual([1, 3, 'height', 'width']);
    expect(model.graph.nodes.some((n) => n.opType === 'Concat' || n.opType === 'Cast')).toBe(false);
    // Every fused sum shares its convolution's stated shape (on x86, where ORT fuses them).
    const stated = new Map(model.graph.valueInfo.map((v) => [v.name, shapeOf(v)]));
    const sums = model.graph.nodes.filter((n) => n.domain === NCHWC_DOMAIN && n.inputs[3]);
    if (process.arch === 'x64') expect(sums.length).toBeGreaterThan(40);
    for (const conv of sums) {
      expect(stated.get(conv.inputs[3] as string)).toEqual(stated.get(conv.outputs[0] as string));
      expect(stated.get(conv.outputs[0] as string)).toHaveLength(4);
    }

    const input = photo(3 * 1024 * 1024);
    const feeds = { input: new ort.Tensor('float32', input, [1, 3, 1024, 1024]) };
    const reference = await ort.InferenceSession.create(original);
    const expected = (await reference.run(feeds, ['output'])).output?.data as Float32Array;
    await reference.release();
    const ours = await ort.InferenceSession.create(rewritten, { graphOptimizationLevel: 'disabled' });
    const actual = (await ours.run(feeds, ['output'])).output?.data as Float32Array;
    await ours.release();
    let worst = 0;
    for (let i = 0; i < expected.length; i++)
      worst = Math.max(worst, Math.abs(actual[i]! - (expected[i] ?? 0)));
    expect(worst).toBeLessThan(1e-3);
  }, 120_000);
});
