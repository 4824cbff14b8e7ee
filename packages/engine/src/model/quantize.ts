// Static int8 quantisation of a float32 graph in ONNX Runtime's QDQ format, for the network that
// fresh previews run (README, "Fast previews"; measured with scripts/quantize.ts): QuantizeLinear→
// DequantizeLinear pairs are put on the activations that convolutions read and write, and each
// convolution's weights (int8, symmetric, per output channel) and bias (int32, scale
// x_scale·w_scale) come through DequantizeLinear. ORT's optimiser (graphOptimizationLevel 'all')
// then fuses DQ→Conv→Q into QLinearConv, Relu→Q into the quantisation range (zero point 0),
// DQ→Add→Q into QLinearAdd, and drops DQ/Q around MaxPool and Resize where both sides share their
// parameters.
//
// Runs on the graph of transform.ts's prepareGraph (plain float32 ops), never on ORT's optimised
// file (its NCHWc ops are CPU-specific). Activations are uint8 (asymmetric), ranges come from the
// caller (calibration: see `withOutputs` and Int8Calibration).
import { fileURLToPath } from 'node:url';
import {
  DataType,
  floatValues,
  intAttribute,
  intAttributeField,
  type OnnxGraph,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
} from './onnx.ts';
import { field, packedInts } from './protobuf.ts';

/**
 * Bumped whenever quantizeGraph changes what it writes, so that cached int8 copies are made again
 * (2: channels padded for ORT's direct kernel, `convSymShape`).
 */
export const QUANTIZE_VERSION = 2;

/** TensorProto.DataType values onnx.ts does not list. */
export const QuantType = { UINT8: 2, INT8: 3, INT32: 6 } as const;

export interface Range {
  min: number;
  max: number;
}

/**
 * 'conv': only what convolutions read and write. 'all': also every output of Add, Relu, MaxPool and
 * Resize, so that the data between convolutions stays uint8 too (MaxPool and Resize outputs take
 * their input's parameters, so that ORT runs them on uint8).
 */
export type QuantizeMode = 'conv' | 'all';

export interface QuantizeOptions {
  mode: QuantizeMode;
  /**
   * Bits of a convolution's weights: 8 (−127..127, default) or 7 (−63..63) for x86 CPUs without
   * VNNI, where ORT multiplies uint8 by int8 with VPMADDUBSW, whose pairwise sums saturate at 16
   * bits (255·127·2 > 32767; 255·63·2 is not). See `int8WeightBits`.
   */
  weightBits?: 7 | 8;
  /** Tensors to leave in float (e.g. the last convolution's output, before the sigmoid). */
  keepFloat?: ReadonlySet<string>;
  /** Pad convolutions' channels for ORT's direct kernel (`convSymShape`); default true. */
  alignChannels?: boolean;
}

export interface QuantizeReport {
  quantizedTensors: number;
  quantizedConvs: number;
  floatConvs: number;
}

const PASS_THROUGH = new Set(['MaxPool', 'Resize']);
const ACTIVATIONS = new Set(['Conv', 'Add', 'Relu', 'MaxPool', 'Resize']);

interface Maps {
  producer: Map<string, OnnxNode>;
  consumers: Map<string, OnnxNode[]>;
  initializers: Map<string, OnnxTensor>;
  outputs: Set<string>;
}

function maps(graph: OnnxGraph): Maps {
  const producer = new Map<string, OnnxNode>();
  const consumers = new Map<string, OnnxNode[]>();
  for (const node of graph.nodes) {
    for (const o of node.outputs) producer.set(o, node);
    for (const i of node.inputs) if (i) consumers.set(i, [...(consumers.get(i) ?? []), node]);
  }
  return {
    producer,
    consumers,
    initializers: new Map(graph.initializers.map((t) => [t.name, t])),
    outputs: new Set(graph.outputs.map((o) => o.name)),
  };
}

/** A convolution we can quantise: float weights of rank 4 (and a float bias, if any) as initializers. */
function quantizableConv(node: OnnxNode, m: Maps): boolean {
  if (node.opType !== 'Conv' || node.domain) return false;
  const weight = m.initializers.get(node.inputs[1] ?? '');
  if (weight?.dataType !== DataType.FLOAT || weight.dims.length !== 4) return false;
  const bias = node.inputs[2];
  return !bias || m.initializers.get(bias)?.dataType === DataType.FLOAT;
}

