import { type PublicApiError, type PublicApiErrorBody, publicErrorOf } from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainError } from '../../platform/errors.ts';
import { errorBodyOf } from '../../platform/http/errors.ts';

/**
 * Sends an error of the public API in remove.bg's shape (`{"errors":[{status, code, title, detail}]}`)
 * with remove.bg's statuses (400 input, 402 credits, 403 key, 429 rate), so that its clients read
 * ours; `meta` keeps our SPEC §8 code and number, `detail` is in the caller's language.
 */
export function sendPublicApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: DomainError,
): FastifyReply {
  const { headers, details } = error.options;
  const action =
    error.code === 'ACTION_FAILED' ? (details as { errorCode?: number; value?: string | number }) : undefined;
  const { status, code, title } = publicErrorOf(error.code, action);
  const item: PublicApiError = {
    status: String(status),
    code,
    title,
    detail: errorBodyOf(request, error).message,
    meta: {
      code: error.code,
      ...(action?.errorCode === undefined ? {} : { errorCode: action.errorCode }),
      ...(action?.value === undefined ? {} : { value: action.value }),
    },
  };
  const body: PublicApiErrorBody = { errors: [item], requestId: request.id };
  if (headers) reply.headers(headers);
  // Any page may call this API (its CORS scope allows every origin): so may it read its errors,
  // also those of the router, answered outside that scope.
  reply.header('access-control-allow-origin', '*');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
