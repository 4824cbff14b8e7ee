// Just enough of the ONNX format to rewrite a graph: nodes, initializers, inputs and outputs are
// parsed; every other field stays as the bytes it was (see protobuf.ts).
import {
  asString,
  type Field,
  field,
  packedInts,
  readFields,
  repeatedInts,
  writeFields,
} from './protobuf.ts';

/** TensorProto.DataType values used here. */
export const DataType = { FLOAT: 1, INT64: 7, FLOAT16: 10 } as const;

export interface OnnxTensor {
  name: string;
  dataType: number;
  dims: number[];
  /** Every field of the TensorProto (name, dims and data type included). */
  fields: Field[];
}

export interface OnnxAttribute {
  name: string;
  fields: Field[];
}

export interface OnnxNode {
  name: string;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: OnnxAttribute[];
  /** Fields other than the ones above (doc string, ...). */
  rest: Field[];
}

export interface OnnxValueInfo {
  name: string;
  fields: Field[];
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
  /** Inferred shapes stored in the file (value_info). */
  valueInfo: OnnxValueInfo[];
  rest: Field[];
}

export interface OnnxModel {
  graph: OnnxGraph;
  rest: Field[];
}

// Field numbers of onnx.proto.
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
const ATTR = { name: 1, i: 3, t: 5, type: 20 } as const;
const ATTR_TYPE = { INT: 2, TENSOR: 4 } as const;
const TENSOR = {
  dims: 1,
  dataType: 2,
  int32Data: 5,
  name: 8,
  rawData: 9,
  dataLocation: 14,
  floatData: 4,
} as const;
const VALUE_INFO = { name: 1, type: 2 } as const;

export function parseModel(bytes: Uint8Array): OnnxModel {
  const fields = readFields(bytes);
  const graphField = fields.find((f) => f.no === MODEL_GRAPH);
  if (!graphField?.bytes) throw new Error('not an ONNX model: no graph');
  return { graph: parseGraph(graphField.bytes), rest: fields.filter((f) => f !== graphField) };
}

export function serializeModel(model: OnnxModel): Uint8Array {
  return writeFields([...model.rest, field.message(MODEL_GRAPH, graphFields(model.graph))]);
}

function parseGraph(bytes: Uint8Array): OnnxGraph {
  const graph: OnnxGraph = { nodes: [], initializers: [], inputs: [], outputs: [], valueInfo: [], rest: [] };
  for (const f of readFields(bytes)) {
    if (f.no === GRAPH.node && f.bytes) graph.nodes.push(parseNode(f.bytes));
    else if (f.no === GRAPH.initializer && f.bytes) graph.initializers.push(parseTensor(f.bytes));
    else if (f.no === GRAPH.input && f.bytes) graph.inputs.push(parseValueInfo(f.bytes));
    else if (f.no === GRAPH.output && f.bytes) graph.outputs.push(parseValueInfo(f.bytes));
    else if (f.no === GRAPH.valueInfo && f.bytes) graph.valueInfo.push(parseValueInfo(f.bytes));
    else graph.rest.push(f);
  }
  return graph;
}

function graphFields(graph: OnnxGraph): Field[] {
  return [
    ...graph.nodes.map((n) => field.message(GRAPH.node, nodeFields(n))),
    ...graph.rest,
    ...graph.initializers.map((t) => field.message(GRAPH.initializer, t.fields)),
    ...graph.inputs.map((v) => field.message(GRAPH.input, v.fields)),
    ...graph.outputs.map((v) => field.message(GRAPH.output, v.fields)),
    ...graph.valueInfo.map((v) => field.message(GRAPH.valueInfo, v.fields)),
  ];
}

