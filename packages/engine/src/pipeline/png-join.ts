import { crc32 } from 'node:zlib';

/**
 * One PNG from two that libvips encoded side by side, the top rows and the bottom rows of one
 * image, without decoding or compressing anything again. libvips compresses on one thread, so a
 * large PNG encodes about twice as fast in two halves on two cores (the engine's README, "The PNG
 * in two halves").
 *
 * A PNG's pixels are one zlib stream. libvips writes PNGs through libpng and zlib-ng, whose fastest
 * level (1, `deflate_quick`) writes only fixed-Huffman blocks and, when the stream is finished,
 * closes its block and puts the last bytes it holds (fewer than 262) in a short final block. The
 * join finds that block in the top's stream, clears its "final" bit, follows it with an empty
 * stored block (which ends on a byte boundary), then the bottom's stream without its zlib header,
 * and the Adler-32 of the whole, combined from the two streams' own.
 *
 * The final block is the earliest bit position, right after a fixed-Huffman end-of-block code,
 * from which a final fixed-Huffman block decodes to exactly the top's last raw bytes (`topTail`,
 * filter bytes included) and ends the stream. Anything else (another zlib or level, other PNG
 * settings, a tail that does not match) returns null, and the caller encodes the whole.
 */
export function joinPngRows(options: {
  top: Uint8Array;
  bottom: Uint8Array;
  /** The top image's last raw bytes as the PNG filters them (at least 34 KB, or all of them). */
  topTail: Uint8Array;
}): Buffer | null {
  const top = readPng(options.top);
  const bottom = readPng(options.bottom);
  if (!top || !bottom || !sameFormat(top.header, bottom.header)) return null;
  const topStream = top.stream;
  const bottomStream = bottom.stream;
  if (topStream.length < 8 || bottomStream.length < 8) return null;
  // The joined stream's zlib header is the one with the larger window (libpng makes it smaller for
  // little data), which covers the distances of both.
  const zlibHeader = [topStream, bottomStream]
    .map((stream) => Buffer.from([byteAt(stream, 0), byteAt(stream, 1)]))
    .sort((a, b) => b[0]! - a[0]!)[0]!;
  if ((zlibHeader[0]! & 0x0f) !== 8 || zlibHeader.readUInt16BE(0) % 31 !== 0) return null;
  const final = findFinalBlock(topStream, options.topTail);
  if (!final) return null;

  const bottomRows = bottom.header.readUInt32BE(4);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(
    adler32Combine(
      readUint32(topStream, topStream.length - 4),
      readUint32(bottomStream, bottomStream.length - 4),
      bottomRows * rowBytes(bottom.header),
    ),
  );
  const header = Buffer.from(top.header);
  header.writeUInt32BE(top.header.readUInt32BE(4) + bottomRows, 4);
  // The stream: the zlib header, the top's bytes up to its final block, the final block made
  // non-final with an empty stored block after it, the bottom's blocks, the Adler-32 of the whole.
  // libvips' IDAT chunks whose bytes stay as they were are kept whole, with their CRCs: only the
  // few bytes around the seams are written into new chunks.
  const pieces = new Pieces();
  pieces.add(zlibHeader);
  pieces.addRange(topStream, 2, final.from);
  pieces.add(final.modified);
  pieces.add(EMPTY_STORED_BLOCK_LENGTHS);
  pieces.addRange(bottomStream, 2, bottomStream.length - 4);
  pieces.add(adler);
  const chunks = pieces.chunks();

  const size = chunks.reduce((sum, chunk) => sum + (chunk.whole ? chunk.whole.length : 12 + chunk.size), 0);
  const out = Buffer.allocUnsafe(8 + 25 + top.ancillary.length + size + 12);
  out.set(PNG_SIGNATURE, 0);
  let at = writeChunk(out, PNG_SIGNATURE.length, 'IHDR', [header]);
  out.set(top.ancillary, at);
  at += top.ancillary.length;
  for (const chunk of chunks) {
    if (chunk.whole) {
      out.set(chunk.whole, at);
      at += chunk.whole.length;
    } else {
      at = writeChunk(out, at, 'IDAT', chunk.data);
    }
  }
  at = writeChunk(out, at, 'IEND', []);
  return at === out.length ? out : null;
}

