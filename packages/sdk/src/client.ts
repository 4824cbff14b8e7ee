import { publicApiHeaders } from '@cutout/contracts';
import { apiErrorOf } from './errors.ts';
import { removalFields, toFormData } from './form.ts';
import { accountOf, removalResultOf } from './result.ts';
import { type RetryPolicy, withRetries } from './retry.ts';
import { type Exchange, exchange } from './transport.ts';
import type { Account, ClientOptions, ImageInput, RemovalResult, RemoveOptions } from './types.ts';

const defaults = {
  baseUrl: 'http://localhost:3000/api/v1',
  maxRetries: 3,
  retryBaseDelayMs: 500,
  maxRetryDelayMs: 30_000,
  timeoutMs: 120_000,
};

/** Asks for the image itself; JSON stays acceptable for the errors. */
const binaryAccept = 'image/*, application/zip, application/json;q=0.1';

/** A client of the public API (remove.bg's API v1.0 dialect): POST /removebg and GET /account. */
export class CutoutClient {
  readonly #options: ClientOptions;
  readonly #baseUrl: string;
  readonly #retry: RetryPolicy;

  constructor(options: ClientOptions = {}) {
    this.#options = options;
    this.#baseUrl = (options.baseUrl ?? defaults.baseUrl).replace(/\/+$/, '');
    this.#retry = {
      maxRetries: options.maxRetries ?? defaults.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? defaults.retryBaseDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? defaults.maxRetryDelayMs,
    };
  }

  /** Removes the background of one image; throws CutoutApiError, CutoutNetworkError or RangeError. */
  async removeBackground(image: ImageInput, options: RemoveOptions = {}): Promise<RemovalResult> {
    options.signal?.throwIfAborted();
    const fields = await removalFields(image, options);
    const accept = options.output === 'json' ? 'application/json' : binaryAccept;
    // One key for every try of this call: a retry after a lost answer is not charged again.
    const idempotencyKey = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const { response, body } = await this.#send(
      '/removebg',
      () => ({
        method: 'POST',
        body: toFormData(fields),
        headers: { ...this.#headers(accept), [publicApiHeaders.idempotencyKey]: idempotencyKey },
      }),
      options.signal,
    );
    return removalResultOf(response, body);
  }

  /** The key holder's credits and litres (needs an API key). */
  async account(options: { signal?: AbortSignal } = {}): Promise<Account> {
    const { body } = await this.#send(
      '/account',
      () => ({ method: 'GET', headers: this.#headers('application/json') }),
      options.signal,
    );
    return accountOf(body);
  }

  #headers(accept: string): Record<string, string> {
    const { apiKey, language, userAgent } = this.#options;
    return {
      accept,
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
      ...(language ? { 'accept-language': language } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    };
  }

  /** One call with its retries; a failed answer is thrown as a CutoutApiError. */
  #send(path: string, init: () => RequestInit, signal?: AbortSignal): Promise<Exchange> {
    const fetchFn = this.#options.fetch ?? globalThis.fetch;
    const url = `${this.#baseUrl}${path}`;
    const timeoutMs = this.#options.timeoutMs ?? defaults.timeoutMs;
    return withRetries(
      async () => {
        const done = await exchange({ fetch: fetchFn, url, init: init(), timeoutMs, signal });
        if (!done.response.ok) throw apiErrorOf(done.response, done.body);
        return done;
      },
      this.#retry,
      signal,
    );
  }
}
