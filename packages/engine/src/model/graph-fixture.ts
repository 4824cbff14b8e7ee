// For tests: ONNX graph pieces written field by field (protobuf.ts), to build tiny models.
import { DataType } from './onnx.ts';
import { type Field, field, packedInts } from './protobuf.ts';

/** A NodeProto: `op` reading `inputs`, writing `outputs`, named after its first output. */
export function node(op: string, inputs: string[], outputs: string[], attributes: Field[][] = []): Field {
  return field.message(1, [
    ...inputs.map((i) => field.string(1, i)),
    ...outputs.map((o) => field.string(2, o)),
    field.string(3, `${op}_${outputs[0]}`),
    field.string(4, op),
    ...attributes.map((a) => field.message(5, a)),
  ]);
}

/** A float32 initializer (TensorProto fields) of made-up values: amplitude · sin(31·seed + 1.7·i). */
export function floatInitializer(name: string, dims: number[], seed: number, amplitude = 0.5): Field[] {
  const count = dims.reduce((a, b) => a * b, 1);
  const values = Float32Array.from({ length: count }, (_, i) => Math.sin(seed * 31 + i * 1.7) * amplitude);
  return [
    packedInts(1, dims),
    field.int(2, DataType.FLOAT),
    field.string(8, name),
    field.bytes(9, new Uint8Array(values.buffer)),
  ];
}