/** LEN 0 and NLEN 0xffff: an empty stored block's after its header bits and byte alignment. */
const EMPTY_STORED_BLOCK_LENGTHS = Uint8Array.of(0x00, 0x00, 0xff, 0xff);

/** The joined stream as IDAT chunks: libvips' own where kept whole, new ones around them. */
class Pieces {
  private list: ({ whole: Uint8Array } | { data: Uint8Array })[] = [];

  add(data: Uint8Array): void {
    if (data.length > 0) this.list.push({ data });
  }

  /** The stream's bytes [from, to): its chunks that lie within whole, the rest as bytes. */
  addRange(stream: Stream, from: number, to: number): void {
    let offset = 0;
    for (const part of stream.parts) {
      const partEnd = offset + part.data.length;
      if (offset >= from && partEnd <= to) this.list.push({ whole: part.chunk });
      else if (partEnd > from && offset < to)
        this.add(part.data.subarray(Math.max(0, from - offset), Math.min(part.data.length, to - offset)));
      offset = partEnd;
    }
  }

  /** Whole chunks as they were, and runs of bytes between them gathered into one chunk each. */
  chunks(): (
    | { whole: Uint8Array; data?: never; size?: never }
    | { whole?: never; data: Uint8Array[]; size: number }
  )[] {
    const out: ReturnType<Pieces['chunks']> = [];
    for (const piece of this.list) {
      const last = out[out.length - 1];
      if ('whole' in piece) out.push({ whole: piece.whole });
      else if (last?.data) {
        last.data.push(piece.data);
        last.size += piece.data.length;
      } else out.push({ data: [piece.data], size: piece.data.length });
    }
    return out;
  }
}

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** A zlib stream as the IDAT chunks hold it: their data, in order, and the chunks, not copied. */
type Stream = { parts: { data: Uint8Array; chunk: Uint8Array }[]; length: number };

interface PngLayout {
  /** IHDR's 13 bytes. */
  header: Buffer;
  /** The chunks between IHDR and the first IDAT (pHYs, ...), whole. */
  ancillary: Uint8Array;
  stream: Stream;
}

