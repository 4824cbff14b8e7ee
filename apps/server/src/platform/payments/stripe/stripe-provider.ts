import type { CurrencyCode } from '@cutout/contracts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStart,
  type WebhookResult,
} from '../payments.port.ts';
import {
  callProvider,
  type FetchLike,
  isRecord,
  neverOpened,
  type ProviderAnswer,
  parseJsonBody,
} from '../provider-http.ts';
import { verifySignedHeader } from '../signed-header.ts';
import { encodeForm, type FormValue } from './stripe-form.ts';
import { refundState, sessionParams, sessionState } from './stripe-mapping.ts';

export interface StripeProviderOptions {
  /** The secret API key (STRIPE_SECRET_KEY): `sk_test_…` or `sk_live_…`. */
  secretKey: string;
  /** The webhook endpoint's signing secret (STRIPE_WEBHOOK_SECRET): `whsec_…`. */
  webhookSecret: string;
  /** The API's base (STRIPE_API_URL); a test double's address in tests. */
  apiUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  now?: () => Date;
}

const currencies: readonly CurrencyCode[] = ['USD', 'EUR'];
const provider = 'stripe';
/** The API version the shapes here were written against; pinned so an account upgrade changes nothing. */
export const stripeApiVersion = '2024-06-20';
const sessionEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** The PaymentProvider of Stripe Checkout (https://docs.stripe.com/api/checkout/sessions), USD and EUR. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());

  const call = (
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, FormValue>,
    idempotencyKey?: string,
  ) =>
    callProvider({
      provider,
      fetch: options.fetch ?? fetch,
      method,
      url: `${apiUrl}${path}`,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        'stripe-version': stripeApiVersion,
        ...(params ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: params ? encodeForm(params) : undefined,
      timeoutMs: options.timeoutMs ?? 15_000,
    });

  const read = async (path: string) => {
    const answer = await call('GET', path);
    if (answer.status !== 200) throw fault(answer, `GET ${path.split('?')[0]}`);
    return answer.json;
  };
  const session = (id: string) => read(`/v1/checkout/sessions/${encodeURIComponent(id)}`);

  return {
    id: provider,
    currencies,

    async createPayment(input): Promise<PaymentStart> {
      if (!currencies.includes(input.amount.currency))
        return { kind: 'refused', reason: 'currency_not_supported' };
      const answer = await call('POST', '/v1/checkout/sessions', sessionParams(input), input.paymentId);
      const refusal = refusalOf(answer);
      if (refusal) return refusal;
      const { json } = answer;
      if (!isRecord(json) || typeof json.id !== 'string' || typeof json.url !== 'string') {
        throw fault(answer, 'POST /v1/checkout/sessions answered no url');
      }
      return { kind: 'redirect', providerPaymentId: json.id, url: json.url };
    },

    // `session_id` in the query is the buyer's to forge: the stored session id is read instead.
    async validateReturn(input) {
      if (!input.providerPaymentId) {
        throw neverOpened(provider, input.paymentId);
      }
      return sessionState(await session(input.providerPaymentId), input.paymentId);
    },

    async parseWebhook(input): Promise<WebhookResult> {
      const check = verifySignedHeader({
        header: input.headers['stripe-signature'],
        payload: input.rawBody,
        secret: options.webhookSecret,
        now: Math.floor(now().getTime() / 1000),
      });
      if (!check.ok) return { verified: false, reason: check.reason };
      const event = parseJsonBody(input.rawBody);
      const object =
        isRecord(event) && isRecord(event.data) && isRecord(event.data.object) ? event.data.object : null;
      if (
        !isRecord(event) ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string' ||
        typeof object?.id !== 'string'
      ) {
        return { verified: false, reason: 'body_malformed' };
      }
      const eventId = event.id;
      const type = event.type;
      if (sessionEvents.has(type)) {
        const fresh = await session(object.id);
        const paymentId = isRecord(fresh) ? fresh.client_reference_id : null;
        if (typeof paymentId !== 'string') return { verified: true, eventId, event: { kind: 'other', type } };
        const payment = sessionState(fresh, paymentId, type === 'checkout.session.async_payment_failed');
        return { verified: true, eventId, event: { kind: 'payment', payment } };
      }
      if (type === 'refund.updated' || type === 'refund.created' || type === 'refund.failed') {
        const refund = refundState(await read(`/v1/refunds/${encodeURIComponent(object.id)}`));
        return { verified: true, eventId, event: { kind: 'refund', refund } };
      }
      if (type === 'charge.refunded') {
        // The event carries the charge, not which refund: the newest refund of the charge is the one.
        const list = await read(`/v1/refunds?charge=${encodeURIComponent(object.id)}&limit=1`);
        const newest = isRecord(list) && Array.isArray(list.data) ? list.data[0] : undefined;
        if (!newest) return { verified: true, eventId, event: { kind: 'other', type } };
        return { verified: true, eventId, event: { kind: 'refund', refund: refundState(newest) } };
      }
      return { verified: true, eventId, event: { kind: 'other', type } };
    },

    async refund(input) {
      const fresh = await session(input.providerPaymentId);
      const intent = isRecord(fresh) ? fresh.payment_intent : null;
      const paymentIntent =
        typeof intent === 'string'
          ? intent
          : isRecord(intent) && typeof intent.id === 'string'
            ? intent.id
            : null;
      if (!paymentIntent) return { kind: 'refused', reason: 'not_paid' };
      const answer = await call(
        'POST',
        '/v1/refunds',
        {
          payment_intent: paymentIntent,
          amount: input.amount.amountMinor,
          reason: 'requested_by_customer',
          metadata: {
            refundId: input.refundId,
            paymentId: input.paymentId,
            reason: input.reason.slice(0, 500),
          },
        },
        input.refundId,
      );
      const refusal = refusalOf(answer);
      if (refusal) return refusal;
      return { kind: 'accepted', ...refundState(answer.json), refundId: input.refundId };
    },
  };
}

/**
 * Stripe's 4xx other than 401 are the request's problem (a card error, a bad parameter, a reused
 * idempotency key): a refusal with the error's code. A 401 or anything unexpected is a fault.
 */
function refusalOf(answer: ProviderAnswer): { kind: 'refused'; reason: string } | null {
  if (answer.status === 200) return null;
  if (answer.status < 400 || answer.status >= 500 || answer.status === 401)
    throw fault(answer, 'an unexpected answer');
  return { kind: 'refused', reason: errorOf(answer.json)?.code ?? `http_${answer.status}` };
}

function fault(answer: ProviderAnswer, what: string): PaymentProviderError {
  const error = errorOf(answer.json);
  const code = error?.code ?? `http_${answer.status}`;
  return new PaymentProviderError({
    provider,
    code,
    status: answer.status,
    message: `stripe ${what} (${answer.status} ${code})${error?.message ? `: ${error.message}` : ''}`,
  });
}

/** Stripe's error: its `code` where it gives one, else its `type`. */
function errorOf(json: unknown): { code: string; message: string | null } | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { code, type, message } = json.error;
  const chosen = typeof code === 'string' ? code : typeof type === 'string' ? type : null;
  return chosen ? { code: chosen, message: typeof message === 'string' ? message : null } : null;
}
