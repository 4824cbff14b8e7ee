/**
 * Base64 without Buffer, btoa or atob, so the same code runs in Node and in browsers and never
 * builds a binary string of a 32 MB image.
 */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Letter → 6-bit value; URL-safe letters are read too, anything else is -1. */
const values = new Int16Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i += 1) values[alphabet.charCodeAt(i)] = i;
values['-'.charCodeAt(0)] = 62;
values['_'.charCodeAt(0)] = 63;
const letters = new TextEncoder().encode(alphabet);
const pad = '='.charCodeAt(0);

/** Bytes as standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  // Letters are written as ASCII bytes and decoded once: no string is built piece by piece.
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    out[o++] = letters[a >> 2]!;
    out[o++] = letters[((a & 3) << 4) | (b >> 4)]!;
    out[o++] = i + 1 < bytes.length ? letters[((b & 15) << 2) | (c >> 6)]! : pad;
    out[o++] = i + 2 < bytes.length ? letters[c & 63]! : pad;
  }
  return new TextDecoder().decode(out);
}

/** The number of bytes base64 text decodes to (whitespace, padding and a data: prefix left out). */
export function decodedLength(text: string): number {
  const body = stripDataPrefix(text).replace(/[\s=]/g, '');
  return Math.floor((body.length * 3) / 4);
}

/**
 * Base64 (standard or URL-safe, padded or not, with line breaks or a `data:…;base64,` prefix) to
 * bytes; throws a TypeError on any other letter.
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const body = stripDataPrefix(text).replace(/[\s=]/g, '');
  if (body.length % 4 === 1) throw new TypeError('Invalid base64 text: its length cannot be decoded');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let count = 0;
  let o = 0;
  for (let i = 0; i < body.length; i += 1) {
    const code = body.charCodeAt(i);
    const value = code < 128 ? values[code]! : -1;
    if (value < 0) throw new TypeError(`Invalid base64 text: unexpected character at ${i}`);
    bits = ((bits << 6) | value) & 0xffff;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >> count) & 255;
    }
  }
  return out;
}

function stripDataPrefix(text: string): string {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  return comma >= 0 ? text.slice(comma + 1) : text;
}
