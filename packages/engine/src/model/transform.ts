// Graph rewrites that make a segmentation network cheaper to run in ONNX Runtime on a CPU without
// changing what it computes (measured in the README: peak memory of a session running IS-Net at
// 1024² fell from ~1.2 GB to ~0.55 GB, and a run got ~15% faster):
//
// 1. Keep only the output we read. ORT executes every node of the graph whatever `fetches` asks
//    for, and keeps every graph output alive to the end (IS-Net has 11 more, some 64 MB).
// 2. Compute in float32 when the weights are float16. ORT has no float16 convolution on x86, so it
//    wraps every convolution in Cast nodes and keeps float16 copies of the skip connections beside
//    float32 ones; the same weights widened to float32 run with no copies (and are more precise).
// 3. Split Concat→Conv into one Conv per concatenated input, summed: conv(cat(a, b), W) =
//    conv(a, W_a) + conv(b, W_b). The concatenation (128 MB at IS-Net's widest) is never built, and
//    ORT fuses each sum into the next convolution.
// 4. After ORT's optimiser: make the spatial input dims symbolic and drop stored shapes. ORT's
//    planner reuses a freed buffer only for a tensor of exactly the same size it can prove at load
//    time, and keeps it for the whole run: with static shapes that pins one pool per size class
//    (their sum, ~2x the real peak). With unknown sizes each tensor is freed after its last use.
//    One equality is stated back (sumShapes): each fused sum of rewrite 3 has its convolution's
//    output shape, so that ORT writes the output over the sum in place (64 MB less at IS-Net's peak).
import {
  DataType,
  elementType,
  floatTensor,
  floatValues,
  intAttribute,
  intAttributeField,
  type OnnxGraph,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
  setShape,
  setTensorAttribute,
  shapeOf,
  tensorAttribute,
  tensorValueInfo,
} from './onnx.ts';

export interface TransformReport {
  output: string;
  removedNodes: number;
  widenedTensors: number;
  removedCasts: number;
  splitConcats: number;
}

/**
 * The version of the graph prepareGraph makes (rewrites 1-3): bumped whenever they change what they
 * write. The int8 calibration's ranges were measured on that graph, so it names the version it
 * belongs to (quantize.ts Int8Calibration); rewrite 4 and ORT's optimiser come after and do not
 * change it (prepare.ts REWRITE_VERSION keys the cached copies for those).
 */
export const GRAPH_VERSION = 2;

/** Rewrites 1-3 (before ORT's optimiser), in place. `output`: the graph output to keep (default the first). */
export function prepareGraph(model: OnnxModel, options: { output?: string } = {}): TransformReport {
  const { graph } = model;
  const output = options.output ?? graph.outputs[0]?.name;
  if (!output || !graph.outputs.some((o) => o.name === output)) {
    throw new Error(`model has no output ${options.output ?? ''}`.trim());
  }
  const before = graph.nodes.length;
  pruneTo(graph, output);
  const widened = widenToFloat32(graph);
  const splitConcats = splitConcatConv(graph);
  removeUnused(graph);
  if (widened.tensors > 0 || widened.casts > 0 || splitConcats > 0) graph.valueInfo = [];
  return {
    output,
    removedNodes: before - graph.nodes.length,
    widenedTensors: widened.tensors,
    removedCasts: widened.casts,
    splitConcats,
  };
}

/**
 * Rewrite 4 (after ORT's optimiser), in place: symbolic height and width, and no stored shapes but
 * the fused sums' (sumShapes).
 */
export function relaxShapes(model: OnnxModel): void {
  const { graph } = model;
  const initializers = new Set(graph.initializers.map((t) => t.name));
  for (const input of graph.inputs) {
    if (initializers.has(input.name)) continue;
    const dims = shapeOf(input);
    if (dims?.length === 4) setShape(input, [dims[0] ?? null, dims[1] ?? null, 'height', 'width']);
  }
  for (const output of graph.outputs) setShape(output, null);
  graph.valueInfo = sumShapes(graph);
}

/** Where ORT's NCHWc transformer puts the convolutions it rewrites for x86's blocked layout. */
export const NCHWC_DOMAIN = 'com.microsoft.nchwc';

