import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';

/** The header an operator's tools send the operator token in. */
export const operatorTokenHeader = 'x-operator-token';

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/**
 * A guard for the calls that change the catalogue's data (segments, their mappings): they need
 * the operator token (OPERATOR_TOKEN) in the x-operator-token header. Without a configured token
 * they are off for everyone. Compared as digests in constant time.
 */
export function createOperatorGuard(token: string | undefined) {
  const expected = token ? digestOf(token) : null;
  return function requireOperator(request: FastifyRequest): void {
    const given = request.headers[operatorTokenHeader];
    if (!expected || typeof given !== 'string' || !timingSafeEqual(digestOf(given), expected))
      throw new DomainError('FORBIDDEN');
  };
}

export type OperatorGuard = ReturnType<typeof createOperatorGuard>;
