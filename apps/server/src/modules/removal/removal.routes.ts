import { removalHeaders } from '@cutout/contracts';
import type { RemovalResult } from '@cutout/engine';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { StoreService } from '../store/store.service.ts';
import type { ApiKeyService } from './api-keys.service.ts';
import { actionFailed, type RemovalRequest, type RemovalService } from './removal.service.ts';
import { type RemovalInput, readRemovalInput } from './removal-input.ts';

/** Large enough for a 32 MB image as base64 in a JSON body. */
const removalBodyLimit = 48 * 1024 * 1024;

function sizeLimitHeader(stores: StoreService): string {
  const c = stores.constants();
  return `previewWidth=${c.previewWidth},previewHeight=${c.previewHeight},fullWidth=${c.maxWidth},fullHeight=${c.maxHeight}`;
}

/** Sends a result with the headers of SPEC §7.2 and remove.bg's (X-Width, X-Foreground-*, the cost). */
function sendResult(reply: FastifyReply, result: RemovalResult, cost: number, sizeLimit: string) {
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
    .header('cache-control', 'no-store')
    .type(result.mime)
    .send(result.bytes);
}

/** Field names of the execute call (SPEC §7.2) and of the public API (remove.bg's) to one request. */
function toRemovalRequest(
  input: RemovalInput,
  who: Pick<RemovalRequest, 'user' | 'apiKeyId'>,
): RemovalRequest {
  const { fields, files } = input;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  return {
    ...who,
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
  };
}

/** POST /api/stores/actions/{id}/execute: the web app's call. */
export async function executeRoutes(
  app: FastifyInstance,
  options: { removal: RemovalService; stores: StoreService; actionId: string },
): Promise<void> {
  app.post('/:actionId/execute', { bodyLimit: removalBodyLimit }, async (request, reply) => {
    if ((request.params as { actionId: string }).actionId !== options.actionId)
      throw new DomainError('NOT_FOUND');
    const input = await readRemovalInput(request);
    const { result, cost } = await options.removal.execute(
      toRemovalRequest(input, { user: request.user, apiKeyId: null }),
    );
    return sendResult(reply, result, cost, sizeLimitHeader(options.stores));
  });
}

/** The public API under /api/v1: remove.bg's parameter names, X-Access-Token keys, per-key rate limits. */
export async function publicApiRoutes(
  app: FastifyInstance,
  options: {
    removal: RemovalService;
    stores: StoreService;
    apiKeys: ApiKeyService;
    billing: BillingService;
    limiter: RateLimiter;
    requestsPerMinute: number;
  },
): Promise<void> {
  app.decorateRequest('apiKeyId', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const value = (request.headers['x-access-token'] ?? request.headers['x-api-key']) as string | undefined;
    let caller = `ip:${request.ip}`;
    if (value) {
      const found = await options.apiKeys.authenticate(value);
      if (!found) throw actionFailed(100, undefined, 403);
      request.user = found.user;
      request.apiKeyId = found.keyId;
      caller = `key:${found.keyId}`;
    }
    const verdict = await options.limiter.hit(`api:${caller}`, {
      limit: options.requestsPerMinute,
      windowMs: 60_000,
    });
    reply.headers({
      'x-ratelimit-limit': String(options.requestsPerMinute),
      'x-ratelimit-remaining': String(verdict.remaining),
      'x-ratelimit-reset': String(verdict.resetAt),
    });
    if (!verdict.allowed) {
      throw new DomainError('RATE_LIMITED', {
        params: { seconds: verdict.retryAfterSeconds },
        headers: { 'retry-after': String(verdict.retryAfterSeconds) },
      });
    }
  });

  app.post('/removebg', { bodyLimit: removalBodyLimit }, async (request, reply) => {
    const input = await readRemovalInput(request);
    const who = { user: request.user ?? null, apiKeyId: request.apiKeyId };
    const removal = toRemovalRequest(input, who);
    // Without a key only previews (SPEC §6): a full size asks for the key, not for a login.
    const size = typeof removal.options.size === 'string' ? removal.options.size : 'full';
    if (!who.user && !['preview', 'small', 'regular'].includes(size)) {
      throw actionFailed(101, undefined, 401);
    }
    const { result, cost } = await options.removal.execute(removal);
    return sendResult(reply, result, cost, sizeLimitHeader(options.stores));
  });

  app.get('/account', async (request) => {
    if (!request.user) throw actionFailed(101, undefined, 401);
    const litres = await options.billing.balance(request.user.id);
    return { data: { attributes: { litres } } };
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a public API call, when one was sent. */
    apiKeyId: string | null;
  }
}