/** The chunks of a PNG that libvips wrote, or null if it is not one of the kind joined here. */
function readPng(png: Uint8Array): PngLayout | null {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (view.length < 8 + 25 || !view.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let header: Buffer | null = null;
  let ancillaryFrom = 0;
  let ancillaryTo = 0;
  const parts: Stream['parts'] = [];
  let length = 0;
  let ended = false;
  for (let at = 8; at + 12 <= view.length; ) {
    const size = view.readUInt32BE(at);
    const type = view.toString('latin1', at + 4, at + 8);
    const next = at + 12 + size;
    if (next > view.length) return null;
    if (type === 'IHDR') {
      header = view.subarray(at + 8, at + 8 + size);
      ancillaryFrom = ancillaryTo = next;
    } else if (type === 'IDAT') {
      parts.push({ data: view.subarray(at + 8, at + 8 + size), chunk: view.subarray(at, next) });
      length += size;
    } else if (type === 'IEND') {
      ended = true;
      break;
    } else if (parts.length === 0) {
      ancillaryTo = next;
    } else {
      return null; // a chunk after the pixels: not libvips' layout
    }
    at = next;
  }
  if (header?.length !== 13 || !ended || parts.length === 0) return null;
  // 8-bit grey, grey with alpha, RGB or RGBA; not interlaced.
  if (header[8] !== 8 || ![0, 2, 4, 6].includes(header[9]!) || header[12] !== 0) return null;
  return { header, ancillary: view.subarray(ancillaryFrom, ancillaryTo), stream: { parts, length } };
}

function sameFormat(a: Buffer, b: Buffer): boolean {
  return a.readUInt32BE(0) === b.readUInt32BE(0) && a.subarray(8).equals(b.subarray(8));
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Bytes per row of the raw stream: the filter byte and the pixels. */
function rowBytes(header: Buffer): number {
  return 1 + header.readUInt32BE(0) * CHANNELS[header[9]!]!;
}

/** How far back the search for the final block looks: the block holds < 262 bytes (~300 coded). */
const SEARCH_BYTES = 2048;
/** The most bytes a final block may decode to; its matches reach at most 32 KB further back. */
const MAX_FINAL_BYTES = 1024;
export const TAIL_BYTES = 32768 + MAX_FINAL_BYTES;

/**
 * The top stream's final block: where its bytes start to change (`from`) and the bytes from there to
 * the end of the empty stored block's header, with the final bit cleared.
 */
function findFinalBlock(stream: Stream, tail: Uint8Array): { from: number; modified: Uint8Array } | null {
  // The search works on a copy of the stream's last bytes, Adler-32 excluded.
  const end = stream.length - 4;
  const start = Math.max(2, end - SEARCH_BYTES);
  const bytes = new Uint8Array(end - start);
  copyRange(stream, start, end, bytes, 0);
  const bits = bytes.length * 8;
  const bit = (q: number) => (bytes[q >> 3]! >> (q & 7)) & 1;
  const decoded = new Int32Array(MAX_FINAL_BYTES);
  for (let q = 0; q + 10 <= bits; q++) {
    // A final fixed-Huffman block's header (1, then 01 least significant bit first) right after an
    // end-of-block code (seven 0 bits), or first in the stream.
    if (bit(q) !== 1 || bit(q + 1) !== 1 || bit(q + 2) !== 0) continue;
    let afterEnd = q >= 7 || (start === 2 && q === 0);
    for (let z = 1; z <= 7 && afterEnd && q > 0; z++) afterEnd = bit(q - z) === 0;
    if (!afterEnd) continue;
    const blockEnd = decodeFinalBlock(bytes, q + 3, tail, decoded);
    if (blockEnd < 0) continue;
    // Clear the final bit, and everything from the block's end (the padding) to where the empty
    // stored block's header (three 0 bits) ends, aligned to a byte.
    const first = q >> 3;
    const last = (blockEnd + 3 + 7) >> 3;
    const modified = new Uint8Array(last - first);
    modified.set(bytes.subarray(first, Math.min(last, bytes.length)));
    modified[0]! &= ~(1 << (q & 7));
    const endByte = (blockEnd >> 3) - first;
    modified[endByte]! &= (1 << (blockEnd & 7)) - 1;
    modified.fill(0, endByte + 1);
    return { from: start + first, modified };
  }
  return null;
}

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/**
 * Decodes a fixed-Huffman block's symbols from bit `from` of `bytes` (RFC 1951, 3.2.6). Returns the
 * bit after its end-of-block code when it decodes to exactly the last bytes of `tail` and only
 * zero padding follows to the end of `bytes`; else -1. `decoded` is scratch space: a byte, or
 * -n for "the byte n before the block" while a match copies from before it.
 */
function decodeFinalBlock(bytes: Uint8Array, from: number, tail: Uint8Array, decoded: Int32Array): number {
  const end = bytes.length * 8;
  let q = from;
  let count = 0;
  const read = (n: number): number => {
    // n bits, least significant first (extra bits)
    if (q + n > end) return -1;
    let value = 0;
    for (let i = 0; i < n; i++, q++) value |= ((bytes[q >> 3]! >> (q & 7)) & 1) << i;
    return value;
  };
  const code = (n: number, value: number): number => {
    // n more bits of a Huffman code, most significant first
    if (q + n > end) return -1;
    for (let i = 0; i < n; i++, q++) value = (value << 1) | ((bytes[q >> 3]! >> (q & 7)) & 1);
    return value;
  };
  for (;;) {
    let c = code(7, 0);
    if (c < 0) return -1;
    let symbol: number;
    if (c <= 0x17) symbol = 256 + c;
    else {
      c = code(1, c);
      if (c < 0) return -1;
      if (c >= 0x30 && c <= 0xbf) symbol = c - 0x30;
      else if (c >= 0xc0 && c <= 0xc7) symbol = 280 + c - 0xc0;
      else {
        c = code(1, c);
        if (c < 0) return -1;
        symbol = 144 + c - 0x190;
      }
    }
    if (symbol === 256) break;
    if (symbol < 256) {
      if (count === decoded.length) return -1;
      decoded[count++] = symbol;
      continue;
    }
    if (symbol > 285) return -1;
    const lengthExtra = read(LENGTH_EXTRA[symbol - 257]!);
    if (lengthExtra < 0) return -1;
    const length = LENGTH_BASE[symbol - 257]! + lengthExtra;
    const distanceCode = code(5, 0);
    if (distanceCode < 0 || distanceCode > 29) return -1;
    const distanceExtra = read(DISTANCE_EXTRA[distanceCode]!);
    if (distanceExtra < 0) return -1;
    const distance = DISTANCE_BASE[distanceCode]! + distanceExtra;
    if (count + length > decoded.length) return -1;
    for (let i = 0; i < length; i++, count++)
      decoded[count] = distance <= count ? decoded[count - distance]! : count - distance;
  }
  // Only zero padding may follow, within the last byte.
  if (end - q >= 8) return -1;
  for (let p = q; p < end; p++) if ((bytes[p >> 3]! >> (p & 7)) & 1) return -1;
  const first = tail.length - count;
  if (first < 0) return -1;
  for (let i = 0; i < count; i++) {
    const value = decoded[i]!;
    const at = value >= 0 ? -1 : first + value;
    if (value >= 0 ? value !== tail[first + i] : at < 0 || tail[at] !== tail[first + i]) return -1;
  }
  return q;
}

/** zlib's adler32_combine: the Adler-32 of A then B from theirs and B's length. */
export function adler32Combine(adlerA: number, adlerB: number, lengthB: number): number {
  const BASE = 65521;
  const rem = lengthB % BASE;
  let sum1 = adlerA & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adlerB & 0xffff) + BASE - 1;
  sum2 += (adlerA >>> 16) + (adlerB >>> 16) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= 2 * BASE) sum2 -= 2 * BASE;
  if (sum2 >= BASE) sum2 -= BASE;
  return (sum1 + sum2 * 65536) >>> 0;
}

