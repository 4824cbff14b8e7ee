// A lossless protobuf wire-format reader and writer: a message is its list of fields in order,
// each kept as raw bytes unless we decode it, so rewriting a few fields of a model keeps every
// other field (including ones newer than this code) byte for byte.

/** Wire types: varint, 64-bit, length-delimited, 32-bit. */
export type WireType = 0 | 1 | 2 | 5;

/** One field of a message. `data` holds the varint's value, or the field's bytes for the other types. */
export interface Field {
  no: number;
  type: WireType;
  /** Varint value (wire type 0). */
  value?: bigint;
  /** Payload for wire types 1, 2 and 5 (for 2: without the length prefix). */
  bytes?: Uint8Array;
}

function readVarint(buf: Uint8Array, pos: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error('protobuf: truncated varint');
    const byte = buf[pos++]!;
    result |= BigInt(byte & 0x7f) << shift;
    if (byte < 0x80) return [result, pos];
    shift += 7n;
    if (shift > 70n) throw new Error('protobuf: varint too long');
  }
}

/** Splits a message into its fields (views into `buf`, not copies). */
export function readFields(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const [key, next] = readVarint(buf, pos);
    pos = next;
    const no = Number(key >> 3n);
    const type = Number(key & 7n) as WireType;
    if (type === 0) {
      const [value, after] = readVarint(buf, pos);
      fields.push({ no, type, value });
      pos = after;
    } else if (type === 2) {
      const [length, start] = readVarint(buf, pos);
      const end = start + Number(length);
      if (end > buf.length) throw new Error('protobuf: truncated field');
      fields.push({ no, type, bytes: buf.subarray(start, end) });
      pos = end;
    } else if (type === 1 || type === 5) {
      const end = pos + (type === 1 ? 8 : 4);
      if (end > buf.length) throw new Error('protobuf: truncated field');
      fields.push({ no, type, bytes: buf.subarray(pos, end) });
      pos = end;
    } else {
      throw new Error(`protobuf: unsupported wire type ${type}`);
    }
  }
  return fields;
}

function varintBytes(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

/** Joins fields back into a message. */
export function writeFields(fields: readonly Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const field of fields) {
    const head = varintBytes(BigInt((field.no << 3) | field.type));
    if (field.type === 0) head.push(...varintBytes(field.value ?? 0n));
    if (field.type === 2) head.push(...varintBytes(BigInt(field.bytes?.length ?? 0)));
    const headBytes = Uint8Array.from(head);
    parts.push(headBytes);
    total += headBytes.length;
    if (field.type !== 0) {
      const bytes = field.bytes ?? new Uint8Array(0);
      parts.push(bytes);
      total += bytes.length;
    }
  }
  const out = new Uint8Array(total);
  let pos = 0;
  for (const part of parts) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const field = {
  string: (no: number, text: string): Field => ({ no, type: 2, bytes: encoder.encode(text) }),
  message: (no: number, fields: readonly Field[]): Field => ({ no, type: 2, bytes: writeFields(fields) }),
  bytes: (no: number, bytes: Uint8Array): Field => ({ no, type: 2, bytes }),
  int: (no: number, value: number | bigint): Field => ({ no, type: 0, value: BigInt(value) }),
};

export function asString(f: Field): string {
  return decoder.decode(f.bytes);
}

/** Values of a repeated integer field, packed (wire type 2) or not. */
export function repeatedInts(fields: readonly Field[], no: number): bigint[] {
  const out: bigint[] = [];
  for (const f of fields) {
    if (f.no !== no) continue;
    if (f.type === 0) out.push(f.value ?? 0n);
    else if (f.type === 2 && f.bytes) {
      let pos = 0;
      while (pos < f.bytes.length) {
        const [v, next] = readVarint(f.bytes, pos);
        out.push(v);
        pos = next;
      }
    }
  }
  return out;
}

/** A packed repeated integer field. */
export function packedInts(no: number, values: readonly (number | bigint)[]): Field {
  return { no, type: 2, bytes: Uint8Array.from(values.flatMap((v) => varintBytes(BigInt(v)))) };
}
