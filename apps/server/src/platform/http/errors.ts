import { type ErrorBody, type ErrorCode, errorStatus, type Language } from '@cutout/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { z } from 'zod';
import { actionMessage, errorMessage, fieldMessage } from '../error-messages.ts';
import { DomainError } from '../errors.ts';
import { languageOf } from './context.ts';

const httpMethods: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The one error body of the API, its message in the request's language. */
export function errorBodyOf(request: FastifyRequest, error: DomainError): ErrorBody {
  const { details, params, message } = error.options;
  return {
    code: error.code,
    message: message ?? errorMessage(error.code, request.language, params),
    ...(details === undefined ? {} : { details }),
    requestId: request.id,
  };
}

/**
 * A request Fastify cannot route: its path's percent-encoding does not decode (`/ru/%E0%A4%A`). A
 * page of the site goes to the site's not-found page in its language; anything else gets the API's
 * NOT_FOUND, never Fastify's own English body.
 */
export function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Unrouted, the request missed the hooks that read its language.
  if (!request.language) request.language = languageOf(request);
  if (error.code !== 'FST_ERR_BAD_URL') return sendError(request, reply, new DomainError('BAD_REQUEST'));
  const [, first] = (request.url.split('?')[0] ?? '').split('/');
  if (first === 'en' || first === 'ru') return reply.redirect(`/${first}/not-found`, 302);
  return sendError(request, reply, new DomainError('NOT_FOUND'));
}

/** Sends the one error body of the API. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  const { headers } = error.options;
  if (headers) reply.headers(headers);
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBodyOf(request, error));
}

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
};

/**
 * A VALIDATION_ERROR whose issues carry a translation key and its message; the first known
 * message becomes the error's own, so that a client can show it as it is.
 */
export function validationError(
  issues: Array<{ path: string; message: string; schemaIssue?: SchemaIssue }>,
  language: Language,
  context?: string,
): DomainError {
  const translated = issues.map((issue) => {
    const known = fieldMessage(issue.message, language);
    if (known) return { path: issue.path, key: issue.message, message: known, known: true };
    // A schema's own check (a number out of range, an unknown field) with the validator's text,
    // not a key of ours: its code is the key, its message the validator's in the request's language.
    if (issue.schemaIssue && !/^[a-z][a-z0-9_]*$/.test(issue.message))
      return {
        path: issue.path,
        key: issue.schemaIssue.code,
        message: schemaIssueMessage(issue.schemaIssue, issue.message, language),
        known: false,
      };
    return { path: issue.path, key: issue.message, message: issue.message, known: false };
  });
  const first = translated.find((issue) => issue.known);
  return new DomainError('VALIDATION_ERROR', {
    details: {
      ...(context ? { context } : {}),
      issues: translated.map(({ known: _known, ...issue }) => issue),
    },
    ...(first ? { message: first.message } : {}),
  });
}

/** A schema validator's issue: its code and parameters (zod's, as fastify-type-provider-zod passes them). */
export interface SchemaIssue {
  code: string;
  params: Record<string, unknown>;
}

const russianSchemaMessages = z.locales.ru();
const russianTypes: Record<string, string> = {
  number: 'число',
  int: 'целое число',
  string: 'строка',
  boolean: 'true или false',
  object: 'объект',
  array: 'массив',
};

/** The validator's message in English as it is; in Russian from zod's Russian locale. */
function schemaIssueMessage(issue: SchemaIssue, english: string, language: Language): string {
  if (language === 'en') return english;
  // The issues reach us without the input, which zod's Russian text of a wrong type would name.
  if (issue.code === 'invalid_type') {
    const expected = String(issue.params.expected ?? '');
    return `Неверный тип: ожидается ${russianTypes[expected] ?? expected}`;
  }
  const localized = russianSchemaMessages.localeError({ ...issue.params, code: issue.code } as never);
  const text = typeof localized === 'string' ? localized : localized?.message;
  return text ?? english;
}

