import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentInput, PaymentProvider } from '../payments.port.ts';
import { startYooKassaDouble, type YooKassaDouble } from './yookassa-double.ts';
import { createYooKassaProvider } from './yookassa-provider.ts';

const credentials = { shopId: '123456', secretKey: 'test_secret' };
let double: YooKassaDouble;
let provider: PaymentProvider;

beforeAll(async () => {
  double = await startYooKassaDouble(credentials);
  provider = createYooKassaProvider({
    ...credentials,
    apiUrl: double.url,
    sendReceipt: true,
    allowedNotificationSources: ['127.0.0.1', '::1'],
  });
});

afterAll(async () => {
  await double?.close();
});

const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: randomUUID(),
  orderId: randomUUID(),
  amount: { amountMinor: 123450, currency: 'RUB' },
  description: 'Заказ 42',
  lines: [{ name: '500 литров', quantity: 1, unitPrice: { amountMinor: 123450, currency: 'RUB' } }],
  returnUrl: 'https://shop.example/payment/validate?p=1',
  cancelUrl: 'https://shop.example/cart',
  customer: { email: 'buyer@example.com', phoneNumber: null },
  language: 'ru',
  ...overrides,
});

async function opened(overrides: Partial<CreatePaymentInput> = {}) {
  const payment = input(overrides);
  const start = await provider.createPayment(payment);
  if (start.kind !== 'redirect') throw new Error(`not opened: ${JSON.stringify(start)}`);
  return { payment, providerPaymentId: start.providerPaymentId, url: start.url };
}

