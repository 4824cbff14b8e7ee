// For tests: ONNX graph pieces written field by field (protobuf.ts), to build tiny models.
import { type Field, field } from './protobuf.ts';

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
