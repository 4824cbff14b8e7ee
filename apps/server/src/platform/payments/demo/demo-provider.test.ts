import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTransactor, type Transactor } from '../../db/transactions.ts';
import type { CreatePaymentInput, PaymentProvider, WebhookResult } from '../payments.port.ts';
import { signHeader } from '../signed-header.ts';
import { createDemoAcquirerRepo } from './demo-acquirer.repo.ts';
import { createDemoAcquirer, type DemoAcquirer } from './demo-acquirer.ts';
import { createDemoProvider, demoSignatureHeader } from './demo-provider.ts';

let database: Database;
let acquirer: DemoAcquirer;
let transactor: Transactor;
let provider: PaymentProvider;
const secret = 'whsec_demo_test';
const clock = new Date('2026-01-15T12:00:00Z');
const delivered: Array<{ headers: Record<string, string>; rawBody: Buffer }> = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  await database.migrate();
  transactor = createTransactor(database.db);
  acquirer = createDemoAcquirer({ repo: createDemoAcquirerRepo(transactor), now: () => clock });
  provider = createDemoProvider({
    acquirer,
    baseUrl: 'http://localhost:3000/demo-acquirer/',
    webhookSecret: secret,
    now: () => clock,
    notify: async (request) => {
      delivered.push(request);
    },
  });
});

afterAll(async () => {
  await database?.close();
});

const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: randomUUID(),
  orderId: randomUUID(),
  amount: { amountMinor: 1999, currency: 'USD' },
  description: 'Order 7',
  lines: [{ name: '100 litres', quantity: 1, unitPrice: { amountMinor: 1999, currency: 'USD' } }],
  returnUrl: 'http://localhost:3000/payment/validate',
  cancelUrl: 'http://localhost:3000/cart',
  customer: { email: 'a@example.com', phoneNumber: null },
  language: 'en',
  ...overrides,
});

const pay = (providerPaymentId: string, number = '4242424242424242') =>
  acquirer.pay(providerPaymentId, { number, expiry: '12/30', cvc: '123' });

const webhook = (rawBody: Buffer, signature: string) =>
  provider.parseWebhook({ headers: { [demoSignatureHeader]: signature }, rawBody, client: '127.0.0.1' });