/** Where a value is quantised: after the Relu when a Relu is its only reader. */
function quantPoint(name: string, m: Maps): string {
  const users = m.consumers.get(name) ?? [];
  const relu = users[0];
  if (users.length === 1 && relu?.opType === 'Relu' && !m.outputs.has(name)) return relu.outputs[0] as string;
  return name;
}

/**
 * The tensors `quantizeGraph` needs a range for (graph outputs and `keepFloat` excluded); the ones
 * that take their input's parameters (MaxPool, Resize outputs in 'all' mode) are left out.
 */
export function quantizationPoints(graph: OnnxGraph, options: QuantizeOptions): string[] {
  const m = maps(graph);
  const points = new Set<string>();
  for (const node of graph.nodes) {
    if (!quantizableConv(node, m)) continue;
    points.add(node.inputs[0] as string);
    points.add(quantPoint(node.outputs[0] as string, m));
  }
  if (options.mode === 'all') {
    for (const node of graph.nodes) {
      if (!ACTIVATIONS.has(node.opType) || node.domain) continue;
      const out = node.outputs[0] as string;
      if (PASS_THROUGH.has(node.opType)) continue;
      points.add(quantPoint(out, m));
    }
  }
  for (const name of [...points]) {
    if (m.outputs.has(name) || options.keepFloat?.has(name)) points.delete(name);
  }
  return [...points];
}

/** A copy of the model with `names` as extra graph outputs (float32), for collecting ranges. */
export function withOutputs(model: OnnxModel, names: readonly string[]): OnnxModel {
  const present = new Set(model.graph.outputs.map((o) => o.name));
  const extra: OnnxValueInfo[] = names
    .filter((n) => !present.has(n))
    .map((name) => ({
      name,
      fields: [field.string(1, name), field.message(2, [field.message(1, [field.int(1, DataType.FLOAT)])])],
    }));
  return { ...model, graph: { ...model.graph, outputs: [...model.graph.outputs, ...extra], valueInfo: [] } };
}

/** uint8 parameters of a range (widened to hold 0, as ONNX requires zero to be exact). */
export function qparams(range: Range): { scale: number; zeroPoint: number } {
  const lo = Math.min(0, range.min);
  const hi = Math.max(0, range.max);
  const scale = Math.fround(hi > lo ? (hi - lo) / 255 : 1);
  const zeroPoint = Math.min(255, Math.max(0, Math.round(-lo / scale)));
  return { scale, zeroPoint };
}

export function rawTensor(
  name: string,
  dataType: number,
  dims: readonly number[],
  bytes: Uint8Array,
): OnnxTensor {
  const fields = [
    packedInts(1, dims),
    field.int(2, dataType),
    field.string(8, name),
    field.bytes(9, bytes.slice()),
  ];
  return { name, dataType, dims: [...dims], fields };
}

const asBytes = (a: Float32Array | Int8Array | Int32Array | Uint8Array | BigInt64Array) =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

function node(opType: string, name: string, inputs: string[], outputs: string[], axis?: number): OnnxNode {
  return {
    name,
    opType,
    domain: '',
    inputs,
    outputs,
    attributes: axis === undefined ? [] : [intAttributeField('axis', axis)],
    rest: [],
  };
}

/**
 * The channels a quantised convolution is given so that ORT runs it with its direct symmetric kernel
 * (MLAS ConvSym: no im2col copy, no int32 scratch, requantised in place). That kernel takes a
 * convolution of one group whose input channels are a multiple of 4 and whose output channels are at
 * least 16 and a multiple of 8 (MlasConvSymPackWSize, x86); any other falls back to im2col and
 * GEMM, whose scratch for IS-Net's side output (64→1 channels, 3x3, at 512²) is 144 MB of im2col,
 * and for its first convolution (3→64) 64 MB of int32 sums, taken and faulted in at every run.
 * Padding with zero weights is exact: the extra input channels are multiplied by 0, the extra
 * output channels are sliced off.
 */
export function convSymShape(dims: readonly number[], group: number): { inputs: number; outputs: number } {
  const outputs = dims[0] as number;
  const inputs = dims[1] as number;
  if (group !== 1) return { inputs, outputs };
  const up = (n: number, to: number) => Math.ceil(n / to) * to;
  return {
    inputs: up(inputs, 4),
    outputs: outputs < 16 || outputs % 8 !== 0 ? up(Math.max(outputs, 16), 16) : outputs,
  };
}

