import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { actionErrorCodes } from '@cutout/contracts';
import {
  decodeBase64Image,
  type Engine,
  EngineError,
  LIMITS,
  parseRemovalOptions,
  type RemovalResult,
} from '@cutout/engine';
import { DomainError } from '../../platform/errors.ts';
import { FetchRefused, type SafeFetchOptions, safeFetch } from '../../platform/http/safe-fetch.ts';
import type { LitreHolder } from '../ledger/litres.service.ts';
import type { IdempotencyClaim, RemovalRepo } from './removal.repo.ts';
import {
  keyInUse,
  type RemoveBackgroundInput,
  type RemoveBackgroundWorkflow,
} from './remove-background.workflow.ts';

/** One image source: a file, base64 text or a URL; the first one given wins. */
export interface ImageSource {
  file?: Buffer;
  base64?: string;
  url?: string;
}

export interface RemovalRequest {
  user: LitreHolder | null;
  apiKeyId: string | null;
  /**
   * How the caller says who they are: a session (the web app) or an API key (the public API). A full
   * size without a user asks for that one: sign in (401), or error 101.
   */
  credential: 'session' | 'apiKey';
  /** The client's address: a visitor's cached masks are kept apart by it. */
  client: string;
  /** Notes what the caller is not told (the real cause of a refused download). */
  log: { info(details: object, message: string): void };
  image: ImageSource;
  background: ImageSource;
  /** The option fields as sent (remove.bg's names): size, channels, format, bg_color, crop, scale, roi… */
  options: Record<string, unknown>;
  /** The Idempotency-Key header as sent: a retry with it is not charged again. */
  idempotencyKey?: string | string[];
}

/** What a removal answers: the result, the litres it cost, and whether it repeats an earlier answer. */
export interface RemovalOutcome {
  result: RemovalResult;
  cost: number;
  /** The result of an earlier request with the same Idempotency-Key, charged then and not now. */
  replayed: boolean;
}

/**
 * How long an Idempotency-Key is answered (as Stripe's), and when a claim still `running` is taken
 * as left by a process that died: far beyond a queued 12 MP removal, whose queue timeout is 2 min.
 */
export const idempotency = { keepMs: 24 * 3600_000, staleMs: 15 * 60_000, pollMs: 200 } as const;

const optionNames = [
  'size',
  'channels',
  'format',
  'output_format',
  'bg_color',
  'crop',
  'crop_margin',
  'type',
  'type_level',
  'scale',
  'position',
  'roi',
  'add_shadow',
  'semitransparency',
] as const;

/** An ACTION_FAILED error with its SPEC §8.3 code; the message is chosen in the caller's language. */
export const actionFailed = (errorCode: number, value?: string | number, status?: number) =>
  new DomainError('ACTION_FAILED', {
    details: { errorCode, ...(value === undefined ? {} : { value }) },
    ...(status ? { status } : {}),
  });

/**
 * The engine as the service sells it: a cut-out with no subject in it (a blank picture, or a `roi`
 * around none) is remove.bg's unknown_foreground (124), refused, so never charged. The engine itself
 * answers such a photo with a transparent image and an all-zero foreground box.
 */
function subjectRequired(engine: Pick<Engine, 'remove'>): Pick<Engine, 'remove'> {
  return {
    remove: async (...args) => {
      const result = await engine.remove(...args);
      if (result.foreground.width === 0 || result.foreground.height === 0) {
        throw actionFailed(actionErrorCodes.noForeground);
      }
      return result;
    },
  };
}