describe('YooKassa adapter against the double', () => {
  it('opens a payment with Basic auth, the Idempotence-Key and the documented body', async () => {
    const { payment, providerPaymentId, url } = await opened();
    const sent = double.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/payments' });
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('123456:test_secret').toString('base64')}`);
    expect(sent.headers['idempotence-key']).toBe(payment.paymentId);
    expect(JSON.parse(sent.body)).toEqual({
      amount: { value: '1234.50', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: payment.returnUrl, locale: 'ru_RU' },
      description: 'Заказ 42',
      metadata: { paymentId: payment.paymentId, orderId: payment.orderId },
      receipt: {
        customer: { email: 'buyer@example.com' },
        items: [
          {
            description: '500 литров',
            quantity: '1.00',
            amount: { value: '1234.50', currency: 'RUB' },
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
      },
    });
    expect(url).toBe(`${double.url.replace('/v3', '')}/checkout/${providerPaymentId}`);
  });

  it('sends one receipt item for the total when the lines do not add up (a discount)', async () => {
    await opened({ lines: [{ name: 'x', quantity: 2, unitPrice: { amountMinor: 70000, currency: 'RUB' } }] });
    const items = JSON.parse(double.requests.at(-1)!.body).receipt.items;
    expect(items).toEqual([
      expect.objectContaining({ description: 'Заказ 42', amount: { value: '1234.50', currency: 'RUB' } }),
    ]);
  });

  it('opens the same payment once for the same payment id', async () => {
    const payment = input();
    const first = await provider.createPayment(payment);
    expect(await provider.createPayment(payment)).toEqual(first);
    expect(double.payments.size).toBeGreaterThan(0);
    const count = [...double.payments.values()].filter((p) => p.metadata.paymentId === payment.paymentId);
    expect(count).toHaveLength(1);
  });

  it('refuses currencies other than RUB without calling', async () => {
    const before = double.requests.length;
    expect(await provider.createPayment(input({ amount: { amountMinor: 100, currency: 'USD' } }))).toEqual({
      kind: 'refused',
      reason: 'currency_not_supported',
    });
    expect(double.requests).toHaveLength(before);
  });

  it('validates a return by asking the API, never the query', async () => {
    const { payment, providerPaymentId } = await opened();
    const forged = new URLSearchParams({ status: 'succeeded', paid: 'true' });
    const pending = await provider.validateReturn({
      paymentId: payment.paymentId,
      providerPaymentId,
      query: forged,
    });
    expect(pending).toMatchObject({ status: 'pending', amount: { amountMinor: 123450, currency: 'RUB' } });
    const checkout = await fetch(`${double.url.replace('/v3', '')}/checkout/${providerPaymentId}`, {
      redirect: 'manual',
    });
    expect(checkout.headers.get('location')).toBe(payment.returnUrl);
    const paid = await provider.validateReturn({
      paymentId: payment.paymentId,
      providerPaymentId,
      query: new URLSearchParams(),
    });
    expect(paid).toEqual({
      paymentId: payment.paymentId,
      providerPaymentId,
      status: 'paid',
      amount: { amountMinor: 123450, currency: 'RUB' },
      failureReason: null,
    });
    const other = await opened();
    double.cancel(other.providerPaymentId, 'insufficient_funds');
    expect(
      await provider.validateReturn({
        paymentId: other.payment.paymentId,
        providerPaymentId: other.providerPaymentId,
        query: forged,
      }),
    ).toMatchObject({
      status: 'canceled',
      failureReason: 'insufficient_funds',
    });
    // Another payment's id is not ours: a fault, never a validation.
    await expect(
      provider.validateReturn({ paymentId: randomUUID(), providerPaymentId, query: forged }),
    ).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('refuses a notification from an address YooKassa does not send from', async () => {
    const { providerPaymentId } = await opened();
    const rawBody = Buffer.from(
      JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: providerPaymentId, status: 'succeeded' },
      }),
    );
    expect(await provider.parseWebhook({ headers: {}, rawBody, client: '203.0.113.9' })).toEqual({
      verified: false,
      reason: 'source_not_allowed',
    });
  });

  it('accepts one from an allowed address and answers the state read back, not the body', async () => {
    const { payment, providerPaymentId } = await opened();
    // The body claims success; the API still says pending.
    const rawBody = Buffer.from(
      JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: providerPaymentId, status: 'succeeded' },
      }),
    );
    const result = await provider.parseWebhook({ headers: {}, rawBody, client: '::ffff:127.0.0.1' });
    expect(result).toEqual({
      verified: true,
      eventId: `payment.succeeded:${providerPaymentId}`,
      event: {
        kind: 'payment',
        payment: expect.objectContaining({ paymentId: payment.paymentId, status: 'pending' }),
      },
    });
    const bogus = Buffer.from(
      JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: randomUUID() } }),
    );
    expect(await provider.parseWebhook({ headers: {}, rawBody: bogus, client: '127.0.0.1' })).toEqual({
      verified: false,
      reason: 'object_not_found',
    });
  });

  it('refunds once per refund id and reads the refund notification back', async () => {
    const { payment, providerPaymentId } = await opened();
    double.pay(providerPaymentId);
    const refund = {
      refundId: randomUUID(),
      paymentId: payment.paymentId,
      providerPaymentId,
      amount: { amountMinor: 50000, currency: 'RUB' as const },
      reason: 'Возврат',
    };
    const first = await provider.refund(refund);
    expect(first).toMatchObject({
      kind: 'accepted',
      refundId: refund.refundId,
      status: 'succeeded',
      amount: refund.amount,
    });
    expect(double.requests.at(-1)!.headers['idempotence-key']).toBe(refund.refundId);
    expect(JSON.parse(double.requests.at(-1)!.body)).toEqual({
      payment_id: providerPaymentId,
      amount: { value: '500.00', currency: 'RUB' },
      description: 'Возврат',
    });
    expect(await provider.refund(refund)).toEqual(first);
    expect(
      await provider.refund({
        ...refund,
        refundId: randomUUID(),
        amount: { amountMinor: 80000, currency: 'RUB' },
      }),
    ).toEqual({ kind: 'refused', reason: 'invalid_request' });
    if (first.kind !== 'accepted') return;
    const rawBody = Buffer.from(
      JSON.stringify({
        type: 'notification',
        event: 'refund.succeeded',
        object: { id: first.providerRefundId },
      }),
    );
    expect(await provider.parseWebhook({ headers: {}, rawBody, client: '127.0.0.1' })).toMatchObject({
      verified: true,
      event: {
        kind: 'refund',
        refund: { refundId: null, providerRefundId: first.providerRefundId, status: 'succeeded' },
      },
    });
  });

  it('answers the merchant’s and buyer’s errors as refusals and throws faults', async () => {
    for (const code of ['invalid_request', 'forbidden', 'not_found'] as const) {
      double.failNext(code);
      expect(await provider.createPayment(input())).toEqual({ kind: 'refused', reason: code });
    }
    const wrongKey = createYooKassaProvider({ ...credentials, secretKey: 'wrong', apiUrl: double.url });
    await expect(wrongKey.createPayment(input())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      code: 'invalid_credentials',
      status: 401,
    });
    double.failNext('internal_server_error', 'internal_server_error');
    await expect(provider.createPayment(input())).rejects.toMatchObject({
      code: 'internal_server_error',
      status: 500,
    });
    double.failNext('too_many_requests', 'too_many_requests');
    await expect(provider.createPayment(input())).rejects.toMatchObject({ code: 'too_many_requests' });
    const unreachable = createYooKassaProvider({ ...credentials, apiUrl: 'http://127.0.0.1:9/v3' });
    await expect(unreachable.createPayment(input())).rejects.toMatchObject({ code: 'unreachable' });
    const slow = createYooKassaProvider({
      ...credentials,
      apiUrl: double.url,
      timeoutMs: 1,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(slow.createPayment(input())).rejects.toMatchObject({ code: 'timeout' });
  });

  it('tries a 500 once more with the same Idempotence-Key', async () => {
    const payment = input();
    double.failNext('internal_server_error');
    const before = double.requests.length;
    expect(await provider.createPayment(payment)).toMatchObject({ kind: 'redirect' });
    const tries = double.requests.slice(before);
    expect(tries).toHaveLength(2);
    expect(tries.map((r) => r.headers['idempotence-key'])).toEqual([payment.paymentId, payment.paymentId]);
  });
});
