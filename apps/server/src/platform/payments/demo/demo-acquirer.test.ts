import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTransactor } from '../../db/transactions.ts';
import { registerSecurityHeaders } from '../../http/security.ts';
import { createDemoAcquirerRepo } from './demo-acquirer.repo.ts';
import { demoAcquirerRoutes } from './demo-acquirer.routes.ts';
import { createDemoAcquirer, type DemoAcquirer, type DemoAcquirerEvent } from './demo-acquirer.ts';

let database: Database;
let acquirer: DemoAcquirer;
let app: FastifyInstance;
const events: DemoAcquirerEvent[] = [];
const now = new Date('2026-01-15T12:00:00Z');

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  await database.migrate();
  acquirer = createDemoAcquirer({
    repo: createDemoAcquirerRepo(createTransactor(database.db)),
    now: () => now,
  });
  acquirer.subscribe(async (event) => {
    events.push(event);
  });
  app = Fastify();
  // The site's own headers, as in production: the pages must still carry their own CSP.
  await registerSecurityHeaders(app, {
    siteOrigins: [],
    analyticsOrigin: null,
    imageOrigins: [],
    formActionOrigins: [],
  });
  await app.register(demoAcquirerRoutes, {
    prefix: '/demo-acquirer',
    acquirer,
    merchantName: 'Cutout <Shop>',
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const open = (overrides: Partial<Parameters<DemoAcquirer['open']>[0]> = {}) =>
  acquirer.open({
    merchantPaymentId: randomUUID(),
    amountMinor: 123450,
    currency: 'RUB',
    description: 'Order 42',
    returnUrl: 'https://shop.example/payment/validate?order=42',
    cancelUrl: 'https://shop.example/cart',
    language: 'en',
    ...overrides,
  });

const submit = (id: string, path: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/demo-acquirer/pay/${id}${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const card = (number: string, extra: Partial<Record<'expiry' | 'cvc', string>> = {}) => ({
  number,
  expiry: '12/30',
  cvc: '123',
  ...extra,
});

const codeOnPage = (html: string) => /the code is <strong>(\d{6})<\/strong>/.exec(html)?.[1] ?? '';

describe('demo acquirer: the hosted page', () => {
  it('shows the payment with its own CSP, amounts formatted, test cards and a cancel button', async () => {
    const payment = (await open({ language: 'ru' }))!;
    const response = await app.inject({ url: `/demo-acquirer/pay/${payment.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('1\u00a0234,50\u00a0₽');
    expect(response.body).toContain('Тестовые карты');
    expect(response.body).toContain('4000 0000 0000 3220');
    expect(response.body).toContain(`action="/demo-acquirer/pay/${payment.id}/cancel"`);
    const csp = String(response.headers['content-security-policy']);
    const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(csp).toContain("form-action 'self' https://shop.example");
    expect(csp).not.toContain('script-src');
    // Its icon comes with the page (CSP img-src allows data:), so the browser asks for no /favicon.ico.
    expect(response.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);
    expect(csp).toContain("img-src 'self' data:");
  });

  it('escapes what it interpolates', async () => {
    const payment = (await open({ description: '<script>alert(1)</script>"' }))!;
    const response = await app.inject({ url: `/demo-acquirer/pay/${payment.id}` });
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(response.body).toContain('Cutout &lt;Shop&gt;');
  });

  it('pays with 4242… and sends the browser back with paymentId added to the query', async () => {
    const payment = (await open())!;
    // The amount is the payment's: one slipped into the form is ignored.
    const form = { ...card('4242 4242 4242 4242'), amountMinor: '1', currency: 'USD' };
    const response = await submit(payment.id, '', form);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `https://shop.example/payment/validate?order=42&paymentId=${payment.id}`,
    );
    const row = await acquirer.find(payment.id);
    expect(row).toMatchObject({ status: 'paid', cardLast4: '4242', amountMinor: 123450, currency: 'RUB' });
    await acquirer.idle();
    expect(events.some((e) => e.type === 'payment.paid' && e.payment.id === payment.id)).toBe(true);
    const again = await app.inject({ url: `/demo-acquirer/pay/${payment.id}` });
    expect(again.body).toContain('Return to the store');
    expect(again.body).not.toContain('name="number"');
  });

  it('declines 4000…0002 and any other valid card as unknown', async () => {
    for (const [number, reason] of [
      ['4000000000000002', 'card_declined'],
      ['5555555555554444', 'unknown_test_card'],
    ]) {
      const payment = (await open())!;
      expect((await submit(payment.id, '', card(number!))).statusCode).toBe(303);
      expect(await acquirer.find(payment.id)).toMatchObject({ status: 'failed', failureReason: reason });
    }
  });

  it('re-shows a malformed card with field errors and changes nothing', async () => {
    const payment = (await open())!;
    for (const bad of [
      card('4242 4242 4242 4241'),
      card('4242', { cvc: '12' }),
      card('4242424242424242', { expiry: '13/30' }),
      card('4242424242424242', { expiry: '12/25' }),
    ]) {
      const response = await submit(payment.id, '', bad);
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain('aria-invalid="true"');
    }
    expect(await acquirer.find(payment.id)).toMatchObject({ status: 'pending', cardLast4: null });
  });

  it('asks 4000…3220 for the one-time code shown on the page, stored only as a hash', async () => {
    const payment = (await open())!;
    const asked = await submit(payment.id, '', card('4000000000003220'));
    expect(asked.statusCode).toBe(200);
    const code = codeOnPage(asked.body);
    expect(code).toMatch(/^\d{6}$/);
    const row = await acquirer.find(payment.id);
    expect(row?.status).toBe('awaiting_confirmation');
    expect(row?.confirmationCodeHash).not.toContain(code);
    const done = await submit(payment.id, '/confirm', { code });
    expect(done.statusCode).toBe(303);
    expect(await acquirer.find(payment.id)).toMatchObject({ status: 'paid' });
  });

  it('fails the payment on the third wrong code', async () => {
    const payment = (await open())!;
    const asked = await submit(payment.id, '', card('4000000000003220'));
    const wrong = codeOnPage(asked.body) === '000000' ? '111111' : '000000';
    const first = await submit(payment.id, '/confirm', { code: wrong });
    expect(first.statusCode).toBe(422);
    expect(first.body).toContain('Tries left: 2');
    const secondWrong = codeOnPage(first.body) === '000000' ? '111111' : '000000';
    expect((await submit(payment.id, '/confirm', { code: secondWrong })).body).toContain('Tries left: 1');
    const last = await submit(payment.id, '/confirm', { code: 'nope' });
    expect(last.statusCode).toBe(303);
    expect(await acquirer.find(payment.id)).toMatchObject({
      status: 'failed',
      failureReason: 'confirmation_failed',
    });
  });

  it('cancels to the cancel address; a final payment is not paid again', async () => {
    const payment = (await open())!;
    const canceled = await submit(payment.id, '/cancel', {});
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(`https://shop.example/cart?paymentId=${payment.id}`);
    await submit(payment.id, '', card('4242424242424242'));
    expect(await acquirer.find(payment.id)).toMatchObject({
      status: 'canceled',
      failureReason: 'canceled_by_customer',
    });
  });

  it('answers 404 for an unknown payment', async () => {
    expect((await app.inject({ url: '/demo-acquirer/pay/demo_pay_nope' })).statusCode).toBe(404);
    expect((await submit('demo_pay_nope', '', card('4242424242424242'))).statusCode).toBe(404);
  });
});

describe('demo acquirer: its books', () => {
  it('opens once per merchant payment id and refuses the same id with another amount', async () => {
    const merchantPaymentId = randomUUID();
    const first = await open({ merchantPaymentId });
    const second = await open({ merchantPaymentId });
    expect(second?.id).toBe(first?.id);
    expect(await open({ merchantPaymentId, amountMinor: 1 })).toBeNull();
  });

  it('refunds once per merchant refund id and never more than was paid', async () => {
    const payment = (await open({ amountMinor: 1000 }))!;
    expect(
      await acquirer.refund({ paymentId: payment.id, merchantRefundId: randomUUID(), amountMinor: 1 }),
    ).toEqual({
      kind: 'refused',
      reason: 'not_paid',
    });
    await submit(payment.id, '', card('4242424242424242'));
    const merchantRefundId = randomUUID();
    const first = await acquirer.refund({ paymentId: payment.id, merchantRefundId, amountMinor: 600 });
    const again = await acquirer.refund({ paymentId: payment.id, merchantRefundId, amountMinor: 600 });
    expect(first.kind).toBe('accepted');
    expect(again).toEqual(first);
    const over = await acquirer.refund({
      paymentId: payment.id,
      merchantRefundId: randomUUID(),
      amountMinor: 401,
    });
    expect(over).toEqual({ kind: 'refused', reason: 'over_refund' });
    const rest = await acquirer.refund({
      paymentId: payment.id,
      merchantRefundId: randomUUID(),
      amountMinor: 400,
    });
    expect(rest.kind).toBe('accepted');
    await acquirer.idle();
    expect(events.filter((e) => e.type === 'refund.succeeded' && e.payment.id === payment.id)).toHaveLength(
      2,
    );
  });
});