/** The request's Idempotency-Key: 1-255 visible ASCII characters, bare or as a quoted string. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const raw = Array.isArray(header) ? (header.length === 1 ? header[0] : undefined) : header;
  const key = raw?.trim().replace(/^"(.*)"$/, '$1');
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) throw actionFailed(123);
  return key;
}

/** What makes two requests the same one: the image, the background and the options as sent. */
function fingerprintOf(image: Uint8Array, background: Uint8Array | null, options: Record<string, unknown>) {
  const hash = createHash('sha256');
  const sorted = Object.keys(options)
    .sort()
    .map((name) => [name, options[name]]);
  for (const part of [image, background ?? new Uint8Array(), Buffer.from(JSON.stringify(sorted))]) {
    hash.update(createHash('sha256').update(part).digest());
  }
  return hash.digest('hex');
}

function fromEngineError(error: unknown): never {
  if (!(error instanceof EngineError)) throw error;
  if (error.code === 'BUSY') {
    throw new DomainError('SERVER_BUSY', {
      headers: { 'retry-after': '5' },
      details: { reason: 'queue full' },
    });
  }
  throw actionFailed(error.code, error.value);
}

/**
 * The remove-background action: reads the image and options, and runs the engine; a full size is
 * charged by the remove-background workflow (held first, captured with the result in one
 * transaction, released when processing fails).
 */
