import { PaymentProviderError } from './payments.port.ts';

export type FetchLike = typeof fetch;

export interface ProviderCall {
  provider: string;
  fetch: FetchLike;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface ProviderAnswer {
  status: number;
  json: unknown;
}

/**
 * One call to a provider's API. A 429 or 5xx is tried once more with the same headers (so the same
 * idempotency key: both YooKassa and Stripe advise it); a network fault, a timeout, a second
 * 429/5xx or a body that is not JSON is a PaymentProviderError. Other statuses are answered, for the
 * adapter to read the provider's error.
 */
export async function callProvider(call: ProviderCall): Promise<ProviderAnswer> {
  let answer = await callOnce(call);
  if (isRetryable(answer.status)) answer = await callOnce(call);
  if (isRetryable(answer.status)) {
    throw new PaymentProviderError({
      provider: call.provider,
      code: errorCode(answer.json) ?? `http_${answer.status}`,
      status: answer.status,
      message: `${call.provider} answered ${answer.status} twice to ${call.method} ${new URL(call.url).pathname}`,
    });
  }
  return answer;
}

const isRetryable = (status: number) => status === 429 || status >= 500;

async function callOnce(call: ProviderCall): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await call.fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new PaymentProviderError({
      provider: call.provider,
      code: timedOut ? 'timeout' : 'unreachable',
      message: `${call.provider} ${timedOut ? 'did not answer in time' : 'could not be reached'}: ${call.method} ${new URL(call.url).pathname}`,
      cause: error,
    });
  }
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch (error) {
    throw new PaymentProviderError({
      provider: call.provider,
      code: 'bad_response',
      status: response.status,
      message: `${call.provider} answered ${response.status} with a body that is not JSON`,
      cause: error,
    });
  }
}

/** The error code of a YooKassa (`{ code }`) or Stripe (`{ error: { code, type } }`) error body. */
function errorCode(json: unknown): string | null {
  if (!isRecord(json)) return null;
  if (typeof json.code === 'string') return json.code;
  if (isRecord(json.error)) {
    const { code, type } = json.error;
    if (typeof code === 'string') return code;
    if (typeof type === 'string') return type;
  }
  return null;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A fault for an answer whose shape is not the documented one. */
export function badResponse(provider: string, what: string): PaymentProviderError {
  return new PaymentProviderError({ provider, code: 'bad_response', message: `${provider}: ${what}` });
}

/** A webhook's body as JSON, or null when it is not JSON (answered as unverified, not thrown). */
export function parseJsonBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/** A return for a payment createPayment never answered a provider id for: nothing to ask about. */
export function neverOpened(provider: string, paymentId: string): PaymentProviderError {
  return new PaymentProviderError({
    provider,
    code: 'not_found',
    message: `${provider}: payment ${paymentId} was never opened`,
  });
}