/**
 * ORT fuses the sums of rewrite 3 into its NCHWc convolutions (a fourth input, Sum, added to the
 * output) and may write the output over the sum in place, but only where its planner can prove at
 * load time that the two are the same size; with every shape unknown it cannot, and each such
 * convolution holds three tensors at once. At IS-Net's 512² stages that is 64 MB more at peak (a
 * bare run at 1024² peaked 273 MB above its resting memory, 209 MB with this; same output bits,
 * same speed). So each sum and its output (and a chain of them: a concatenation of three) are
 * stated to share a shape of symbolic names of their own, which no other tensor has: no other
 * reuse is invited.
 */
function sumShapes(graph: OnnxGraph): OnnxValueInfo[] {
  // Nodes come in graph order, so a sum that an earlier fused convolution wrote already has its group.
  const group = new Map<string, number>();
  for (const node of graph.nodes) {
    const [output] = node.outputs;
    const sum = node.inputs[3];
    if (node.domain !== NCHWC_DOMAIN || node.opType !== 'Conv' || !sum || !output) continue;
    const id = group.get(sum) ?? group.size;
    group.set(sum, id).set(output, id);
  }
  return [...group].map(([name, id]) =>
    tensorValueInfo(
      name,
      DataType.FLOAT,
      ['n', 'c', 'h', 'w'].map((dim) => `sum${id}_${dim}`),
    ),
  );
}

function pruneTo(graph: OnnxGraph, output: string): void {
  graph.outputs = graph.outputs.filter((o) => o.name === output);
  const producer = producers(graph);
  const needed = new Set<OnnxNode>();
  const stack = [output];
  while (stack.length > 0) {
    const node = producer.get(stack.pop() as string);
    if (!node || needed.has(node)) continue;
    needed.add(node);
    stack.push(...node.inputs.filter(Boolean));
  }
  graph.nodes = graph.nodes.filter((n) => needed.has(n));
}

function removeUnused(graph: OnnxGraph): void {
  const used = new Set(graph.nodes.flatMap((n) => n.inputs));
  for (const o of graph.outputs) used.add(o.name);
  graph.initializers = graph.initializers.filter((t) => used.has(t.name));
  // Old models list their initializers among the inputs too.
  const initializers = new Set(graph.initializers.map((t) => t.name));
  graph.inputs = graph.inputs.filter((i) => used.has(i.name) || !initializers.has(i.name));
}

function producers(graph: OnnxGraph): Map<string, OnnxNode> {
  const map = new Map<string, OnnxNode>();
  for (const node of graph.nodes) for (const o of node.outputs) map.set(o, node);
  return map;
}

/** Ops whose (first) output has the element type of their first input. */
// biome-ignore format: a word list
const TYPE_OF_FIRST_INPUT = new Set([
  'Abs', 'Add', 'AveragePool', 'BatchNormalization', 'Clip', 'Concat', 'Conv', 'ConvTranspose', 'Div',
  'Elu', 'Exp', 'Flatten', 'Gather', 'GlobalAveragePool', 'HardSigmoid', 'Identity', 'InstanceNormalization',
  'LeakyRelu', 'Log', 'MatMul', 'Gemm', 'Max', 'MaxPool', 'Min', 'Mul', 'Neg', 'Pad', 'Pow', 'PRelu',
  'ReduceMean', 'ReduceMax', 'ReduceSum', 'Relu', 'Reshape', 'Resize', 'Sigmoid', 'Slice', 'Softmax',
  'Split', 'Sqrt', 'Squeeze', 'Sub', 'Tanh', 'Tile', 'Transpose', 'Unsqueeze', 'Upsample', 'Expand',
]);
const TYPE_INT64 = new Set(['Shape', 'Size', 'ArgMax', 'ArgMin', 'NonZero']);
const FLOATS = new Set<number>([DataType.FLOAT, DataType.FLOAT16]);

/**
 * Widens a float16 graph to float32: float16 initializers and constants become float32, casts
 * between float types disappear. Done only when every value's type can be followed and the graph's
 * inputs and outputs are float32; otherwise the graph is left as it is.
 */
