import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.ts';

/** A client's request id is echoed only when it is short and plain; otherwise the server makes one. */
const plainRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(header: string | string[] | undefined, make: () => string): string {
  return typeof header === 'string' && plainRequestId.test(header) ? header : make();
}

/** The path of the first string holding a NUL character (PostgreSQL cannot store one), or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000')
      ? `${path}${key}`
      : findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a NUL character anywhere in a request's query, path or JSON body with a 400 naming the
 * field, before any handler sees it: no text column can store one, so it would end in a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path) {
        throw new DomainError('VALIDATION_ERROR', {
          details: { context, issues: [{ path, message: 'error_invalid_characters' }] },
        });
      }
    }
  });
}
