import type { IncomingMessage } from 'node:http';
import { actionErrorCodes, type LitreSummary, publicApiHeaders, removalHeaders } from '@cutout/contracts';
import type { RemovalResult } from '@cutout/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import { errorHandler } from '../../platform/http/errors.ts';
import {
  type RateLimiter,
  type RateRule,
  type RateVerdict,
  refuseWhenLimited,
} from '../../platform/rate-limit.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';
import type { LitreService } from '../ledger/litres.service.ts';
import type { StoreService } from '../store/store.service.ts';
import { sendPublicApiError } from './public-api-errors.ts';
import {
  actionFailed,
  type RemovalOutcome,
  type RemovalRequest,
  type RemovalService,
} from './removal.service.ts';
import { type RemovalInput, readRemovalInput } from './removal-input.ts';

/** Large enough for a 32 MB image as base64 in a JSON body. */
const removalBodyLimit = 48 * 1024 * 1024;

/** Previews without an account, per client address: each one costs a network run. */
const visitorPreviews: RateRule = { limit: 30, windowMs: 60_000 };

/** Wrong API keys per client address before every key from it is refused for a while, unread. */
const wrongApiKeys: RateRule = { limit: 10, windowMs: 10 * 60_000 };

/** How long a refused request's upload is waited for before its connection is let go. */
const drainTimeoutMs = 15_000;

/**
 * Reads what is left of a request's body and drops it: at most `maxBytes` or `timeoutMs`, after
 * which the rest is dropped as it comes and the connection closes when the answer is sent.
 */
async function drained(raw: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<void> {
  if (raw.complete || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) done();
    };
    const timer = setTimeout(done, timeoutMs);
    raw.on('data', count).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

/** The X-RateLimit headers of a verdict under a limit of `limit` hits a window. */
function rateLimitHeaders(limit: number, verdict: RateVerdict): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(verdict.remaining),
    'x-ratelimit-reset': String(verdict.resetAt),
  };
}

function sizeLimitHeader(stores: StoreService): string {
  const c = stores.constants();
  return `previewWidth=${c.previewWidth},previewHeight=${c.previewHeight},fullWidth=${c.maxWidth},fullHeight=${c.maxHeight}`;
}

/**
 * Sends a result with the headers of SPEC §7.2 and remove.bg's (X-Width, X-Foreground-*, the cost).
 * A result repeated for a retried Idempotency-Key says so, with the cost its first answer had.
 */
function sendResult(reply: FastifyReply, { result, cost, replayed }: RemovalOutcome, sizeLimit: string) {
  if (replayed) reply.header(publicApiHeaders.idempotentReplayed, 'true');
  return reply
    .header(removalHeaders.cost, String(cost))
    .header(removalHeaders.creditsCharged, String(cost))
    .header(removalHeaders.sizeLimit, sizeLimit)
    .header(removalHeaders.width, String(result.width))
    .header(removalHeaders.height, String(result.height))
    .header(removalHeaders.foregroundTop, String(result.foreground.y))
    .header(removalHeaders.foregroundLeft, String(result.foreground.x))
    .header(removalHeaders.foregroundWidth, String(result.foreground.width))
    .header(removalHeaders.foregroundHeight, String(result.foreground.height))
    .header(removalHeaders.processingTime, String(Math.round(reply.elapsedTime)))
    .header('cache-control', 'no-store')
    .type(result.mime)
    .send(result.bytes);
}

/**
 * remove.bg's JSON answer is chosen by the Accept header as well as by output_format: JSON when the
 * caller's first preference is application/json and it lists no image type.
 */