function widenToFloat32(graph: OnnxGraph): { tensors: number; casts: number } {
  const none = { tensors: 0, casts: 0 };
  const hasHalf =
    graph.initializers.some((t) => t.dataType === DataType.FLOAT16) ||
    graph.nodes.some((n) => n.opType === 'Cast' && intAttribute(n, 'to') === DataType.FLOAT16);
  if (!hasHalf) return none;
  if ([...graph.inputs, ...graph.outputs].some((v) => elementType(v) === DataType.FLOAT16)) return none;

  const types = new Map<string, number>();
  for (const input of graph.inputs) types.set(input.name, elementType(input) ?? -1);
  for (const t of graph.initializers) types.set(t.name, t.dataType);
  if (graph.nodes.some((n) => n.domain && n.domain !== 'ai.onnx')) return none;
  // Files need not list nodes in order: pass over them until every type is known.
  let pending = graph.nodes;
  while (pending.length > 0) {
    const next = pending.filter((node) => {
      let type: number | undefined;
      if (node.opType === 'Cast') type = intAttribute(node, 'to');
      else if (node.opType === 'Constant') type = tensorAttribute(node, 'value')?.dataType;
      else if (node.opType === 'ConstantOfShape')
        type = tensorAttribute(node, 'value')?.dataType ?? DataType.FLOAT;
      else if (TYPE_INT64.has(node.opType)) type = DataType.INT64;
      else if (TYPE_OF_FIRST_INPUT.has(node.opType)) type = types.get(node.inputs[0] ?? '');
      if (type === undefined) return true;
      for (const o of node.outputs) types.set(o, type);
      return false;
    });
    if (next.length === pending.length) return none; // an op we cannot follow
    pending = next;
  }

  const initializers = graph.initializers.map((t) => (t.dataType === DataType.FLOAT16 ? widen(t) : t));
  if (initializers.some((t) => t === null)) return none;
  let tensors = initializers.filter((t, i) => t !== graph.initializers[i]).length;
  graph.initializers = initializers as OnnxTensor[];

  const rename = new Map<string, string>();
  const outputs = new Set(graph.outputs.map((o) => o.name));
  const kept: OnnxNode[] = [];
  let casts = 0;
  for (const node of graph.nodes) {
    // Constant and ConstantOfShape carry their tensor in 'value'.
    const value = tensorAttribute(node, 'value');
    if (value?.dataType === DataType.FLOAT16) {
      const wide = widen(value);
      if (!wide) return none;
      setTensorAttribute(node, 'value', wide);
      tensors++;
    }
    const to = node.opType === 'Cast' ? intAttribute(node, 'to') : undefined;
    if (to !== undefined && FLOATS.has(to) && FLOATS.has(types.get(node.inputs[0] ?? '') ?? -1)) {
      casts++;
      const [input] = node.inputs;
      const [out] = node.outputs;
      if (out && outputs.has(out)) {
        // A graph output keeps its name: the cast becomes an identity.
        kept.push({ ...node, opType: 'Identity', attributes: [] });
      } else if (input && out) rename.set(out, input);
      continue;
    }
    if (to === DataType.FLOAT16) node.attributes = [intAttributeField('to', DataType.FLOAT)];
    kept.push(node);
  }
  const resolve = (name: string) => {
    let current = name;
    while (rename.has(current)) current = rename.get(current) as string;
    return current;
  };
  for (const node of kept) node.inputs = node.inputs.map((i) => (i ? resolve(i) : i));
  graph.nodes = kept;
  return { tensors, casts };
}

function widen(tensor: OnnxTensor): OnnxTensor | null {
  const values = floatValues(tensor);
  return values ? floatTensor(tensor.name, tensor.dims, values) : null;
}

/** Ops that keep the channel count of their first input (NCHW). */
// biome-ignore format: a word list
const SAME_CHANNELS = new Set([
  'Add', 'BatchNormalization', 'Clip', 'Identity', 'LeakyRelu', 'MaxPool', 'AveragePool', 'Mul', 'Relu',
  'Resize', 'Sigmoid', 'Upsample', 'Tanh',
]);

