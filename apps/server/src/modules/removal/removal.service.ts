import { randomUUID } from 'node:crypto';
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
import type { RemoveBackgroundWorkflow } from './remove-background.workflow.ts';

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
}

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
  fetchOptions: SafeFetchOptions;
  litreCostFull: number;
  /** Litres a holder can spend now: `size=auto` is a full size when they cover one. */
  litresOf: (holder: LitreHolder) => Promise<number>;
}) {
  /** remove.bg's `auto`: the highest size the caller can have, a full one when they can pay for it. */
  async function resolveAuto(raw: Record<string, unknown>, user: LitreHolder | null) {
    if (typeof raw.size !== 'string' || raw.size.trim().toLowerCase() !== 'auto') return raw;
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

  return {
    async execute(request: RemovalRequest): Promise<{ result: RemovalResult; cost: number }> {
      const given = Object.fromEntries(
        optionNames.flatMap((name) =>
          request.options[name] === undefined || request.options[name] === ''
            ? []
            : [[name, request.options[name]]],
        ),
      );
      const raw = await resolveAuto(given, request.user);
      let options: ReturnType<typeof parseRemovalOptions>;
      try {
        options = parseRemovalOptions(raw);
      } catch (error) {
        fromEngineError(error);
      }
      const cost = options.size === 'full' ? deps.litreCostFull : 0;
      if (cost > 0 && !request.user) {
        throw request.credential === 'apiKey'
          ? actionFailed(101, undefined, 403)
          : new DomainError('AUTHORIZATION_REQUIRED');
      }

      const { log } = request;
      const image = await bytesOf(request.image, { download: 107, invalid: 113, log });
      if (!image) throw actionFailed(108);
      const background = await bytesOf(request.background, { download: 106, invalid: 114, log });

      const engine = await deps.engine();
      const user = request.user;
      // Masks are cached per requester: a fast answer must not tell that someone else sent the picture.
      const call = { cacheScope: user ? `user:${user.id}` : `client:${request.client}` };
      if (!user || cost === 0) {
        try {
          return { result: await engine.remove(image, { ...options, bg_image: background }, call), cost: 0 };
        } catch (error) {
          fromEngineError(error);
        }
      }
      try {
        const result = await deps.removeBackground.run({
          chargeId: randomUUID(),
          user,
          apiKeyId: request.apiKeyId,
          size: options.size,
          cost,
          engine,
          image,
          options: { ...options, bg_image: background },
          call,
        });
        return { result, cost };
      } catch (error) {
        fromEngineError(error);
      }
    },
  };
}

export type RemovalService = ReturnType<typeof createRemovalService>;