/** Turns anything a handler threw into a DomainError; unexpected faults become INTERNAL_ERROR. */
function toDomainError(error: FastifyError, bodyLimit: number, language: Language): DomainError {
  // `bodyLimit`: the limit of the route that refused the body (routes may raise the app's own).
  if (error instanceof DomainError) {
    // A service names the failing fields by key; their messages are chosen here, in the caller's language.
    const issues = (error.options.details as { issues?: Array<{ path: string; message: string }> })?.issues;
    if (error.code === 'VALIDATION_ERROR' && issues && !error.options.message)
      return validationError(issues, language);
    const action = error.options.details as { errorCode?: number; value?: string | number } | undefined;
    if (error.code === 'ACTION_FAILED' && action?.errorCode && !error.options.message) {
      const message = actionMessage(action.errorCode, language, action.value);
      if (message) return new DomainError(error.code, { ...error.options, message });
    }
    return error;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'invalid',
        schemaIssue: { code: issue.keyword, params: issue.params as Record<string, unknown> },
      })),
      language,
      error.validationContext,
    );
  }
  const mapped = error.code ? fastifyCodes[error.code] : undefined;
  if (mapped === 'PAYLOAD_TOO_LARGE') return new DomainError(mapped, { params: { limit: bodyLimit } });
  if (mapped) return new DomainError(mapped);
  if (error instanceof SyntaxError && error.statusCode === 400) return new DomainError('MALFORMED_JSON');
  const status = error.statusCode ?? 500;
  if (status === 429) return new DomainError('RATE_LIMITED', { params: { seconds: 60 } });
  if (status >= 400 && status < 500) {
    const code = (Object.keys(errorStatus) as ErrorCode[]).find((key) => errorStatus[key] === status);
    return new DomainError(code ?? 'BAD_REQUEST');
  }
  return new DomainError('INTERNAL_ERROR');
}

export type ErrorSender = (request: FastifyRequest, reply: FastifyReply, error: DomainError) => FastifyReply;

/**
 * An error handler: logs what was refused (and, loudly, what failed unexpectedly), maps it to a
 * DomainError and sends it with `send` (the API's one body by default; a scope may speak a dialect).
 */
export function errorHandler(options: { bodyLimit: number; send?: ErrorSender }) {
  const send = options.send ?? sendError;
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const domainError = toDomainError(
      error,
      request.routeOptions.bodyLimit ?? options.bodyLimit,
      request.language,
    );
    if (domainError.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ code: domainError.code }, 'request refused');
    // Refused before its body was read to the end (a file over the limit): what is left of it would
    // be read as the next request, so this connection carries no other.
    if (request.raw.complete === false) reply.header('connection', 'close');
    return send(request, reply, domainError);
  };
}

/**
 * One error model for every route: domain errors, Fastify's own errors (body too large, bad
 * JSON, validation), 405 for a known path with another verb, and JSON 404 under /api.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: {
    bodyLimit: number;
    fallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    /**
     * The sender of a path's 404 and 405 where an API answers errors in a shape of its own (the
     * public API's remove.bg shape); sendError elsewhere.
     */
    senderOf?: (path: string) => ErrorSender | null;
  },
): void {
  const knownRoutes = FindMyWay();
  app.addHook('onRoute', (route) => {
    // The static files' catch-all would make every path look known.
    if (route.url === '/*') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!httpMethods.includes(method as HTTPMethod)) continue;
      try {
        knownRoutes.on(method as HTTPMethod, route.url, () => {});
      } catch {
        // The same route seen twice (a HEAD route added for a GET) is already known.
      }
    }
  });

  app.setErrorHandler(errorHandler({ bodyLimit: options.bodyLimit }));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const send = options.senderOf?.(path) ?? sendError;
    // A CORS preflight's catch-all (OPTIONS /prefix/*) makes no path known.
    const allowed = httpMethods.filter(
      (method) => method !== 'OPTIONS' && knownRoutes.find(method, path) !== null,
    );
    if (allowed.length > 0) {
      return send(
        request,
        reply,
        new DomainError('METHOD_NOT_ALLOWED', {
          params: { method: request.method },
          headers: { allow: allowed.join(', ') },
        }),
      );
    }
    const isApi = path === '/api' || path.startsWith('/api/') || send !== sendError;
    if (!isApi && options.fallback && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.fallback(request, reply);
    }
    return send(request, reply, new DomainError('NOT_FOUND'));
  });
}
