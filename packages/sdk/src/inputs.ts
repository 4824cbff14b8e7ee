import { imageLimits } from '@cutout/contracts';
import { decodedLength } from './base64.ts';
import type { ImageBytes, ImageInput } from './types.ts';

/** An image ready for the form: a file part, base64 text or a URL. */
export type ImagePart =
  | { kind: 'file'; blob: Blob; filename: string }
  | { kind: 'base64'; text: string }
  | { kind: 'url'; url: string };

const { maxFileBytes } = imageLimits;

/** The RangeError of an image over the API's limit (`what`: "the image", a path), thrown before any request. */
export function tooLarge(what: string): RangeError {
  return new RangeError(
    `${what} is larger than the API's limit of ${maxFileBytes / 1024 / 1024} MB (${maxFileBytes} bytes)`,
  );
}

/**
 * Reads an input into what the form sends. A stream is read once, and no further than the 32 MB
 * limit; anything over it throws a RangeError. `what` names the image in errors and file names.
 */
export async function readImageInput(input: ImageInput, what: 'image' | 'background'): Promise<ImagePart> {
  if (isBytes(input)) return filePart(bytesToBlob(input), undefined, what);
  if (input && typeof input === 'object') {
    if ('file' in input) {
      const { file, filename } = input;
      const blob = isBytes(file) ? bytesToBlob(file) : await readStream(file, what);
      return filePart(blob, filename, what);
    }
    if ('base64' in input && typeof input.base64 === 'string') {
      if (decodedLength(input.base64) > maxFileBytes) throw tooLarge(`The ${what}`);
      return { kind: 'base64', text: input.base64 };
    }
    if ('url' in input && typeof input.url === 'string') return { kind: 'url', url: input.url };
  }
  throw new TypeError(
    `Unsupported ${what} input: give a Blob, Uint8Array, ArrayBuffer, { file }, { base64 } or { url }`,
  );
}

function filePart(blob: Blob, filename: string | undefined, what: string): ImagePart {
  if (blob.size > maxFileBytes) throw tooLarge(`The ${what}`);
  const named = (blob as Blob & { name?: unknown }).name;
  return { kind: 'file', blob, filename: filename ?? (typeof named === 'string' && named ? named : what) };
}

function isBytes(value: unknown): value is ImageBytes {
  return value instanceof Blob || value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

function bytesToBlob(bytes: ImageBytes): Blob {
  if (bytes instanceof Blob) return bytes;
  if (bytes instanceof ArrayBuffer) return new Blob([bytes]);
  // The Blob copies the bytes; only a view of shared memory must be copied first.
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Blob([view.buffer instanceof ArrayBuffer ? (view as Uint8Array<ArrayBuffer>) : copyOf(view)]);
}

/** A copy on a plain ArrayBuffer, for a view of shared memory or a chunk its stream may reuse. */
function copyOf(view: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}

/** Reads a stream or async iterable into a Blob, refusing (and cancelling it) past the limit. */
async function readStream(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  what: string,
): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const take = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > maxFileBytes) return false;
    chunks.push(copyOf(chunk));
    return true;
  };
  if ('getReader' in source && typeof source.getReader === 'function') {
    const reader = source.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!take(value)) {
        await reader.cancel().catch(() => {});
        throw tooLarge(`The ${what}`);
      }
    }
  } else {
    // Leaving the loop early closes the iterator (its return()), so the source stops.
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      if (!take(chunk)) throw tooLarge(`The ${what}`);
    }
  }
  return new Blob(chunks);
}
