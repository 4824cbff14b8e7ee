import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '../../platform/payments/stripe/stripe-double.ts';
import {
  startYooKassaDouble,
  type YooKassaDouble,
} from '../../platform/payments/yookassa/yookassa-double.ts';
import { createTestApp, litreBalance, registerUser, type TestApp } from '../../test/harness.ts';

/**
 * The whole checkout through the YooKassa and Stripe adapters, against local servers that speak
 * their documented APIs (the real services cannot be reached from here): roubles go to YooKassa,
 * dollars to Stripe, and each provider's notification settles the payment once.
 */
const operatorToken = 'operator-token-of-the-providers-test-0123456789';

describe('checkout through YooKassa and Stripe (test doubles of their APIs)', () => {
  let t: TestApp;
  let yookassa: YooKassaDouble;
  let stripe: StripeDouble;
  beforeAll(async () => {
    yookassa = await startYooKassaDouble({ shopId: '123456', secretKey: 'test_yookassa_secret' });
    stripe = await startStripeDouble({ secretKey: 'sk_test_double', webhookSecret: 'whsec_double' });
    t = await createTestApp('pglite', {
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_yookassa_secret',
      YOOKASSA_API_URL: yookassa.url,
      YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1',
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_WEBHOOK_SECRET: 'whsec_double',
      STRIPE_API_URL: stripe.url,
      OPERATOR_TOKEN: operatorToken,
    });
  });
  afterAll(async () => {
    await t.close();
    await yookassa.close();
    await stripe.close();
  });

  const call = (token: string, url: string, payload: object, currency = 'RUB') =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores${url}`,
      payload,
      headers: { authorization: token, 'x-currency-id': currency },
    });

  async function checkout(token: string, paymentOptionId: string, currency: string) {
    const cart = await call(
      token,
      '/shoppingCarts/updateShoppingCart',
      { productItems: [{ tradeOfferId: 'offer_litres_10' }], paymentOptionId },
      currency,
    );
    expect(cart.statusCode, cart.body).toBe(200);
    const result = await call(
      token,
      '/shoppingCarts/checkoutShoppingCart',
      {
        resolveCallbackUrl: `http://localhost/en/shopping-cart/checkout/${paymentOptionId}/validate`,
        rejectCallbackUrl: 'http://localhost/en/shopping-cart/checkout/failure',
      },
      currency,
    );
    expect(result.statusCode, result.body).toBe(200);
    return result.json();
  }

  it('lets the checkout form go to the configured providers’ pages (CSP form-action)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/en/shopping-cart' });
    const formAction = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('form-action'));
    expect(formAction).toContain('https://yoomoney.ru');
    expect(formAction).toContain('https://checkout.stripe.com');
    expect(formAction).toContain(new URL(stripe.url).origin);
    expect(formAction).toContain('http://localhost');
  });

  it('offers each provider only in the currencies it takes', async () => {
    const token = await registerUser(t, 'options@example.com');
    const ids = async (currency: string) =>
      (await call(token, '/shoppingCarts/fetchPaymentOptionList', {}, currency))
        .json()
        .paymentOptions.map((option: { id: string }) => option.id);
    // The personal account (AllowPersonalAccount) is a way to pay in every currency.
    expect(await ids('RUB')).toEqual(['yookassa', 'demo-card', 'personal-account']);
    expect(await ids('USD')).toEqual(['stripe', 'demo-card', 'personal-account']);
    const refused = await call(
      token,
      '/shoppingCarts/updateShoppingCart',
      { paymentOptionId: 'stripe' },
      'RUB',
    );
    expect(refused.json().code).toBe('PAYMENT_OPTION_UNAVAILABLE');
  });

  it('pays roubles through YooKassa: redirect, return checked with the API, a notification settles once', async () => {
    const token = await registerUser(t, 'yookassa@example.com');
    const result = await checkout(token, 'yookassa', 'RUB');
    expect(result.formUrl).toContain(yookassa.url.replace(/\/v3$/, ''));
    const [created] = [...yookassa.payments.values()];
    expect(created).toMatchObject({ amount: { value: '290.00', currency: 'RUB' }, status: 'pending' });

    // Not paid yet: the return says so, whatever its query claims.
    const early = await call(token, '/paymentOptions/yookassa/validate', {
      queryString: `?payment=${created?.metadata.paymentId}&status=succeeded`,
    });
    expect(early.json().statusId).toBe('payment_operation_statuses.not_paid');

    yookassa.pay(created?.id as string);
    const notification = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: created?.id, status: 'succeeded' },
    };
    const notify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/yookassa',
        payload: notification,
        remoteAddress: '127.0.0.1',
      });
    const [first, second] = await Promise.all([notify(), notify()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/yookassa',
      payload: notification,
      remoteAddress: '203.0.113.7',
    });
    expect(stranger.statusCode).toBe(400);
    expect(await litreBalance(t, token)).toBe(5 + 10);
    const validated = await call(token, '/paymentOptions/yookassa/validate', {
      queryString: `?payment=${created?.metadata.paymentId}`,
    });
    expect(validated.json().statusId).toBe('payment_operation_statuses.paid');
    expect(await litreBalance(t, token)).toBe(5 + 10);
  });

  it('pays dollars through Stripe Checkout: a signed event settles it; a bad signature changes nothing', async () => {
    const token = await registerUser(t, 'stripe@example.com');
    const result = await checkout(token, 'stripe', 'USD');
    const [session] = [...stripe.sessions.values()];
    expect(result.formUrl).toBe(`${stripe.url}/pay/${session?.id}`);
    expect(session).toMatchObject({ amount_total: 399, currency: 'usd' });

    stripe.complete(session?.id as string);
    const forged = stripe.event('checkout.session.completed', session?.id as string);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { ...forged.headers, 'stripe-signature': 't=1,v1=00' },
      payload: forged.rawBody,
    });
    expect(bad.statusCode).toBe(400);
    expect(await litreBalance(t, token)).toBe(5);

    const event = stripe.event('checkout.session.completed', session?.id as string);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: event.headers,
      payload: event.rawBody,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(await litreBalance(t, token)).toBe(5 + 10);
    const [order] = (await call(token, '/orders/fetchOrderList', {}, 'USD')).json().output;
    expect(order).toMatchObject({ status: 'fulfilled', currency: 'USD', amount: 399 });
  });

  const refund = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores/orders/${orderId}/refund`,
      payload: { reason: 'changed their mind' },
      headers: { 'x-operator-token': operatorToken },
    });

  it('refunds a YooKassa payment once: a refund the API failed stays pending and is sent again', async () => {
    const token = await registerUser(t, 'yookassa-refund@example.com');
    const { orderId } = await checkout(token, 'yookassa', 'RUB');
    const created = [...yookassa.payments.values()].find((payment) => payment.metadata.orderId === orderId);
    yookassa.pay(created?.id as string);
    await call(token, '/paymentOptions/yookassa/validate', {
      queryString: `?payment=${created?.metadata.paymentId}`,
    });
    expect(await litreBalance(t, token)).toBe(5 + 10);

    // The API fails twice: the one call and its one retry.
    yookassa.failNext('internal_server_error', 'internal_server_error');
    const failed = await refund(orderId);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ amount: 29_000, refund: { status: 'pending' } });
    // The litres are taken back with the refund's record, whatever the provider answered.
    expect(await litreBalance(t, token)).toBe(5);
    expect([...yookassa.refunds.values()].filter((r) => r.payment_id === created?.id)).toHaveLength(0);

    const sent = await refund(orderId);
    expect(sent.json()).toMatchObject({ amount: 29_000, refund: { status: 'succeeded' } });
    const refunds = [...yookassa.refunds.values()].filter((r) => r.payment_id === created?.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: { value: '290.00', currency: 'RUB' } })]);
    expect((await refund(orderId)).json().code).toBe('ORDER_NOT_REFUNDABLE');
  });

  it('refunds a Stripe payment with our refund id in its metadata', async () => {
    const token = await registerUser(t, 'stripe-refund@example.com');
    const { orderId } = await checkout(token, 'stripe', 'USD');
    const session = [...stripe.sessions.values()].find(
      (candidate) => candidate.metadata?.orderId === orderId,
    );
    stripe.complete(session?.id as string);
    const event = stripe.event('checkout.session.completed', session?.id as string);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: event.headers,
      payload: event.rawBody,
    });
    const answer = await refund(orderId);
    expect(answer.json()).toMatchObject({ currency: 'USD', amount: 399, refund: { status: 'succeeded' } });
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === session?.payment_intent);
    expect(refunds).toEqual([expect.objectContaining({ amount: 399 })]);
    expect(refunds[0]?.metadata.refundId).toEqual(expect.any(String));
  });
});