/** Float weights [O, I, ...] zero-padded to [outputs, inputs, ...]. */
function padWeights(
  w: Float32Array,
  dims: readonly number[],
  to: { inputs: number; outputs: number },
): Float32Array {
  const [outputs, inputs] = dims as [number, number];
  if (to.inputs === inputs && to.outputs === outputs) return w;
  const kernel = w.length / (outputs * inputs);
  const padded = new Float32Array(to.outputs * to.inputs * kernel);
  for (let o = 0; o < outputs; o++)
    for (let i = 0; i < inputs; i++)
      padded.set(
        w.subarray((o * inputs + i) * kernel, (o * inputs + i + 1) * kernel),
        (o * to.inputs + i) * kernel,
      );
  return padded;
}

const int64Tensor = (name: string, values: readonly number[]) =>
  rawTensor(name, DataType.INT64, [values.length], asBytes(BigInt64Array.from(values, (v) => BigInt(v))));

/**
 * Rewrites the graph in place to QDQ form. `ranges` must hold every tensor of
 * `quantizationPoints(graph, options)`; a convolution is quantised only when both what it reads and
 * what it writes (after its Relu) are.
 */
export function quantizeGraph(
  model: OnnxModel,
  ranges: ReadonlyMap<string, Range>,
  options: QuantizeOptions,
): QuantizeReport {
  const { graph } = model;
  const m = maps(graph);
  const points = quantizationPoints(graph, options);
  const params = new Map<string, { scale: number; zeroPoint: number }>();
  for (const name of points) {
    const range = ranges.get(name);
    if (!range) throw new Error(`no range for ${name}`);
    params.set(name, qparams(range));
  }
  if (options.mode === 'all') {
    // MaxPool and Resize outputs share their input's parameters (in graph order, so chains follow).
    for (const n of graph.nodes) {
      const out = n.outputs[0] as string;
      const input = params.get(n.inputs[0] ?? '');
      if (!PASS_THROUGH.has(n.opType) || !input || m.outputs.has(out) || options.keepFloat?.has(out))
        continue;
      params.set(quantPoint(out, m), input);
    }
  }

  const added: OnnxTensor[] = [];
  const scalar = (name: string, p: { scale: number; zeroPoint: number }) => {
    added.push(rawTensor(`${name}/scale`, DataType.FLOAT, [], asBytes(new Float32Array([p.scale]))));
    added.push(rawTensor(`${name}/zero`, QuantType.UINT8, [], new Uint8Array([p.zeroPoint])));
  };

  // Weights and biases of the convolutions whose input and output are quantised.
  const weightDq = new Map<OnnxNode, OnnxNode[]>();
  // Convolutions whose channels were padded for ORT's direct kernel (convSymShape): the input
  // channels each reads, and the channel count to slice each widened output back to.
  const widenInput = new Map<OnnxNode, { from: number; to: number }>();
  const narrowOutput = new Map<string, number>();
  const level = 2 ** ((options.weightBits ?? 8) - 1) - 1;
  let quantizedConvs = 0;
  let floatConvs = 0;
  for (const conv of graph.nodes) {
    if (conv.opType !== 'Conv') continue;
    const x = params.get(conv.inputs[0] ?? '');
    if (!quantizableConv(conv, m) || !x || !params.has(quantPoint(conv.outputs[0] as string, m))) {
      floatConvs++;
      continue;
    }
    quantizedConvs++;
    const key = conv.name || (conv.outputs[0] as string);
    const weight = m.initializers.get(conv.inputs[1] as string) as OnnxTensor;
    const own = { outputs: weight.dims[0] as number, inputs: weight.dims[1] as number };
    const shape =
      options.alignChannels === false ? own : convSymShape(weight.dims, intAttribute(conv, 'group') ?? 1);
    const w = padWeights(floatValues(weight) as Float32Array, weight.dims, shape);
    const channels = shape.outputs;
    const dims = [channels, shape.inputs, ...weight.dims.slice(2)];
    if (shape.inputs !== own.inputs) widenInput.set(conv, { from: own.inputs, to: shape.inputs });
    if (channels !== own.outputs) narrowOutput.set(quantPoint(conv.outputs[0] as string, m), own.outputs);
    const per = w.length / channels;
    const q = new Int8Array(w.length);
    const wScale = new Float32Array(channels);
    for (let o = 0; o < channels; o++) {
      let max = 0;
      for (let i = o * per; i < (o + 1) * per; i++) max = Math.max(max, Math.abs(w[i] as number));
      const s = max > 0 ? max / level : 1;
      wScale[o] = s;
      const inv = 1 / (wScale[o] as number);
      for (let i = o * per; i < (o + 1) * per; i++)
        q[i] = Math.max(-level, Math.min(level, Math.round(w[i]! * inv)));
    }
    const wName = `${key}/w`;
    added.push(rawTensor(`${wName}/int8`, QuantType.INT8, dims, asBytes(q)));
    added.push(rawTensor(`${wName}/scale`, DataType.FLOAT, [channels], asBytes(wScale)));
    added.push(rawTensor(`${wName}/zero`, QuantType.INT8, [channels], new Uint8Array(channels)));
    const dqs = [
      node(
        'DequantizeLinear',
        `${wName}/dq`,
        [`${wName}/int8`, `${wName}/scale`, `${wName}/zero`],
        [wName],
        0,
      ),
    ];
    const inputs = [conv.inputs[0] as string, wName];
    if (conv.inputs[2]) {
      const b = new Float32Array(channels);
      b.set(floatValues(m.initializers.get(conv.inputs[2]) as OnnxTensor) as Float32Array);
      const bScale = new Float32Array(channels);
      const qb = new Int32Array(channels);
      for (let o = 0; o < channels; o++) {
        bScale[o] = x.scale * (wScale[o] as number);
        qb[o] = Math.round(b[o]! / bScale[o]!);
      }
      const bName = `${key}/b`;
      added.push(rawTensor(`${bName}/int32`, QuantType.INT32, [channels], asBytes(qb)));
      added.push(rawTensor(`${bName}/scale`, DataType.FLOAT, [channels], asBytes(bScale)));
      added.push(rawTensor(`${bName}/zero`, QuantType.INT32, [channels], new Uint8Array(channels * 4)));
      dqs.push(
        node(
          'DequantizeLinear',
          `${bName}/dq`,
          [`${bName}/int32`, `${bName}/scale`, `${bName}/zero`],
          [bName],
          0,
        ),
      );
      inputs.push(bName);
    }
    conv.inputs = inputs;
    weightDq.set(conv, dqs);
  }

  // Q once per quantised tensor, one DQ per reader.
  const qdq = new Map<string, OnnxNode[]>();
  for (const [name, p] of params) {
    scalar(name, p);
    const narrow = narrowOutput.get(name);
    const q = `${name}/q`;
    const nodes = [
      node(
        'QuantizeLinear',
        `${name}/Q`,
        [name, `${name}/scale`, `${name}/zero`],
        [narrow ? `${q}/wide` : q],
      ),
    ];
    if (narrow) {
      const [start, end, axis] = [`${name}/slice/start`, `${name}/slice/end`, `${name}/slice/axis`] as const;
      added.push(int64Tensor(start, [0]), int64Tensor(end, [narrow]), int64Tensor(axis, [1]));
      nodes.push(node('Slice', `${name}/Slice`, [`${q}/wide`, start, end, axis], [q]));
    }
    (m.consumers.get(name) ?? []).forEach((reader, i) => {
      const dq = `${name}/dq${i}`;
      const wide = widenInput.get(reader);
      let from = q;
      if (wide && reader.inputs[0] === name) {
        // The padded channels hold the zero point: they read as 0 (their weights are 0 anyway).
        from = `${q}/pad${i}`;
        added.push(int64Tensor(`${name}/pads${i}`, [0, 0, 0, 0, 0, wide.to - wide.from, 0, 0]));
        nodes.push(node('Pad', `${name}/Pad${i}`, [q, `${name}/pads${i}`, `${name}/zero`], [from]));
      }
      nodes.push(node('DequantizeLinear', `${name}/DQ${i}`, [from, `${name}/scale`, `${name}/zero`], [dq]));
      reader.inputs = reader.inputs.map((input) => (input === name ? dq : input));
    });
    qdq.set(name, nodes);
  }
  const inputs = graph.inputs.flatMap((i) => qdq.get(i.name) ?? []);
  graph.nodes = [
    ...inputs,
    ...graph.nodes.flatMap((n) => [
      ...(weightDq.get(n) ?? []),
      n,
      ...n.outputs.flatMap((o) => qdq.get(o) ?? []),
    ]),
  ];
  const used = new Set(graph.nodes.flatMap((n) => n.inputs));
  graph.initializers = [...graph.initializers.filter((t) => used.has(t.name)), ...added];
  graph.valueInfo = [];
  return { quantizedTensors: params.size, quantizedConvs, floatConvs };
}