function parseNode(bytes: Uint8Array): OnnxNode {
  const node: OnnxNode = {
    name: '',
    opType: '',
    domain: '',
    inputs: [],
    outputs: [],
    attributes: [],
    rest: [],
  };
  for (const f of readFields(bytes)) {
    if (f.no === NODE.input) node.inputs.push(asString(f));
    else if (f.no === NODE.output) node.outputs.push(asString(f));
    else if (f.no === NODE.name) node.name = asString(f);
    else if (f.no === NODE.opType) node.opType = asString(f);
    else if (f.no === NODE.domain) node.domain = asString(f);
    else if (f.no === NODE.attribute && f.bytes) {
      const fields = readFields(f.bytes);
      const nameField = fields.find((a) => a.no === ATTR.name);
      node.attributes.push({ name: nameField ? asString(nameField) : '', fields });
    } else node.rest.push(f);
  }
  return node;
}

function nodeFields(node: OnnxNode): Field[] {
  return [
    ...node.inputs.map((i) => field.string(NODE.input, i)),
    ...node.outputs.map((o) => field.string(NODE.output, o)),
    ...(node.name ? [field.string(NODE.name, node.name)] : []),
    field.string(NODE.opType, node.opType),
    ...node.attributes.map((a) => field.message(NODE.attribute, a.fields)),
    ...(node.domain ? [field.string(NODE.domain, node.domain)] : []),
    ...node.rest,
  ];
}

function parseValueInfo(bytes: Uint8Array): OnnxValueInfo {
  const fields = readFields(bytes);
  const nameField = fields.find((f) => f.no === VALUE_INFO.name);
  return { name: nameField ? asString(nameField) : '', fields };
}

export function parseTensor(bytes: Uint8Array): OnnxTensor {
  const fields = readFields(bytes);
  const nameField = fields.find((f) => f.no === TENSOR.name);
  return {
    name: nameField ? asString(nameField) : '',
    dataType: Number(fields.find((f) => f.no === TENSOR.dataType)?.value ?? 0n),
    dims: repeatedInts(fields, TENSOR.dims).map(Number),
    fields,
  };
}

/** A float32 tensor (data as raw_data). */
export function floatTensor(name: string, dims: readonly number[], data: Float32Array): OnnxTensor {
  const fields = [
    packedInts(TENSOR.dims, dims),
    field.int(TENSOR.dataType, DataType.FLOAT),
    field.string(TENSOR.name, name),
    field.bytes(TENSOR.rawData, new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice()),
  ];
  return { name, dataType: DataType.FLOAT, dims: [...dims], fields };
}

/** The tensor's data as stored (raw_data), if it is stored that way. */
export function rawData(tensor: OnnxTensor): Uint8Array | undefined {
  return tensor.fields.find((f) => f.no === TENSOR.rawData)?.bytes;
}

/** True when the tensor's data lives in another file (we only rewrite embedded data). */
export function isExternal(tensor: OnnxTensor): boolean {
  return tensor.fields.some((f) => f.no === TENSOR.dataLocation && f.value === 1n);
}

/** The tensor's values as float32, for FLOAT and FLOAT16 tensors; null for anything else. */
export function floatValues(tensor: OnnxTensor): Float32Array | null {
  if (isExternal(tensor)) return null;
  const count = tensor.dims.reduce((a, b) => a * b, 1);
  const raw = rawData(tensor);
  if (tensor.dataType === DataType.FLOAT) {
    if (raw && raw.length === count * 4) return new Float32Array(copy(raw).buffer);
    const packed = tensor.fields.filter((f) => f.no === TENSOR.floatData);
    const values: number[] = [];
    for (const f of packed) {
      if (f.type === 5 && f.bytes)
        values.push(new DataView(f.bytes.buffer, f.bytes.byteOffset).getFloat32(0, true));
      if (f.type === 2 && f.bytes) {
        const view = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
        for (let p = 0; p + 4 <= f.bytes.length; p += 4) values.push(view.getFloat32(p, true));
      }
    }
    return values.length === count ? Float32Array.from(values) : null;
  }
  if (tensor.dataType === DataType.FLOAT16) {
    const halves = raw
      ? new Uint16Array(copy(raw).buffer, 0, raw.length >> 1)
      : Uint16Array.from(repeatedInts(tensor.fields, TENSOR.int32Data).map(Number));
    if (halves.length !== count) return null;
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = halfToFloat(halves[i]!);
    return out;
  }
  return null;
}

