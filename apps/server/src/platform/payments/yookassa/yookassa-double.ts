import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type RecordedRequest, redirect, sendJson, startDoubleServer } from '../double-server.ts';

/** A payment as the double keeps it: YooKassa's documented JSON shape. */
export interface YooKassaDoublePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  description?: string;
  metadata: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
  receipt?: unknown;
  test: true;
  refundable: boolean;
}

export interface YooKassaDoubleRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  created_at: string;
  description?: string;
}

type ErrorCode =
  | 'invalid_request'
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'internal_server_error';
const errorStatus: Record<ErrorCode, number> = {
  invalid_request: 400,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  too_many_requests: 429,
  internal_server_error: 500,
};

/**
 * A stand-in for YooKassa's API v3 on a loopback port: Basic auth, Idempotence-Key (required on
 * POST, the same key with the same body answers the same, with another body is refused), amounts
 * and currencies checked, payments and refunds in memory, a confirmation page that pays or cancels
 * and sends the browser back, and notifications sent from loopback. The adapter's apiUrl is `url`.
 */
export async function startYooKassaDouble(options: { shopId: string; secretKey: string }) {
  const payments = new Map<string, YooKassaDoublePayment>();
  const refunds = new Map<string, YooKassaDoubleRefund>();
  const requests: RecordedRequest[] = [];
  const idempotence = new Map<string, { request: string; status: number; body: unknown }>();
  const failures: ErrorCode[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  let base = '';

  const error = (response: ServerResponse, code: ErrorCode, description: string, parameter?: string) =>
    sendJson(response, errorStatus[code], {
      type: 'error',
      id: randomUUID(),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    });

  const server = await startDoubleServer((request, body, response) => {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const checkout = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    if (checkout && method === 'GET') {
      const payment = payments.get(checkout[1]!);
      if (!payment) return error(response, 'not_found', 'Payment not found');
      if (url.searchParams.get('outcome') === 'canceled') cancel(payment.id, 'expired_on_confirmation');
      else pay(payment.id);
      return redirect(response, payment.confirmation.return_url);
    }
    if (!url.pathname.startsWith('/v3/')) return error(response, 'not_found', 'Unknown path');
    requests.push({ method, path: url.pathname, headers: request.headers, body });
    if (request.headers.authorization !== expectedAuth)
      return error(response, 'invalid_credentials', 'Bad shopId or secret key');
    const injected = failures.shift();
    if (injected) return error(response, injected, 'Injected by the test');
    const path = url.pathname.slice(3);
    if (method === 'GET') {
      const [, kind, id] = path.split('/');
      const found =
        kind === 'payments' ? payments.get(id ?? '') : kind === 'refunds' ? refunds.get(id ?? '') : undefined;
      return found ? sendJson(response, 200, found) : error(response, 'not_found', 'Object not found');
    }
    const key = request.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return error(response, 'invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key');
    }
    const fingerprint = `${path}\n${body}`;
    const seen = idempotence.get(key);
    if (seen) {
      if (seen.request !== fingerprint)
        return error(response, 'invalid_request', 'Idempotence key duplicated with another request');
      return sendJson(response, seen.status, seen.body);
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return error(response, 'invalid_request', 'Body is not JSON');
    }
    const answer =
      path === '/payments' ? createPayment(parsed) : path === '/refunds' ? createRefund(parsed) : null;
    if (!answer) return error(response, 'not_found', 'Unknown path');
    if (answer.status === 200) idempotence.set(key, { request: fingerprint, ...answer });
    return sendJson(response, answer.status, answer.body);
  });
  base = server.url;

  function createPayment(body: Record<string, unknown>) {
    const amount = checkAmount(body.amount);
    if (typeof amount === 'string') return invalid(amount, 'amount');
    const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
    if (confirmation?.type !== 'redirect' || typeof confirmation.return_url !== 'string') {
      return invalid('confirmation.return_url is required for redirect', 'confirmation');
    }
    if (typeof body.description === 'string' && body.description.length > 128)
      return invalid('description is too long', 'description');
    const id = randomUUID();
    const payment: YooKassaDoublePayment = {
      id,
      status: 'pending',
      paid: false,
      amount,
      confirmation: {
        type: 'redirect',
        confirmation_url: `${base}/checkout/${id}`,
        return_url: confirmation.return_url,
      },
      created_at: new Date().toISOString(),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      metadata: (body.metadata as Record<string, string>) ?? {},
      ...(body.receipt ? { receipt: body.receipt } : {}),
      test: true,
      refundable: false,
    };
    payments.set(id, payment);
    return { status: 200, body: payment };
  }

  function createRefund(body: Record<string, unknown>) {
    const amount = checkAmount(body.amount);
    if (typeof amount === 'string') return invalid(amount, 'amount');
    const payment = payments.get(String(body.payment_id));
    if (!payment) return invalid('payment_id is unknown', 'payment_id');
    if (payment.status !== 'succeeded') return invalid('The payment is not succeeded', 'payment_id');
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_id === payment.id)
      .reduce((sum, r) => sum + cents(r.amount.value), 0);
    if (
      amount.currency !== payment.amount.currency ||
      refunded + cents(amount.value) > cents(payment.amount.value)
    ) {
      return invalid('The refund is more than the payment has left', 'amount');
    }
    const refund: YooKassaDoubleRefund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      amount,
      created_at: new Date().toISOString(),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function pay(id: string): YooKassaDoublePayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`yookassa double: no payment ${id}`);
    if (payment.status === 'pending')
      Object.assign(payment, { status: 'succeeded', paid: true, refundable: true });
    return payment;
  }

  function cancel(id: string, reason = 'expired_on_confirmation'): YooKassaDoublePayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`yookassa double: no payment ${id}`);
    if (payment.status === 'pending') {
      Object.assign(payment, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason } });
    }
    return payment;
  }

  return {
    url: `${base}/v3`,
    close: server.close,
    payments,
    refunds,
    /** Every API call, in order, as received. */
    requests,
    pay,
    cancel,
    /** Answers the next API calls with these errors, one each, before anything else is checked but auth. */
    failNext: (...codes: ErrorCode[]) => failures.push(...codes),
    /** Sends YooKassa's notification for a payment or refund to `url` (from loopback); answers its status. */
    async notify(url: string, event: string, id: string): Promise<number> {
      const object = event.startsWith('refund.') ? refunds.get(id) : payments.get(id);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'notification', event, object: object ?? { id } }),
      });
      await response.arrayBuffer();
      return response.status;
    },
  };
}

export type YooKassaDouble = Awaited<ReturnType<typeof startYooKassaDouble>>;

const invalid = (description: string, parameter: string) => ({
  status: 400,
  body: { type: 'error', id: randomUUID(), code: 'invalid_request', description, parameter },
});

function checkAmount(amount: unknown): { value: string; currency: string } | string {
  const { value, currency } = (amount ?? {}) as { value?: unknown; currency?: unknown };
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value) || cents(value) <= 0)
    return 'amount.value is invalid';
  if (typeof currency !== 'string' || !['RUB', 'USD', 'EUR'].includes(currency))
    return 'amount.currency is invalid';
  return { value, currency };
}

const cents = (value: string) => Math.round(Number(value) * 100);