/** Rewrite 3: Concat on channels feeding a single Conv becomes one Conv per input plus Adds. */
function splitConcatConv(graph: OnnxGraph): number {
  const initializers = new Map(graph.initializers.map((t) => [t.name, t]));
  const producer = producers(graph);
  const consumers = new Map<string, OnnxNode[]>();
  for (const node of graph.nodes) {
    for (const input of node.inputs) consumers.set(input, [...(consumers.get(input) ?? []), node]);
  }
  const outputs = new Set(graph.outputs.map((o) => o.name));
  const channelCache = new Map<string, number | undefined>();
  const channels = (name: string): number | undefined => {
    if (channelCache.has(name)) return channelCache.get(name);
    channelCache.set(name, undefined); // guards against cycles in a malformed graph
    let c: number | undefined;
    const input = graph.inputs.find((i) => i.name === name);
    const node = producer.get(name);
    if (input) {
      const dim = shapeOf(input)?.[1];
      c = typeof dim === 'number' ? dim : undefined;
    } else if (node?.opType === 'Conv') c = initializers.get(node.inputs[1] ?? '')?.dims[0];
    else if (node && SAME_CHANNELS.has(node.opType)) c = channels(node.inputs[0] ?? '');
    else if (node?.opType === 'Concat' && intAttribute(node, 'axis') === 1) {
      const parts = node.inputs.map(channels);
      c = parts.every((p) => p !== undefined) ? parts.reduce((a, b) => (a ?? 0) + (b ?? 0), 0) : undefined;
    }
    channelCache.set(name, c);
    return c;
  };

  const replaced = new Map<OnnxNode, OnnxNode[]>();
  const removed = new Set<OnnxNode>();
  const added: OnnxTensor[] = [];
  for (const concat of graph.nodes) {
    if (concat.opType !== 'Concat' || intAttribute(concat, 'axis') !== 1) continue;
    const out = concat.outputs[0] as string;
    const users = consumers.get(out) ?? [];
    const conv = users[0];
    if (users.length !== 1 || !conv || conv.opType !== 'Conv' || conv.inputs[0] !== out || outputs.has(out))
      continue;
    if ((intAttribute(conv, 'group') ?? 1) !== 1) continue;
    const weight = initializers.get(conv.inputs[1] ?? '');
    const values = weight?.dataType === DataType.FLOAT ? floatValues(weight) : null;
    if (!weight || !values || weight.dims.length !== 4) continue;
    const parts = concat.inputs.map(channels);
    const [outChannels, inChannels, kh, kw] = weight.dims as [number, number, number, number];
    if (parts.some((p) => !p) || parts.reduce((a, b) => (a ?? 0) + (b ?? 0), 0) !== inChannels) continue;

    const kernel = kh * kw;
    const partials: OnnxNode[] = [];
    let offset = 0;
    concat.inputs.forEach((input, i) => {
      const c = parts[i] as number;
      const slice = new Float32Array(outChannels * c * kernel);
      for (let o = 0; o < outChannels; o++) {
        const from = (o * inChannels + offset) * kernel;
        slice.set(values.subarray(from, from + c * kernel), o * c * kernel);
      }
      const name = `${weight.name}/part${i}`;
      added.push(floatTensor(name, [outChannels, c, kh, kw], slice));
      const bias = i === 0 && conv.inputs[2] ? [conv.inputs[2]] : [];
      partials.push({
        ...conv,
        name: `${conv.name}/part${i}`,
        inputs: [input, name, ...bias],
        outputs: [`${conv.outputs[0]}/part${i}`],
      });
      offset += c;
    });
    if (partials.length === 1 && partials[0]) partials[0].outputs = [...conv.outputs];
    const sums: OnnxNode[] = [];
    let total = partials[0]?.outputs[0] as string;
    for (let i = 1; i < partials.length; i++) {
      const result = i === partials.length - 1 ? (conv.outputs[0] as string) : `${conv.outputs[0]}/sum${i}`;
      sums.push({
        name: `${conv.name}/sum${i}`,
        opType: 'Add',
        domain: '',
        inputs: [total, partials[i]?.outputs[0] as string],
        outputs: [result],
        attributes: [],
        rest: [],
      });
      total = result;
    }
    removed.add(concat);
    replaced.set(conv, [...partials, ...sums]);
  }
  if (replaced.size === 0) return 0;
  graph.nodes = graph.nodes.flatMap((n) => replaced.get(n) ?? (removed.has(n) ? [] : [n]));
  graph.initializers.push(...added);
  return replaced.size;
}