/** A copy with its own, aligned buffer (a Buffer's slice() would share the pool). */
function copy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/** IEEE 754 binary16 → number (exact: every half is a float32). */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

export function attribute(node: OnnxNode, name: string): OnnxAttribute | undefined {
  return node.attributes.find((a) => a.name === name);
}

export function intAttribute(node: OnnxNode, name: string): number | undefined {
  const value = attribute(node, name)?.fields.find((f) => f.no === ATTR.i)?.value;
  return value === undefined ? undefined : Number(BigInt.asIntN(64, value));
}

export function tensorAttribute(node: OnnxNode, name: string): OnnxTensor | undefined {
  const bytes = attribute(node, name)?.fields.find((f) => f.no === ATTR.t)?.bytes;
  return bytes ? parseTensor(bytes) : undefined;
}

export function setTensorAttribute(node: OnnxNode, name: string, tensor: OnnxTensor): void {
  const fields = [
    field.string(ATTR.name, name),
    field.message(ATTR.t, tensor.fields),
    field.int(ATTR.type, ATTR_TYPE.TENSOR),
  ];
  const existing = attribute(node, name);
  if (existing) existing.fields = fields;
  else node.attributes.push({ name, fields });
}

export function intAttributeField(name: string, value: number): OnnxAttribute {
  return {
    name,
    fields: [field.string(ATTR.name, name), field.int(ATTR.i, value), field.int(ATTR.type, ATTR_TYPE.INT)],
  };
}

/** Element type of a graph input or output (TypeProto.tensor_type.elem_type), if stated. */
export function elementType(info: OnnxValueInfo): number | undefined {
  const tensorType = tensorTypeFields(info);
  const elem = tensorType?.find((f) => f.no === 1)?.value;
  return elem === undefined ? undefined : Number(elem);
}

function tensorTypeFields(info: OnnxValueInfo): Field[] | undefined {
  const type = info.fields.find((f) => f.no === VALUE_INFO.type)?.bytes;
  const tensorType = type ? readFields(type).find((f) => f.no === 1)?.bytes : undefined;
  return tensorType ? readFields(tensorType) : undefined;
}

/**
 * Rewrites a value's shape: `dims` entries are a fixed size, a symbolic name, or null for unknown;
 * `null` for the whole shape drops it (rank unknown).
 */
export function setShape(info: OnnxValueInfo, dims: readonly (number | string | null)[] | null): void {
  const tensorType = tensorTypeFields(info) ?? [];
  const kept = tensorType.filter((f) => f.no !== 2);
  if (dims) {
    const shape = dims.map((d) =>
      field.message(1, d === null ? [] : typeof d === 'number' ? [field.int(1, d)] : [field.string(2, d)]),
    );
    kept.push(field.message(2, shape));
  }
  info.fields = [
    ...info.fields.filter((f) => f.no !== VALUE_INFO.type),
    field.message(VALUE_INFO.type, [field.message(1, kept)]),
  ];
}

/** A value_info entry for a tensor of `elemType` (DataType) with `dims` (as setShape takes them). */
export function tensorValueInfo(
  name: string,
  elemType: number,
  dims: readonly (number | string | null)[],
): OnnxValueInfo {
  const info: OnnxValueInfo = {
    name,
    fields: [
      field.string(VALUE_INFO.name, name),
      field.message(VALUE_INFO.type, [field.message(1, [field.int(1, elemType)])]),
    ],
  };
  setShape(info, dims);
  return info;
}

/** The stated dims of a value (numbers, symbolic names, or null when unknown); null without a shape. */
export function shapeOf(info: OnnxValueInfo): (number | string | null)[] | null {
  const shape = tensorTypeFields(info)?.find((f) => f.no === 2)?.bytes;
  if (!shape) return null;
  return readFields(shape)
    .filter((f) => f.no === 1 && f.bytes)
    .map((f) => {
      const dim = readFields(f.bytes as Uint8Array);
      const value = dim.find((d) => d.no === 1)?.value;
      const param = dim.find((d) => d.no === 2);
      return value !== undefined ? Number(value) : param ? asString(param) : null;
    });
}