function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept
    .split(',')
    .map((entry) => {
      const [type = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0);
  if (types.some((entry) => entry.type.startsWith('image/'))) return false;
  const best = Math.max(...types.map((entry) => entry.q));
  return types.find((entry) => entry.q === best)?.type === 'application/json';
}

/**
 * X-Type, remove.bg's foreground type: the engine's `result.type` (the named type, or the detected
 * one for `auto`; none for type_level=none). An engine that gives no type (classifier off or
 * unavailable, or an inference worker of an older release) still has the named type echoed.
 */
function foregroundType(result: RemovalResult, fields: Record<string, unknown>): string | null {
  if (result.type) return result.type;
  const type = typeof fields.type === 'string' ? fields.type.trim().toLowerCase() : '';
  const level = typeof fields.type_level === 'string' ? fields.type_level.trim().toLowerCase() : '';
  return type && type !== 'auto' && level !== 'none' ? type : null;
}

/**
 * An image (or a background) comes one way: a file, base64 text or a URL, once. Two are refused
 * (125, naming them) rather than one picked silently; a file part sent twice is refused as it is read.
 */
function oneSource({ fields, files }: RemovalInput, names: string[]) {
  const given = names.filter((name) => files[name] !== undefined || (fields[name] ?? '') !== '');
  if (given.length > 1 || given.some((name) => Array.isArray(fields[name]))) {
    throw actionFailed(actionErrorCodes.multipleSources, given.join(', '));
  }
}

/** Field names of the execute call (SPEC §7.2) and of the public API (remove.bg's) to one request. */
function toRemovalRequest(
  request: FastifyRequest,
  input: RemovalInput,
  who: Pick<RemovalRequest, 'user' | 'apiKeyId' | 'credential'>,
): RemovalRequest {
  const { fields, files } = input;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  oneSource(input, ['image_file', 'image_file_b64', 'image_file_url', 'image_url']);
  oneSource(input, ['bg_image_file', 'bg_image_file_b64', 'bg_image_file_url', 'bg_image_url']);
  return {
    ...who,
    client: request.ip,
    log: request.log,
    image: {
      file: files.image_file,
      base64: text('image_file_b64'),
      url: text('image_file_url') ?? text('image_url'),
    },
    background: {
      file: files.bg_image_file,
      base64: text('bg_image_file_b64'),
      url: text('bg_image_file_url') ?? text('bg_image_url'),
    },
    options: fields,
    idempotencyKey: request.headers[publicApiHeaders.idempotencyKey],
  };
}

/** POST /api/stores/actions/{id}/execute: the web app's call. */
export async function executeRoutes(
  app: FastifyInstance,
  options: { removal: RemovalService; stores: StoreService; limiter: RateLimiter; actionId: string },
): Promise<void> {
  app.post('/:actionId/execute', { bodyLimit: removalBodyLimit }, async (request, reply) => {
    if ((request.params as { actionId: string }).actionId !== options.actionId)
      throw new DomainError('NOT_FOUND');
    if (!request.user) {
      refuseWhenLimited(await options.limiter.hit(`preview:${request.ip}`, visitorPreviews));
    }
    const input = await readRemovalInput(request);
    // The web app shows no foreground type: unless it asks, no detection runs for it.
    if ((input.fields.type_level ?? '') === '') input.fields.type_level = 'none';
    const outcome = await options.removal.execute(
      toRemovalRequest(request, input, { user: request.user, apiKeyId: null, credential: 'session' }),
    );
    return sendResult(reply, outcome, sizeLimitHeader(options.stores));
  });
}

/** The public API under /api/v1: remove.bg's parameter names, X-Access-Token keys, per-key rate limits. */
export async function publicApiRoutes(
  app: FastifyInstance,
  options: {
    removal: RemovalService;
    stores: StoreService;
    apiKeys: ApiKeyService;
    litres: LitreService;
    limiter: RateLimiter;
    requestsPerMinute: number;
  },
): Promise<void> {
  app.decorateRequest('apiKeyId', null);
  app.decorateRequest('user', null);
  // remove.bg's clients may send a URL-encoded form (curl --data "image_url=…&size=…"): its fields
  // are read as a JSON body's are (a repeated one as a list, which the options refuse).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: removalBodyLimit },
    (_request, body, done) => {
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const previous = fields[name];
        fields[name] = previous === undefined ? value : [...[previous].flat(), value];
      }
      done(null, fields);
    },
  );
  app.setErrorHandler(errorHandler({ bodyLimit: removalBodyLimit, send: sendPublicApiError }));
  app.addHook('onRequest', async (request, reply) => {
    try {
      await admit(request, reply);
    } catch (error) {
      // Refused before its body was read: the answer waits for the upload, or a client still
      // writing it loses the answer to a connection closed under it (EPIPE) and cannot tell why.
      await drained(request.raw, removalBodyLimit, drainTimeoutMs);
      throw error;
    }
  });

  /** Who calls (their key, else their address), within the limits of each. */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    const value = (request.headers['x-access-token'] ?? request.headers['x-api-key']) as string | undefined;
    let caller = `ip:${request.ip}`;
    if (value) {
      // Guessing keys is slowed per address; the lock holds before any key is looked up. Only a
      // wrong key counts: a client sends many right ones at once, which counting up front would
      // refuse; parallel wrong ones may each pass the lock once, against keys of 256 random bits.
      const failures = `api-key-failures:${request.ip}`;
      const lock = await options.limiter.peek(failures, wrongApiKeys);
      // A locked-out client reads when it may try again as from any other limit of this API.
      if (!lock.allowed) reply.headers(rateLimitHeaders(wrongApiKeys.limit, lock));
      refuseWhenLimited(lock);
      const found = await options.apiKeys.authenticate(value);
      if (!found) {
        // How many wrong keys this address has left, as every answer of this API tells its limit.
        reply.headers(
          rateLimitHeaders(wrongApiKeys.limit, await options.limiter.hit(failures, wrongApiKeys)),
        );
        throw actionFailed(100, undefined, 403);
      }
      request.user = found.user;
      request.apiKeyId = found.keyId;
      caller = `key:${found.keyId}`;
    }
    const verdict = await options.limiter.hit(`api:${caller}`, {
      limit: options.requestsPerMinute,
      windowMs: 60_000,
    });
    reply.headers(rateLimitHeaders(options.requestsPerMinute, verdict));
    refuseWhenLimited(verdict);
  }

  app.post('/removebg', { bodyLimit: removalBodyLimit }, async (request, reply) => {
    const input = await readRemovalInput(request);
    const { fields } = input;
    if ((fields.output_format ?? '') === '' && prefersJson(request.headers.accept))
      fields.output_format = 'json';
    // remove.bg's documented default: a client that names no size gets a free preview, not a charge.
    if ((fields.size ?? '') === '') fields.size = 'preview';
    // And its format: png where the result has transparency, jpg where it is opaque (a bg_color).
    if ((fields.format ?? '') === '') fields.format = 'auto';
    // Without a key only previews (SPEC §6): the service asks a full size for the key (101).
    const who = { user: request.user ?? null, apiKeyId: request.apiKeyId, credential: 'apiKey' as const };
    const outcome = await options.removal.execute(toRemovalRequest(request, input, who));
    const type = foregroundType(outcome.result, fields);
    if (type) reply.header('x-type', type);
    return sendResult(reply, outcome, sizeLimitHeader(options.stores));
  });

  app.get('/account', async (request) => {
    if (!request.user) throw actionFailed(101, undefined, 403);
    const [litres, summary] = await Promise.all([
      options.litres.balance(request.user),
      options.litres.summary(request.user),
    ]);
    const credits = accountCredits(summary);
    return {
      data: { attributes: { litres, credits, api: { free_calls: litres.free, sizes: 'all' as const } } },
    };
  });
}

/**
 * The balance as remove.bg's clients read it: `total` is every litre there is (what full sizes can
 * be paid with), `subscription` a plan's, `payg` all the rest: bought, given, adjusted, and the
 * month's free litres, which pay for full sizes here as bought ones do. So total = subscription +
 * payg + enterprise; `api.free_calls` says how many of `payg` are the month's free litres.
 */
export function accountCredits(summary: LitreSummary) {
  const plan = summary.lots
    .filter((lot) => lot.source === 'plan')
    .reduce((sum, lot) => sum + lot.quantity, 0);
  return { total: summary.total, subscription: plan, payg: summary.total - plan, enterprise: 0 };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a public API call, when one was sent. */
    apiKeyId: string | null;
  }
}
