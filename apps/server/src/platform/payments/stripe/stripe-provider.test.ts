import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentInput, PaymentProvider } from '../payments.port.ts';
import { signHeader } from '../signed-header.ts';
import { type StripeDouble, startStripeDouble } from './stripe-double.ts';
import { decodeForm, encodeForm } from './stripe-form.ts';
import { createStripeProvider } from './stripe-provider.ts';

const secrets = { secretKey: 'sk_test_123', webhookSecret: 'whsec_test_456' };
let double: StripeDouble;
let provider: PaymentProvider;
const clock = new Date();

beforeAll(async () => {
  double = await startStripeDouble(secrets);
  provider = createStripeProvider({ ...secrets, apiUrl: double.url, now: () => clock });
});

afterAll(async () => {
  await double?.close();
});

const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: randomUUID(),
  orderId: randomUUID(),
  amount: { amountMinor: 3998, currency: 'USD' },
  description: 'Order 9',
  lines: [{ name: '100 litres', quantity: 2, unitPrice: { amountMinor: 1999, currency: 'USD' } }],
  returnUrl: 'https://shop.example/payment/validate?p=1',
  cancelUrl: 'https://shop.example/cart',
  customer: { email: 'buyer@example.com', phoneNumber: null },
  language: 'en',
  ...overrides,
});

async function opened(overrides: Partial<CreatePaymentInput> = {}) {
  const payment = input(overrides);
  const start = await provider.createPayment(payment);
  if (start.kind !== 'redirect') throw new Error(`not opened: ${JSON.stringify(start)}`);
  return { payment, sessionId: start.providerPaymentId, url: start.url };
}

const webhook = (event: { rawBody: Buffer; headers: Record<string, string> }) =>
  provider.parseWebhook({ headers: event.headers, rawBody: event.rawBody, client: '203.0.113.1' });