/** Copies the stream's bytes [from, to) into `out` at `at`; returns where they end. */
function copyRange(stream: Stream, from: number, to: number, out: Uint8Array, at: number): number {
  let offset = 0;
  for (const { data: part } of stream.parts) {
    const partEnd = offset + part.length;
    if (partEnd > from && offset < to) {
      const slice = part.subarray(Math.max(0, from - offset), Math.min(part.length, to - offset));
      out.set(slice, at);
      at += slice.length;
    }
    offset = partEnd;
    if (offset >= to) break;
  }
  return at;
}

function byteAt(stream: Stream, index: number): number {
  const scratch = new Uint8Array(1);
  copyRange(stream, index, index + 1, scratch, 0);
  return scratch[0]!;
}

function readUint32(stream: Stream, index: number): number {
  const scratch = Buffer.alloc(4);
  copyRange(stream, index, index + 4, scratch, 0);
  return scratch.readUInt32BE(0);
}

function writeChunk(out: Buffer, at: number, type: string, data: Uint8Array[]): number {
  const size = data.reduce((sum, part) => sum + part.length, 0);
  out.writeUInt32BE(size, at);
  out.write(type, at + 4, 'latin1');
  let end = at + 8;
  for (const part of data) {
    out.set(part, end);
    end += part.length;
  }
  out.writeUInt32BE(crc32(out.subarray(at + 4, end)), end);
  return end + 4;
}