export function createRemovalService(deps: {
  engine: () => Promise<Engine>;
  removeBackground: RemoveBackgroundWorkflow;
  repo: Pick<RemovalRepo, 'claimKey' | 'findKey' | 'dropKey' | 'pruneKeys'>;
  now: () => Date;
  /** How long a retry waits for the first request with its key before it is told 409. */
  keyWaitMs?: number;
  fetchOptions: SafeFetchOptions;
  litreCostFull: number;
  /** Litres a holder can spend now: `size=auto` is a full size when they cover one. */
  litresOf: (holder: LitreHolder) => Promise<number>;
}) {
  /** remove.bg's `auto`: the highest size the caller can have, a full one when they can pay for it. */
  async function resolveAuto(raw: Record<string, unknown>, user: LitreHolder | null, earlier?: string) {
    if (typeof raw.size !== 'string' || raw.size.trim().toLowerCase() !== 'auto') return raw;
    // A retry with an Idempotency-Key has the size its first request had, whatever the balance now.
    if (earlier) return { ...raw, size: earlier };
    const affordable = user !== null && (await deps.litresOf(user)) >= deps.litreCostFull;
    return { ...raw, size: affordable ? 'full' : 'preview' };
  }

  async function bytesOf(
    source: ImageSource,
    context: { download: number; invalid: number; log: RemovalRequest['log'] },
  ) {
    if (source.file) return source.file;
    if (source.base64?.trim()) {
      try {
        return Buffer.from(decodeBase64Image(source.base64, { code: context.invalid as 113 | 114 }));
      } catch (error) {
        fromEngineError(error);
      }
    }
    if (source.url?.trim()) {
      try {
        return (await safeFetch(source.url, deps.fetchOptions)).bytes;
      } catch (error) {
        if (error instanceof FetchRefused) {
          context.log.info({ errorCode: context.download, cause: error.detail }, 'image download refused');
          if (error.kind === 'too_large' && context.download === 107)
            throw actionFailed(103, LIMITS.maxFileBytes);
          throw actionFailed(context.download, error.reason);
        }
        throw error;
      }
    }
    return null;
  }

  /** A claim that still answers for its key: taken within the last 24 hours. */
  const live = (claim: IdempotencyClaim | null) =>
    claim && claim.createdAt.getTime() > deps.now().getTime() - idempotency.keepMs ? claim : null;

  /** A charge's input before it has an id. */
  type Charge = Omit<RemoveBackgroundInput, 'chargeId' | 'idempotencyKey'>;

  /**
   * A charged removal under an Idempotency-Key. The first request claims the key and is charged; a
   * retry of it (the same image and options) waits while it runs, then gets its result again
   * without a charge; the key with another request is refused (422). A failed request lets the key
   * go, so that its retry runs afresh.
   */
  async function chargeOnce(charge: Charge, key: string, fingerprint: string): Promise<RemovalOutcome> {
    const { user } = charge;
    const waitUntil = performance.now() + (deps.keyWaitMs ?? 60_000);
    await deps.repo.pruneKeys(user.id, new Date(deps.now().getTime() - idempotency.keepMs));
    for (;;) {
      const chargeId = randomUUID();
      const now = deps.now();
      const expiredBefore = new Date(now.getTime() - idempotency.keepMs);
      const claim = await deps.repo.claimKey(
        { userId: user.id, key, fingerprint, chargeId, size: charge.size, cost: charge.cost, createdAt: now },
        { expiredBefore, staleBefore: new Date(now.getTime() - idempotency.staleMs) },
      );
      if (claim.chargeId === chargeId) {
        try {
          const result = await deps.removeBackground.run({ ...charge, chargeId, idempotencyKey: key });
          return { result, cost: charge.cost, replayed: false };
        } catch (error) {
          await deps.repo.dropKey(user.id, key, chargeId);
          throw error;
        }
      }
      // Empty when the claim was let go between the repo's two statements: claim it again.
      if (claim.chargeId !== '') {
        if (claim.fingerprint !== fingerprint) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        if (claim.state === 'done') {
          const options = { ...charge.options, size: claim.size as typeof charge.options.size };
          const result = await charge.engine.remove(charge.image, options, charge.call);
          return { result, cost: claim.cost, replayed: true };
        }
        if (performance.now() >= waitUntil) throw keyInUse(5);
        await sleep(idempotency.pollMs);
      }
    }
  }

  return {
    async execute(request: RemovalRequest): Promise<RemovalOutcome> {
      const given = Object.fromEntries(
        optionNames.flatMap((name) =>
          request.options[name] === undefined || request.options[name] === ''
            ? []
            : [[name, request.options[name]]],
        ),
      );
      const key = idempotencyKeyOf(request.idempotencyKey);
      const user = request.user;
      const earlier = key && user ? live(await deps.repo.findKey(user.id, key)) : null;
      const raw = await resolveAuto(given, user, earlier?.size);
      let options: ReturnType<typeof parseRemovalOptions>;
      try {
        options = parseRemovalOptions(raw);
      } catch (error) {
        fromEngineError(error);
      }
      const cost = options.size === 'full' ? deps.litreCostFull : 0;
      if (cost > 0 && !user) {
        throw request.credential === 'apiKey'
          ? actionFailed(101, undefined, 403)
          : new DomainError('AUTHORIZATION_REQUIRED');
      }

      const { log } = request;
      const image = await bytesOf(request.image, { download: 107, invalid: 113, log });
      if (!image) throw actionFailed(108);
      const background = await bytesOf(request.background, { download: 106, invalid: 114, log });

      const engine = subjectRequired(await deps.engine());
      // Masks are cached per requester: a fast answer must not tell that someone else sent the picture.
      const call = { cacheScope: user ? `user:${user.id}` : `client:${request.client}` };
      const removalOptions = { ...options, bg_image: background };
      try {
        // Free results need no key: a retry of one costs nothing either.
        if (!user || cost === 0)
          return { result: await engine.remove(image, removalOptions, call), cost: 0, replayed: false };
        const charge: Charge = {
          user,
          apiKeyId: request.apiKeyId,
          size: options.size,
          cost,
          engine,
          image,
          options: removalOptions,
          call,
        };
        if (key) {
          // How the answer is written (an image, or JSON with base64) does not make another request;
          // the picture's format does, whichever field named it.
          const { output_format: _encoding, ...asked } = given;
          const fingerprint = fingerprintOf(image, background, { ...asked, format: options.format });
          return await chargeOnce(charge, key, fingerprint);
        }
        const result = await deps.removeBackground.run({ ...charge, chargeId: randomUUID() });
        return { result, cost, replayed: false };
      } catch (error) {
        fromEngineError(error);
      }
    },
  };
}

export type RemovalService = ReturnType<typeof createRemovalService>;