describe('Stripe adapter against the double', () => {
  it('encodes nested parameters as Stripe reads them', () => {
    const body = encodeForm({ a: [{ b: { c: 'x y' } }], m: { k: 'v&' }, skip: undefined });
    expect(body).toBe('a[0][b][c]=x%20y&m[k]=v%26');
    expect(decodeForm(body)).toEqual({ a: { '0': { b: { c: 'x y' } } }, m: { k: 'v&' } });
  });

  it('opens a Checkout Session with the documented form, headers and placeholder', async () => {
    const { payment, sessionId, url } = await opened();
    const sent = double.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent.headers).toMatchObject({
      authorization: 'Bearer sk_test_123',
      'idempotency-key': payment.paymentId,
      'stripe-version': '2024-06-20',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(sent.body).toContain('line_items[0][price_data][currency]=usd');
    expect(sent.body).toContain('line_items[0][price_data][unit_amount]=1999');
    expect(sent.body).toContain('line_items[0][quantity]=2');
    const form = decodeForm(sent.body);
    expect(form).toMatchObject({
      mode: 'payment',
      success_url: 'https://shop.example/payment/validate?p=1&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: payment.cancelUrl,
      client_reference_id: payment.paymentId,
      metadata: { paymentId: payment.paymentId, orderId: payment.orderId },
      payment_intent_data: { metadata: { paymentId: payment.paymentId } },
      locale: 'en',
      customer_email: 'buyer@example.com',
    });
    expect(url).toBe(`${double.url}/pay/${sessionId}`);
    expect(double.sessions.get(sessionId)?.amount_total).toBe(3998);
  });

  it('sends one line for the total when the lines do not add up', async () => {
    const { sessionId } = await opened({ amount: { amountMinor: 3000, currency: 'EUR' } });
    expect(double.sessions.get(sessionId)).toMatchObject({ amount_total: 3000, currency: 'eur' });
    expect(decodeForm(double.requests.at(-1)!.body).line_items).toEqual({
      '0': {
        price_data: { currency: 'eur', unit_amount: '3000', product_data: { name: 'Order 9' } },
        quantity: '1',
      },
    });
  });

  it('opens one session per payment id; the same key with other parameters is refused', async () => {
    const payment = input();
    const first = await provider.createPayment(payment);
    expect(await provider.createPayment(payment)).toEqual(first);
    expect(await provider.createPayment({ ...payment, description: 'changed' })).toEqual({
      kind: 'refused',
      reason: 'idempotency_error',
    });
    expect(await provider.createPayment(input({ amount: { amountMinor: 100, currency: 'RUB' } }))).toEqual({
      kind: 'refused',
      reason: 'currency_not_supported',
    });
  });

  it('validates a return from the stored session id, never the query', async () => {
    const { payment, sessionId } = await opened();
    const other = await opened();
    double.complete(other.sessionId);
    // The query names another, paid session: it is not read.
    const forged = new URLSearchParams({ session_id: other.sessionId, payment_status: 'paid' });
    expect(
      await provider.validateReturn({
        paymentId: payment.paymentId,
        providerPaymentId: sessionId,
        query: forged,
      }),
    ).toMatchObject({ status: 'pending' });
    const page = await fetch(`${double.url}/pay/${sessionId}?outcome=paid`, { redirect: 'manual' });
    expect(page.headers.get('location')).toBe(
      `https://shop.example/payment/validate?p=1&session_id=${sessionId}`,
    );
    expect(
      await provider.validateReturn({
        paymentId: payment.paymentId,
        providerPaymentId: sessionId,
        query: forged,
      }),
    ).toEqual({
      paymentId: payment.paymentId,
      providerPaymentId: sessionId,
      status: 'paid',
      amount: { amountMinor: 3998, currency: 'USD' },
      failureReason: null,
    });
    await expect(
      provider.validateReturn({
        paymentId: payment.paymentId,
        providerPaymentId: other.sessionId,
        query: forged,
      }),
    ).rejects.toMatchObject({ code: 'bad_response' });
    const expired = await opened();
    double.expire(expired.sessionId);
    expect(
      await provider.validateReturn({
        paymentId: expired.payment.paymentId,
        providerPaymentId: expired.sessionId,
        query: forged,
      }),
    ).toMatchObject({ status: 'canceled', failureReason: 'expired' });
  });

  it('verifies Stripe-Signature and reads the session back', async () => {
    const { payment, sessionId } = await opened();
    double.complete(sessionId);
    const event = double.event('checkout.session.completed', sessionId, Math.floor(clock.getTime() / 1000));
    const result = await webhook(event);
    expect(result).toEqual({
      verified: true,
      eventId: JSON.parse(event.rawBody.toString()).id,
      event: {
        kind: 'payment',
        payment: expect.objectContaining({ paymentId: payment.paymentId, status: 'paid' }),
      },
    });
    expect(
      await webhook(double.event('customer.created', sessionId, Math.floor(clock.getTime() / 1000))),
    ).toMatchObject({ event: { kind: 'other', type: 'customer.created' } });
  });

  it('refuses a tampered body, a wrong secret, a stale timestamp; any of several v1 may match', async () => {
    const { sessionId } = await opened();
    const t = Math.floor(clock.getTime() / 1000);
    const event = double.event('checkout.session.expired', sessionId, t);
    const tampered = Buffer.from(event.rawBody.toString().replace('expired', 'completed'));
    expect(await webhook({ ...event, rawBody: tampered })).toEqual({
      verified: false,
      reason: 'signature_mismatch',
    });
    const wrong = signHeader({ secret: 'whsec_other', payload: event.rawBody, timestamp: t });
    expect(await webhook({ ...event, headers: { 'stripe-signature': wrong } })).toEqual({
      verified: false,
      reason: 'signature_mismatch',
    });
    const stale = double.event('checkout.session.expired', sessionId, t - 301);
    expect(await webhook(stale)).toEqual({ verified: false, reason: 'signature_stale' });
    const good = event.headers['stripe-signature']!;
    const rolled = `${wrong},${good.split(',')[1]},v0=abc`;
    expect(await webhook({ ...event, headers: { 'stripe-signature': rolled } })).toMatchObject({
      verified: true,
    });
    expect(await webhook({ ...event, headers: {} })).toEqual({
      verified: false,
      reason: 'signature_missing',
    });
  });

  it('refunds by the session’s payment intent, once per refund id, and reads refund events', async () => {
    const { payment, sessionId } = await opened();
    const refund = {
      refundId: randomUUID(),
      paymentId: payment.paymentId,
      providerPaymentId: sessionId,
      amount: { amountMinor: 1000, currency: 'USD' as const },
      reason: 'asked',
    };
    expect(await provider.refund(refund)).toEqual({ kind: 'refused', reason: 'not_paid' });
    double.complete(sessionId);
    const first = await provider.refund(refund);
    expect(first).toMatchObject({
      kind: 'accepted',
      refundId: refund.refundId,
      status: 'succeeded',
      amount: refund.amount,
    });
    const sent = double.requests.at(-1)!;
    expect(sent.headers['idempotency-key']).toBe(refund.refundId);
    expect(decodeForm(sent.body)).toMatchObject({
      payment_intent: double.sessions.get(sessionId)!.payment_intent,
      amount: '1000',
    });
    expect(await provider.refund(refund)).toEqual(first);
    expect(
      await provider.refund({
        ...refund,
        refundId: randomUUID(),
        amount: { amountMinor: 2999, currency: 'USD' },
      }),
    ).toEqual({ kind: 'refused', reason: 'amount_too_large' });
    if (first.kind !== 'accepted') return;
    const t = Math.floor(clock.getTime() / 1000);
    expect(await webhook(double.event('refund.updated', first.providerRefundId, t))).toMatchObject({
      event: { kind: 'refund', refund: { refundId: refund.refundId } },
    });
    expect(await webhook(double.event('charge.refunded', double.chargeOf(sessionId), t))).toMatchObject({
      event: { kind: 'refund', refund: { providerRefundId: first.providerRefundId } },
    });
  });

  it('maps Stripe’s errors: request problems refused, faults thrown, a 500 retried once with the same key', async () => {
    double.failNext({ type: 'card_error', code: 'card_declined' });
    expect(await provider.createPayment(input())).toEqual({ kind: 'refused', reason: 'card_declined' });
    double.failNext({ type: 'invalid_request_error' });
    expect(await provider.createPayment(input())).toEqual({
      kind: 'refused',
      reason: 'invalid_request_error',
    });
    const wrongKey = createStripeProvider({ ...secrets, secretKey: 'sk_test_wrong', apiUrl: double.url });
    await expect(wrongKey.createPayment(input())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      code: 'authentication_error',
      status: 401,
    });
    double.failNext({ type: 'rate_limit_error' }, { type: 'rate_limit_error' });
    await expect(provider.createPayment(input())).rejects.toMatchObject({
      code: 'rate_limit_error',
      status: 429,
    });
    const payment = input();
    double.failNext({ type: 'api_error' });
    const before = double.requests.length;
    expect(await provider.createPayment(payment)).toMatchObject({ kind: 'redirect' });
    expect(double.requests.slice(before).map((r) => r.headers['idempotency-key'])).toEqual([
      payment.paymentId,
      payment.paymentId,
    ]);
  });
});