/**
 * Resize nodes that take a `sizes` input get the equivalent `scales` instead (from the shapes seen
 * at the size the graph was exported for): IS-Net's exported sizes are constants that hold only at
 * 1024², while scales hold at any input size. ORT's NCHWc pass makes the same change in the float
 * model, which is why that one takes any size. `shapes`: dims of each Resize's input and output.
 */
export function resizeToScales(graph: OnnxGraph, shapes: ReadonlyMap<string, readonly number[]>): number {
  let changed = 0;
  for (const n of graph.nodes) {
    if (n.opType !== 'Resize' || !n.inputs[3]) continue;
    const from = shapes.get(n.inputs[0] ?? '');
    const to = shapes.get(n.outputs[0] ?? '');
    if (!from || !to || from.length !== to.length) continue;
    const name = `${n.name || n.outputs[0]}/scales`;
    const scales = Float32Array.from(to, (d, i) => d / (from[i] as number));
    graph.initializers.push(rawTensor(name, DataType.FLOAT, [scales.length], asBytes(scales)));
    n.inputs = [n.inputs[0] as string, n.inputs[1] ?? '', name];
    changed++;
  }
  // The shape arithmetic that made the sizes is now dead.
  const outputs = new Set(graph.outputs.map((o) => o.name));
  for (let removed = true; removed; ) {
    const used = new Set(graph.nodes.flatMap((x) => x.inputs));
    const before = graph.nodes.length;
    graph.nodes = graph.nodes.filter((x) => x.outputs.some((o) => used.has(o) || outputs.has(o)));
    removed = graph.nodes.length < before;
  }
  const used = new Set(graph.nodes.flatMap((x) => x.inputs));
  graph.initializers = graph.initializers.filter((t) => used.has(t.name));
  return changed;
}

