import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { actionFailed } from './removal.service.ts';

/**
 * A request's fields and files (bytes), from a multipart form or a JSON body. A field is a string,
 * or, when it was repeated or was not a scalar in JSON, what was sent: the engine names its error (105).
 */
export interface RemovalInput {
  fields: Record<string, unknown>;
  files: Record<string, Buffer>;
}

const maxFileBytes = 32 * 1024 * 1024;

/**
 * Reads the multipart form (or JSON object) of the execute call and the public API. A file over
 * 32 MB stops the upload at the limit and answers error 103; the image is never held twice.
 */
export async function readRemovalInput(request: FastifyRequest): Promise<RemovalInput> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        fields[name] = String(value);
      } else if (value !== null && value !== undefined) {
        fields[name] = value;
      }
    }
    return { fields, files };
  }
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes, files: 2, fields: 30, fieldSize: 48 * 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        const tooBig = () => actionFailed(part.fieldname.startsWith('bg_') ? 114 : 103, maxFileBytes);
        const bytes = await part.toBuffer().catch((error: { code?: string }) => {
          throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooBig() : error;
        });
        if (part.file.truncated) throw tooBig();
        files[part.fieldname] = bytes;
      } else {
        const value = String(part.value ?? '');
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw actionFailed(113, 'too many parts in the form');
    }
    throw error;
  }
  return { fields, files };
}
