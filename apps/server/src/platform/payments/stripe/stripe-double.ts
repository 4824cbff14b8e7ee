import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type RecordedRequest, redirect, sendJson, startDoubleServer } from '../double-server.ts';
import { signHeader } from '../signed-header.ts';
import { decodeForm, type FormTree } from './stripe-form.ts';

export interface StripeDoubleSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  livemode: false;
}

export interface StripeDoubleRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

type ErrorType =
  | 'card_error'
  | 'invalid_request_error'
  | 'api_error'
  | 'authentication_error'
  | 'rate_limit_error'
  | 'idempotency_error';
const errorStatus: Record<ErrorType, number> = {
  card_error: 402,
  invalid_request_error: 400,
  api_error: 500,
  authentication_error: 401,
  rate_limit_error: 429,
  idempotency_error: 400,
};

/**
 * A stand-in for Stripe's API (Checkout Sessions and Refunds) on a loopback port: Bearer auth,
 * form-encoded nested parameters, idempotency keys (the same key with other parameters is an
 * idempotency_error), a hosted page that pays, cancels or expires and sends the browser on, and
 * events signed as Stripe signs them. The adapter's apiUrl is `url`.
 */
export async function startStripeDouble(options: { secretKey: string; webhookSecret: string }) {
  const sessions = new Map<string, StripeDoubleSession>();
  const refunds = new Map<string, StripeDoubleRefund>();
  const requests: RecordedRequest[] = [];
  const idempotency = new Map<string, { request: string; status: number; body: unknown }>();
  const failures: Array<{ type: ErrorType; code?: string }> = [];
  let base = '';

  const error = (
    response: ServerResponse,
    type: ErrorType,
    message: string,
    extra: { code?: string; param?: string } = {},
  ) => sendJson(response, errorStatus[type], { error: { type, message, ...extra } });

  const server = await startDoubleServer((request, body, response) => {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const page = /^\/pay\/(cs_[\w]+)$/.exec(url.pathname);
    if (page && method === 'GET') {
      const session = sessions.get(page[1]!);
      if (!session)
        return error(response, 'invalid_request_error', 'No such session', { code: 'resource_missing' });
      const outcome = url.searchParams.get('outcome') ?? 'paid';
      if (outcome === 'paid') {
        complete(session.id);
        return redirect(response, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
      }
      if (outcome === 'expired') expire(session.id);
      return redirect(response, session.cancel_url);
    }
    requests.push({ method, path: url.pathname, headers: request.headers, body });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return error(response, 'authentication_error', 'Invalid API Key provided');
    }
    const injected = failures.shift();
    if (injected)
      return error(
        response,
        injected.type,
        'Injected by the test',
        injected.code ? { code: injected.code } : {},
      );
    if (method === 'GET') return read(url, response);
    const key = request.headers['idempotency-key'];
    const fingerprint = `${url.pathname}\n${body}`;
    const seen = typeof key === 'string' ? idempotency.get(key) : undefined;
    if (seen && seen.request !== fingerprint) {
      return error(
        response,
        'idempotency_error',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    if (seen) return sendJson(response, seen.status, seen.body);
    const params = decodeForm(body);
    const answer =
      url.pathname === '/v1/checkout/sessions'
        ? createSession(params)
        : url.pathname === '/v1/refunds'
          ? createRefund(params)
          : null;
    if (!answer) return error(response, 'invalid_request_error', 'Unrecognized request URL');
    if (typeof key === 'string' && answer.status === 200)
      idempotency.set(key, { request: fingerprint, ...answer });
    return sendJson(response, answer.status, answer.body);
  });
  base = server.url;

  function read(url: URL, response: ServerResponse) {
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
    const found = session ? sessions.get(session[1]!) : refund ? refunds.get(refund[1]!) : undefined;
    if (found) return sendJson(response, 200, found);
    if (url.pathname === '/v1/refunds') {
      const charge = url.searchParams.get('charge');
      const data = [...refunds.values()].filter((r) => !charge || r.charge === charge).reverse();
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return sendJson(response, 200, {
        object: 'list',
        data: data.slice(0, limit),
        has_more: data.length > limit,
      });
    }
    return error(response, 'invalid_request_error', 'No such object', { code: 'resource_missing' });
  }

  function createSession(params: FormTree) {
    const items = Object.values((params.line_items as FormTree | undefined) ?? {}) as FormTree[];
    if (params.mode !== 'payment') return invalid('mode must be payment', 'mode');
    if (typeof params.success_url !== 'string' || typeof params.cancel_url !== 'string')
      return invalid('success_url and cancel_url are required', 'success_url');
    if (items.length === 0) return invalid('line_items is required', 'line_items');
    let total = 0;
    const currencies = new Set<string>();
    for (const item of items) {
      const price = item.price_data as FormTree | undefined;
      const unit = Number(price?.unit_amount);
      const quantity = Number(item.quantity);
      const name = (price?.product_data as FormTree | undefined)?.name;
      if (
        !Number.isSafeInteger(unit) ||
        unit < 0 ||
        !Number.isSafeInteger(quantity) ||
        quantity < 1 ||
        typeof name !== 'string'
      ) {
        return invalid(
          'line_items need price_data.unit_amount, product_data.name and quantity',
          'line_items',
        );
      }
      if (!['usd', 'eur', 'rub'].includes(String(price?.currency)))
        return invalid('Invalid currency', 'line_items[0][price_data][currency]');
      currencies.add(String(price?.currency));
      total += unit * quantity;
    }
    if (currencies.size !== 1) return invalid('All line items must share a currency', 'line_items');
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: StripeDoubleSession = {
      id,
      object: 'checkout.session',
      url: `${base}/pay/${id}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      currency: [...currencies][0]!,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      locale: typeof params.locale === 'string' ? params.locale : null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      payment_intent: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function createRefund(params: FormTree) {
    const session = [...sessions.values()].find(
      (s) => s.payment_intent && s.payment_intent === params.payment_intent,
    );
    if (!session)
      return invalid(
        `No such payment_intent: '${String(params.payment_intent)}'`,
        'payment_intent',
        'resource_missing',
      );
    const amount = params.amount === undefined ? session.amount_total : Number(params.amount);
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === session.payment_intent)
      .reduce((sum, r) => sum + r.amount, 0);
    if (!Number.isSafeInteger(amount) || amount <= 0 || refunded + amount > session.amount_total) {
      return invalid('Refund amount is greater than the amount left to refund', 'amount', 'amount_too_large');
    }
    const refund: StripeDoubleRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: session.currency,
      charge: chargeOf(session),
      payment_intent: session.payment_intent!,
      status: 'succeeded',
      reason: typeof params.reason === 'string' ? params.reason : null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function complete(id: string): StripeDoubleSession {
    const session = mustFind(id);
    if (session.status === 'open')
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${randomBytes(12).toString('hex')}`,
      });
    return session;
  }

  function expire(id: string): StripeDoubleSession {
    const session = mustFind(id);
    if (session.status === 'open') session.status = 'expired';
    return session;
  }

  function mustFind(id: string): StripeDoubleSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`stripe double: no session ${id}`);
    return session;
  }

  return {
    url: base,
    close: server.close,
    sessions,
    refunds,
    requests,
    complete,
    expire,
    /** Answers the next API calls with these errors, one each (after the auth check). */
    failNext: (...errors: Array<{ type: ErrorType; code?: string }>) => failures.push(...errors),
    /** The charge id Stripe would give a paid session's payment (`charge.refunded` events carry it). */
    chargeOf: (sessionId: string) => chargeOf(mustFind(sessionId)),
    /** The signed event as Stripe would post it: for a session (cs_…), a refund (re_…) or a charge (ch_…). */
    event(type: string, objectId: string, timestamp = Math.floor(Date.now() / 1000)) {
      const object = objectId.startsWith('cs_')
        ? mustFind(objectId)
        : objectId.startsWith('re_')
          ? refunds.get(objectId)
          : { id: objectId, object: 'charge' };
      const rawBody = Buffer.from(
        JSON.stringify({
          id: `evt_${randomBytes(12).toString('hex')}`,
          object: 'event',
          type,
          created: timestamp,
          data: { object },
        }),
      );
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signHeader({ secret: options.webhookSecret, payload: rawBody, timestamp }),
        },
      };
    },
    /** Posts that event to `url`; answers the status. */
    async sendEvent(url: string, type: string, objectId: string): Promise<number> {
      const { rawBody, headers } = this.event(type, objectId);
      const response = await fetch(url, { method: 'POST', headers, body: rawBody });
      await response.arrayBuffer();
      return response.status;
    },
  };
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/** A payment's charge id, derived from its intent so that it needs no bookkeeping of its own. */
const chargeOf = (session: StripeDoubleSession) => `ch_${(session.payment_intent ?? '').slice(3)}`;

const invalid = (message: string, param: string, code?: string) => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, param, ...(code ? { code } : {}) } },
});
