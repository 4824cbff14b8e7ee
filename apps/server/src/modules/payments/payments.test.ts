import { randomUUID } from 'node:crypto';
import { formatMoney } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactor } from '../../platform/db/transactions.ts';
import { demoSignatureHeader } from '../../platform/payments/demo/demo-provider.ts';
import { signHeader } from '../../platform/payments/signed-header.ts';
import {
  backOffice,
  buyWithDemoCard,
  createTestApp,
  litreBalance,
  outboxMessagesTo,
  registerUser,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';
import { createPaymentsRepo, duplicatePaymentReason } from './payments.repo.ts';

const secret = 'demo-acquirer-test-secret-0123456789';
const callbacks = {
  resolveCallbackUrl: 'http://localhost/en/shopping-cart/checkout/demo-card/validate',
  rejectCallbackUrl: 'http://localhost/en/shopping-cart/checkout/failure',
};

describe.each(testDatabases)('payments (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { DEMO_ACQUIRER_SECRET: secret });
  });
  afterAll(() => t.close());

  const call = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores${url}`, payload, headers: { authorization: token } });
  const repo = () => createPaymentsRepo(createTransactor(t.database.db));

  /** A placed order of 10 litres and its open payment (ours, as stored). */
  async function openPayment(token: string) {
    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10' }],
      paymentOptionId: 'demo-card',
    });
    const result = (await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks)).json();
    const [payment] = await repo().ofOrder(result.orderId);
    if (!payment) throw new Error('no payment was opened');
    return { result, payment, pagePath: new URL(result.formUrl).pathname };
  }

  const payWithCard = (pagePath: string) =>
    t.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242424242424242&expiry=12%2F34&cvc=123',
    });

  it('asks the acquirer, not the query: a forged "paid" return of an unpaid payment changes nothing', async () => {
    const token = await registerUser(t, `forged-${kind}@example.com`);
    const { payment } = await openPayment(token);
    const forged = await call(token, '/paymentOptions/demo-card/validate', {
      queryString: `?payment=${payment.id}&status=paid&paymentId=${payment.providerPaymentId}`,
    });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json()).toMatchObject({
      statusId: 'payment_operation_statuses.not_paid',
      paymentRequired: true,
    });
    expect((await repo().find(payment.id))?.status).toBe('pending');
    expect(await litreBalance(t, token)).toBe(5);
  });

  it('credits once when the webhook and several returns arrive together', async () => {
    const token = await registerUser(t, `race-${kind}@example.com`);
    const { payment, pagePath } = await openPayment(token);
    // Paying notifies the server in-process (the acquirer's webhook) while the buyer comes back.
    const [paid, ...returns] = await Promise.all([
      payWithCard(pagePath),
      ...[1, 2, 3, 4].map(() =>
        call(token, '/paymentOptions/demo-card/validate', { queryString: `?payment=${payment.id}` }),
      ),
    ]);
    expect(paid?.statusCode).toBe(303);
    for (const answer of returns) expect(answer.statusCode, answer.body).toBe(200);
    const after = await Promise.all(
      [1, 2].map(() =>
        call(token, '/paymentOptions/demo-card/validate', { queryString: `?payment=${payment.id}` }),
      ),
    );
    for (const answer of after) expect(answer.json().statusId).toBe('payment_operation_statuses.paid');
    expect(await litreBalance(t, token)).toBe(5 + 10);
  });

  it('returns a second payment of a paid order whole: two payment pages of one order, both paid at once', async () => {
    const token = await registerUser(t, `twice-${kind}@example.com`);
    const first = await openPayment(token);
    // The buyer came back from the first page and paid again from the order: a second page.
    const again = await call(token, '/paymentOptions/perform', {
      paymentOptionId: 'demo-card',
      ...callbacks,
      documentItemList: [{ documentType: 'customer_order', documentId: first.result.orderId }],
    });
    expect(again.statusCode, again.body).toBe(200);
    const secondPage = new URL(again.json().formUrl).pathname;
    expect(secondPage).not.toBe(first.pagePath);

    const paid = await Promise.all([payWithCard(first.pagePath), payWithCard(secondPage)]);
    for (const answer of paid) expect(answer.statusCode, answer.body).toBe(303);
    // Both returns, at once, say the order is paid.
    const ids = (await repo().ofOrder(first.result.orderId)).map((payment) => payment.id);
    const returns = await Promise.all(
      ids.map((id) => call(token, '/paymentOptions/demo-card/validate', { queryString: `?payment=${id}` })),
    );
    for (const answer of returns) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().statusId).toBe('payment_operation_statuses.paid');
    }
    const payments = await repo().ofOrder(first.result.orderId);
    expect(payments.map((payment) => payment.status).sort()).toEqual(['paid', 'refunded']);
    expect(await litreBalance(t, token)).toBe(5 + 10);

    // The duplicate went back to the card in full; the order's own refund is untouched.
    const duplicate = payments.find((payment) => payment.status === 'refunded');
    // The refund goes to the acquirer after the settling commits: by whichever of the return and the
    // acquirer's notice settled the payment, so it may still be on its way when the returns answer.
    const returned = async () =>
      (await t.database.db.query.paymentRefunds.findMany()).filter(
        (refund) => refund.paymentId === duplicate?.id,
      );
    await expect.poll(returned).toMatchObject([
      {
        status: 'succeeded',
        amountMinor: duplicate?.amountMinor,
        reason: 'duplicate payment of a paid order',
      },
    ]);
    expect((await returned())[0]?.providerRefundId).toBeTruthy();
    expect(await repo().refundOfOrder(first.result.orderId)).toBeNull();

    const order = (await call(token, `/orders/${first.result.orderId}/fetchOrder`)).json().order;
    expect(order.status).toMatch(/^(paid|fulfilled)$/);

    // The buyer is told of each payment once: the order paid, and the second payment returned.
    const returnedMail = `Your second payment for Order No. ${order.number} is returned`;
    const mails = () => outboxMessagesTo(t, `twice-${kind}@example.com`);
    const subjects = async () => (await mails()).map((mail) => mail.subject);
    await expect
      .poll(subjects)
      .toEqual(expect.arrayContaining([`Order No. ${order.number} is paid`, returnedMail]));
    expect((await subjects()).filter((subject) => subject?.startsWith('Order No.'))).toHaveLength(1);
    const returnedMails = (await mails()).filter((mail) => mail.subject === returnedMail);
    expect(returnedMails).toHaveLength(1);
    const amount = formatMoney(duplicate?.amountMinor ?? 0, duplicate?.currency ?? '', 'en');
    expect(returnedMails[0]?.text).toContain(`so the second payment of ${amount} has been returned`);
    expect(returnedMails[0]?.text).toContain(`/en/user/orders/${first.result.orderId}`);
  });

  it('sends again a refund no provider took, once it has waited, and tells the buyer once', async () => {
    const email = `unsent-${kind}@example.com`;
    const token = await registerUser(t, email);
    const orderId = await buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_10' }]);
    const [payment] = await repo().ofOrder(orderId);
    if (!payment) throw new Error('no payment');
    // As refundDuplicate leaves it when the provider cannot be reached: pending, not taken.
    const opened = new Date(Date.now() - 120_000);
    const refund = await repo().insertRefund({
      id: randomUUID(),
      paymentId: payment.id,
      orderId,
      provider: payment.provider,
      providerRefundId: null,
      status: 'pending',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reason: duplicatePaymentReason,
      createdAt: opened,
      updatedAt: opened,
    });
    const payments = backOffice(t, () => new Date()).payments;

    // A refund opened a minute ago or less may be on its way: left alone.
    expect(await payments.retryUnsentRefunds(180_000)).toBe(0);
    expect((await repo().lockRefund({ id: refund.id }))?.status).toBe('pending');

    expect(await payments.retryUnsentRefunds()).toBe(1);
    const sent = await repo().lockRefund({ id: refund.id });
    expect(sent).toMatchObject({ status: 'succeeded', providerRefundId: expect.any(String) });
    expect(await payments.retryUnsentRefunds()).toBe(0);
    const subjects = (await outboxMessagesTo(t, email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject?.startsWith('Your second payment'))).toHaveLength(1);
  });

  it('takes a signed webhook once, and refuses a forged or stale one', async () => {
    const token = await registerUser(t, `webhook-${kind}@example.com`);
    const { payment } = await openPayment(token);
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.paid',
      payment: { id: payment.providerPaymentId, merchantPaymentId: payment.id, status: 'paid' },
    });
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/demo',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await post({})).statusCode).toBe(400);
    expect(
      (
        await post({
          [demoSignatureHeader]: signHeader({
            secret: 'wrong-secret-0123456789',
            payload: body,
            timestamp: now,
          }),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post({ [demoSignatureHeader]: signHeader({ secret, payload: body, timestamp: now - 3600 }) }))
        .statusCode,
    ).toBe(400);
    // Well signed, but the acquirer is asked: it says the payment is still pending.
    const signed = { [demoSignatureHeader]: signHeader({ secret, payload: body, timestamp: now }) };
    expect((await post(signed)).statusCode).toBe(200);
    expect((await post(signed)).statusCode).toBe(200);
    expect((await repo().find(payment.id))?.status).toBe('pending');
    expect(await litreBalance(t, token)).toBe(5);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/nobody', payload: '{}' }))
        .statusCode,
    ).toBe(404);
  });
});