/**
 * What quantising a model needs besides its weights, measured once on calibration images by
 * `scripts/quantize.ts calibrate` and shipped beside this file: the range of every tensor that is
 * quantised (the mean over the images of each one's 0.01% and 99.99% points) and the shapes around
 * each Resize at the size calibrated (see resizeToScales). It belongs to one model file, named by its
 * SHA-256, and to the graph prepareGraph makes of it (transform.ts GRAPH_VERSION).
 */
export interface Int8Calibration {
  model: { sha256: string; graphVersion: number };
  mode: QuantizeMode;
  method: string;
  images: string[];
  ranges: Record<string, [number, number]>;
  shapes: Record<string, number[]>;
}

/** The calibration shipped for the default model (IS-Net 'medium' of the peer package). */
export const INT8_CALIBRATION_FILE = fileURLToPath(new URL('./isnet-int8-calibration.json', import.meta.url));

/**
 * The graph of `model` (as prepareGraph left it) rewritten in place to int8 QDQ form with
 * `calibration`; ORT's optimiser then fuses it (see the header). Throws if a range is missing.
 */
export function quantizeWithCalibration(
  model: OnnxModel,
  calibration: Int8Calibration,
  weightBits: 7 | 8 = 8,
): QuantizeReport {
  resizeToScales(model.graph, new Map(Object.entries(calibration.shapes)));
  const ranges = new Map(
    Object.entries(calibration.ranges).map(([name, [min, max]]) => [name, { min, max }]),
  );
  return quantizeGraph(model, ranges, { mode: calibration.mode, weightBits });
}

/**
 * The weight bits for a CPU (`arch`, its /proc/cpuinfo flags): 8 where ORT's uint8×int8 products
 * accumulate in 32 bits (VNNI's VPDPBUSD, AMX, and Arm's dot products), 7 on x86 without VNNI, where
 * VPMADDUBSW's 16-bit pair sums saturate. Measured on an AMD EPYC Zen 3 (AVX2, no VNNI), raw network
 * on the 300 bulk photos: with 8 bits 9 photos lost more than 0.05 IoU to the float network (one
 * 0.96 → 0.68), where a CPU with VNNI loses 2 (README, "Fast previews").
 */
export function int8WeightBits(arch: string, flags: string): 7 | 8 {
  if (arch !== 'x64' && arch !== 'ia32') return 8;
  return /(^|\s)(avx512_vnni|avx_vnni|amx_int8)(\s|$)/.test(flags) ? 8 : 7;
}
