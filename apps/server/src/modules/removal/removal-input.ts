import { finished } from 'node:stream/promises';
import { actionErrorCodes, imageLimits } from '@cutout/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import { actionFailed } from './removal.service.ts';

/**
 * A request's fields and files (bytes), from a multipart form or a JSON body. A field is a string,
 * or, when it was repeated or was not a scalar in JSON, what was sent: the engine names its error (105).
 */
export interface RemovalInput {
  fields: Record<string, unknown>;
  files: Record<string, Buffer>;
}

const { maxFileBytes } = imageLimits;

/**
 * The form's limits. An image may come as a file or as base64 text: both are read as streams with a
 * limit of their own, so that an ordinary field stays small and an unknown field of 40 MB is refused
 * after its first 64 KB instead of being held.
 */
const removalFormLimits = {
  fields: 30,
  fieldBytes: 64 * 1024,
  /** A 32 MB image as base64 (4/3 of it), with room for a data: prefix and line breaks. */
  base64Bytes: 48 * 1024 * 1024,
  files: 4,
} as const;

/** Parts read as streams whatever their headers say, each with its limit and its error code past it. */
const streamedParts = new Map<string, { maxBytes: number; code: 103 | 114; text: boolean }>([
  ['image_file', { maxBytes: maxFileBytes, code: 103, text: false }],
  ['bg_image_file', { maxBytes: maxFileBytes, code: 114, text: false }],
  ['image_file_b64', { maxBytes: removalFormLimits.base64Bytes, code: 103, text: true }],
  ['bg_image_file_b64', { maxBytes: removalFormLimits.base64Bytes, code: 114, text: true }],
]);

const tooManyParts = () =>
  new DomainError('FORM_TOO_MANY_PARTS', {
    params: { fields: removalFormLimits.fields, files: removalFormLimits.files },
  });

/**
 * Reads the multipart form (or JSON object) of the execute call and the public API. A file over
 * 32 MB stops the upload at the limit and answers error 103; the image is never held twice. A form
 * that cannot be read, has too many parts or a field over 64 KB is refused with its own code.
 */
export async function readRemovalInput(request: FastifyRequest): Promise<RemovalInput> {
  if (!request.isMultipart()) return readJsonBody(request.body);
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  const count = { fields: 0, files: 0 };
  try {
    const parts = request.parts({
      isPartAFile: (name, _contentType, fileName) =>
        fileName !== undefined || (name !== undefined && streamedParts.has(name)),
      // One over our own counts, so that we refuse the part past a limit ourselves: the parser
      // would stop in the middle of a file instead.
      limits: {
        fields: removalFormLimits.fields + 1,
        fieldSize: removalFormLimits.fieldBytes,
        files: removalFormLimits.files + 1,
        fileSize: removalFormLimits.base64Bytes + 1,
      },
    });
    // The parser has started reading the body: watch it from here on.
    const closed = watchForClose(request);
    for await (const part of parts) {
      if (part.type === 'file') {
        count.files += 1;
        if (count.files > removalFormLimits.files) throw tooManyParts();
        const rule = streamedParts.get(part.fieldname);
        if (!rule) {
          // A file nobody asked for is read past, not kept.
          part.file.resume();
          await finished(part.file);
          continue;
        }
        // The same image twice (two files under one name): refused, not the last one kept.
        if (files[part.fieldname] !== undefined || fields[part.fieldname] !== undefined) {
          throw actionFailed(actionErrorCodes.multipleSources, `${part.fieldname}, ${part.fieldname}`);
        }
        const bytes = await readLimited(part.file, rule.maxBytes);
        if (!bytes) throw actionFailed(rule.code, maxFileBytes);
        if (rule.text) fields[part.fieldname] = bytes.toString('latin1');
        else files[part.fieldname] = bytes;
      } else {
        count.fields += 1;
        if (count.fields > removalFormLimits.fields) throw tooManyParts();
        // The parser cuts a longer value at the limit: a cut value is refused, never used.
        if (part.valueTruncated) {
          throw new DomainError('FORM_FIELD_TOO_LARGE', {
            params: { field: part.fieldname, limit: removalFormLimits.fieldBytes },
          });
        }
        const value = String(part.value ?? '');
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
    // A body cut off before the form's end leaves the parser without an error: a part that never
    // came would be reported missing (108) instead.
    if (!closed()) throw new DomainError('MALFORMED_FORM');
  } catch (error) {
    throw formError(error);
  }
  return { fields, files };
}

/**
 * Watches the body for the form's closing delimiter (`--boundary--`), which the multipart parser
 * does not insist on: it ends a form cut off before it as if it were whole. Returns whether it was
 * seen, and stops watching. The parser refuses a content type without a boundary itself.
 */
function watchForClose(request: FastifyRequest): () => boolean {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  if (!boundary) return () => true;
  const close = Buffer.from(`--${boundary[1] ?? boundary[2]}--`);
  let seen = false;
  // The end of the previous chunk, for a delimiter split between two.
  let carry = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    if (seen) return;
    seen =
      chunk.includes(close) ||
      (carry.length > 0 && Buffer.concat([carry, chunk.subarray(0, close.length - 1)]).includes(close));
    const joined = chunk.length >= close.length - 1 ? chunk : Buffer.concat([carry, chunk]);
    carry = Buffer.from(joined.subarray(Math.max(0, joined.length - (close.length - 1))));
  };
  request.raw.on('data', onData);
  return () => {
    request.raw.off('data', onData);
    return seen;
  };
}

function readJsonBody(body: unknown): RemovalInput {
  // Fastify reads text/plain as a string: not a form nor a JSON object, so not ours to guess at.
  if (typeof body === 'string') throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[name] = String(value);
    } else if (value !== null && value !== undefined) {
      fields[name] = value;
    }
  }
  return { fields, files: {} };
}

/** The bytes of a part, or null once it passes `maxBytes`: reading stops there and nothing is held. */
async function readLimited(stream: MultipartFile['file'], maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return stream.truncated ? null : Buffer.concat(chunks);
}

/** What the parser threw, as the caller's error: a form that cannot be read is theirs, not ours. */
function formError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return tooManyParts();
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return actionFailed(103, maxFileBytes);
  // The multipart parser throws plain Errors for what it cannot read (no boundary, a part cut
  // short) and coded ones for a field it refuses; a stream closed early is a form cut short.
  const unreadable =
    (error instanceof Error && Object.getPrototypeOf(error) === Error.prototype) ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_INVALID_JSON_FIELD_ERROR';
  return unreadable ? new DomainError('MALFORMED_FORM') : error;
}