describe('demo provider', () => {
  it('opens a payment once and answers its hosted page', async () => {
    const payment = input();
    const start = await provider.createPayment(payment);
    expect(start).toMatchObject({ kind: 'redirect' });
    if (start.kind !== 'redirect') return;
    expect(start.url).toBe(`http://localhost:3000/demo-acquirer/pay/${start.providerPaymentId}`);
    expect(await provider.createPayment(payment)).toEqual(start);
    expect(await provider.createPayment({ ...payment, amount: { amountMinor: 1, currency: 'USD' } })).toEqual(
      {
        kind: 'refused',
        reason: 'idempotency_conflict',
      },
    );
    expect(await provider.createPayment(input({ amount: { amountMinor: 100, currency: 'JPY' } }))).toEqual({
      kind: 'refused',
      reason: 'currency_not_supported',
    });
  });

  it('validates a return from the acquirer, never from the query', async () => {
    const payment = input();
    const start = await provider.createPayment(payment);
    if (start.kind !== 'redirect') throw new Error('not opened');
    const forged = new URLSearchParams({ paymentId: start.providerPaymentId, status: 'paid' });
    const before = await provider.validateReturn({
      paymentId: payment.paymentId,
      providerPaymentId: null,
      query: forged,
    });
    expect(before).toMatchObject({ status: 'pending', providerPaymentId: start.providerPaymentId });
    await pay(start.providerPaymentId);
    const after = await provider.validateReturn({
      paymentId: payment.paymentId,
      providerPaymentId: start.providerPaymentId,
      query: new URLSearchParams(),
    });
    expect(after).toEqual({
      paymentId: payment.paymentId,
      providerPaymentId: start.providerPaymentId,
      status: 'paid',
      amount: { amountMinor: 1999, currency: 'USD' },
      failureReason: null,
    });
    // Another payment's provider id does not validate this one.
    await expect(
      provider.validateReturn({
        paymentId: randomUUID(),
        providerPaymentId: start.providerPaymentId,
        query: forged,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('signs a notification when a payment is final, and reads it back verified', async () => {
    const start = await provider.createPayment(input());
    if (start.kind !== 'redirect') throw new Error('not opened');
    await pay(start.providerPaymentId, '4000000000000002');
    await acquirer.idle();
    const sent = delivered.find((d) => d.rawBody.toString().includes(start.providerPaymentId));
    expect(sent?.headers[demoSignatureHeader]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const result = await provider.parseWebhook({
      headers: sent!.headers,
      rawBody: sent!.rawBody,
      client: '::1',
    });
    expect(result).toMatchObject({
      verified: true,
      event: { kind: 'payment', payment: { status: 'failed', failureReason: 'card_declined' } },
    });
  });

  it('refuses a tampered body, a wrong secret, a stale timestamp and a missing signature', async () => {
    const start = await provider.createPayment(input());
    if (start.kind !== 'redirect') throw new Error('not opened');
    const body = Buffer.from(
      JSON.stringify({ id: 'evt_1', type: 'payment.paid', payment: { id: start.providerPaymentId } }),
    );
    const t = Math.floor(clock.getTime() / 1000);
    expect(await webhook(body, signHeader({ secret, payload: body, timestamp: t }))).toMatchObject({
      verified: true,
    });
    const tampered = Buffer.from(body.toString().replace('paid', 'fail'));
    expect(await webhook(tampered, signHeader({ secret, payload: body, timestamp: t }))).toEqual({
      verified: false,
      reason: 'signature_mismatch',
    });
    expect(await webhook(body, signHeader({ secret: 'other', payload: body, timestamp: t }))).toMatchObject({
      verified: false,
    });
    expect(await webhook(body, signHeader({ secret, payload: body, timestamp: t - 301 }))).toEqual({
      verified: false,
      reason: 'signature_stale',
    });
    expect(await provider.parseWebhook({ headers: {}, rawBody: body, client: '::1' })).toMatchObject({
      verified: false,
    });
  });

  it('refunds through the acquirer, once per refund id, and notifies it', async () => {
    const payment = input();
    const start = await provider.createPayment(payment);
    if (start.kind !== 'redirect') throw new Error('not opened');
    await pay(start.providerPaymentId);
    const refund = {
      refundId: randomUUID(),
      paymentId: payment.paymentId,
      providerPaymentId: start.providerPaymentId,
      amount: { amountMinor: 999, currency: 'USD' as const },
      reason: 'customer asked',
    };
    const first = await provider.refund(refund);
    expect(first).toMatchObject({ kind: 'accepted', status: 'succeeded', refundId: refund.refundId });
    expect(await provider.refund(refund)).toEqual(first);
    expect(
      await provider.refund({
        ...refund,
        refundId: randomUUID(),
        amount: { amountMinor: 1001, currency: 'USD' },
      }),
    ).toEqual({
      kind: 'refused',
      reason: 'over_refund',
    });
    await acquirer.idle();
    const sent = delivered.find((d) => d.rawBody.toString().includes(refund.refundId));
    const result = await provider.parseWebhook({
      headers: sent!.headers,
      rawBody: sent!.rawBody,
      client: '::1',
    });
    expect(result).toMatchObject({
      verified: true,
      event: { kind: 'refund', refund: { refundId: refund.refundId } },
    });
  });

  it('logs a failed delivery instead of failing the payment', async () => {
    const errors: unknown[] = [];
    const failing = createDemoProvider({
      acquirer,
      baseUrl: 'http://localhost:3000/demo-acquirer',
      webhookSecret: secret,
      notify: async () => {
        throw new Error('store down');
      },
      onNotifyError: (error) => errors.push(error),
    });
    const start = await failing.createPayment(input());
    if (start.kind !== 'redirect') throw new Error('not opened');
    expect((await pay(start.providerPaymentId)).payment.status).toBe('paid');
    await acquirer.idle();
    failing.stop();
    expect(errors).toHaveLength(1);
  });

  it('delivers a refund made inside our transaction after it, outside it', async () => {
    const handled: WebhookResult[] = [];
    // As the payments module would: the handler reads the notification back on the database.
    const inline = createDemoProvider({
      acquirer,
      baseUrl: 'http://localhost:3000/demo-acquirer',
      webhookSecret: secret,
      now: () => clock,
      notify: async (request) => {
        // Let the transaction around the refund end first, as a real handler's I/O would.
        await new Promise((resolve) => setImmediate(resolve));
        handled.push(await inline.parseWebhook({ ...request, client: '::1' }));
      },
    });
    const payment = input();
    const start = await inline.createPayment(payment);
    if (start.kind !== 'redirect') throw new Error('not opened');
    await pay(start.providerPaymentId);
    const refundId = randomUUID();
    await transactor.run(() =>
      inline.refund({
        refundId,
        paymentId: payment.paymentId,
        providerPaymentId: start.providerPaymentId,
        amount: payment.amount,
        reason: 'r',
      }),
    );
    await acquirer.idle();
    inline.stop();
    expect(handled).toContainEqual(
      expect.objectContaining({
        verified: true,
        event: expect.objectContaining({ kind: 'refund', refund: expect.objectContaining({ refundId }) }),
      }),
    );
  });
});
