import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  demoCallbacks,
  payOnDemoAcquirer,
  registerUser,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';

describe.each(testDatabases)('bonus points (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-25T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  let people = 0;
  const person = (name: string) => registerUser(t, `${name}-${people++}-${kind}@example.com`);
  const call = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores${url}`, payload, headers: { authorization: token } });
  const update = async (token: string, payload: object) => {
    const answer = await call(token, '/shoppingCarts/updateShoppingCart', payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const points = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { authorization: token },
      })
    ).json().user.bonusPointBalance as number;

  async function buy(token: string, items: object[], bonusPointOutcome = 0) {
    await update(token, { productItems: items, paymentOptionId: 'demo-card', bonusPointOutcome });
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    return checkout.json();
  }

  it('earns 5 % of a paid order, spends up to the SPEC §9 maximum, and earns on what is left', async () => {
    const token = await person('loyal');
    // Nothing to spend yet: the limits are shown, an ask is clamped to 0.
    const empty = await update(token, {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      bonusPointOutcome: 100,
    });
    expect(empty).toMatchObject({ bonusPointBalance: 0, bonusPointOutcome: 0, amount: 29_000 });
    expect(empty.productItems[0]).toMatchObject({
      bonusPointOutcomeLimit: 145,
      bonusPointOutcomeLimitConverted: 14_500,
      bonusPointIncome: 14,
      bonusPointIncomeConverted: 1_400,
    });
    await call(token, '/shoppingCarts/resetShoppingCart');

    // ₽1,190 paid: 59 points (5 % is ₽59.50, rounded down to whole points).
    const first = await buy(token, [{ tradeOfferId: 'offer_litres_50', quantity: 1 }]);
    expect(await payOnDemoAcquirer(t, token, first.formUrl)).toBe('payment_operation_statuses.paid');
    expect(await points(token)).toBe(59);

    // ₽290 may take 145 points; the balance holds 59: asking 1,000 writes off 59 (₽59).
    const cart = await update(token, {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      bonusPointOutcome: 1_000,
    });
    expect(cart).toMatchObject({ bonusPointBalance: 59, bonusPointOutcome: 59, amount: 23_100 });
    expect(cart.productItems[0]).toMatchObject({
      amount: 23_100,
      bonusPointOutcome: 59,
      bonusPointOutcomeConverted: 5_900,
      bonusPointIncome: 11,
    });
    // Turning the write-all toggle off writes 0 (SPEC §4).
    expect((await update(token, { bonusPointOutcome: 0 })).amount).toBe(29_000);
    await update(token, { bonusPointOutcome: 59 });

    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    // Spent at checkout, before paying.
    expect(await points(token)).toBe(0);
    expect(await payOnDemoAcquirer(t, token, checkout.json().formUrl)).toBe(
      'payment_operation_statuses.paid',
    );
    expect(await points(token)).toBe(11);
    const [order] = (await call(token, '/orders/fetchOrderList')).json().output;
    // The invoice adds up: the points' money is in the discount.
    expect(order).toMatchObject({ amount: 23_100, amountWithoutDiscount: 29_000, discountAmount: 5_900 });
  });

  it('gives the points back when an unpaid order is cancelled', async () => {
    const token = await person('regret');
    const paid = await buy(token, [{ tradeOfferId: 'offer_litres_200', quantity: 1 }]);
    await payOnDemoAcquirer(t, token, paid.formUrl);
    const earned = await points(token);
    expect(earned).toBe(199);

    const unpaid = await buy(token, [{ tradeOfferId: 'offer_litres_10', quantity: 1 }], 100);
    expect(await points(token)).toBe(99);
    const cancelled = await call(token, `/orders/${unpaid.orderId}/cancelOrder`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await points(token)).toBe(199);
  });

  it('spends the points of one cart once when it is checked out twice at the same time', async () => {
    const token = await person('twice');
    const paid = await buy(token, [{ tradeOfferId: 'offer_litres_200', quantity: 1 }]);
    await payOnDemoAcquirer(t, token, paid.formUrl);
    await update(token, {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      paymentOptionId: 'demo-card',
      bonusPointOutcome: 145,
    });
    const answers = await Promise.all([
      call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks),
      call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await points(token)).toBe(199 - 145);
  });
});
