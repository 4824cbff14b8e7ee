import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backOffice,
  createTestApp,
  demoCallbacks,
  payOnDemoAcquirer,
  registerUser,
  storeApi,
  type TestApp,
  testClock,
  testDatabases,
  userIdOf,
} from '../../test/harness.ts';
import { addMonths, subscriptionPolicy } from './subscriptions.service.ts';

const day = 24 * 3_600_000;

describe('addMonths', () => {
  it('keeps the day, or cuts it to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-25T12:00:00Z'), 12).toISOString()).toBe('2027-11-25T12:00:00.000Z');
  });
});

describe.each(testDatabases)('subscriptions (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-25T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  /** The services on the app's database and clock, as app.ts wires them: the scheduler's run, the ledger. */
  const backOfficeNow = () => backOffice(t, clock.now);

  const call = (...args: Parameters<ReturnType<typeof storeApi>>) => storeApi(t)(...args);

  async function pay(token: string) {
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await payOnDemoAcquirer(t, token, checkout.json().formUrl)).toBe(
      'payment_operation_statuses.paid',
    );
  }

  async function buyPlan(token: string, litres: number, period: 'month' | 'year' | 'forever') {
    const added = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [
        { tradeOfferId: `offer_plan_${litres}`, validityPeriodId: `validity_periods.${period}` },
      ],
      paymentOptionId: 'demo-card',
    });
    expect(added.statusCode, added.body).toBe(200);
    await pay(token);
  }

  const current = async (token: string) =>
    (await call(token, '/subscriptions/fetchCurrentSubscription')).json().subscription;
  const summary = async (token: string) => (await call(token, '/litres/fetchLitreSummary')).json();
  /*
   * After the clock moves on by a month the sign-in has expired: what happens later is read from
   * the back office, by user id.
   */
  const planLitres = async (userId: string) =>
    (await backOfficeNow().ledger.balance({ userId, unit: 'litre' })).lots
      .filter((lot) => lot.key.startsWith('plan:'))
      .reduce((sum, lot) => sum + lot.rest, 0);
  const subscriptionOf = (userId: string) => backOfficeNow().subscriptions.current(userId, 'en');

  it('lists the plan ladder in the request currency and language, a year at half the price', async () => {
    const answer = await call(null, '/subscriptionPlans/fetchAvailableSubscriptionPlans');
    expect(answer.statusCode, answer.body).toBe(200);
    const { subscriptionPlan, subscription } = answer.json();
    expect(subscription).toBeNull();
    expect(subscriptionPlan.currency).toBe('RUB');
    expect(subscriptionPlan.productItems.map((plan: { quantity: number }) => plan.quantity)).toEqual([
      10, 40, 100, 200, 500,
    ]);
    const hundred = subscriptionPlan.productItems[2];
    expect(hundred).toMatchObject({
      tradeOfferId: 'offer_plan_100',
      featured: true,
      name: 'Plan: 100 images a month',
    });
    expect(hundred.periodItemList).toEqual([
      {
        validityPeriodId: 'validity_periods.month',
        validityPeriodCount: 1,
        amount: 159_000,
        amountWithoutDiscount: 159_000,
        monthlyAmount: 159_000,
        discountPercent: 0,
      },
      {
        validityPeriodId: 'validity_periods.year',
        validityPeriodCount: 1,
        amount: 954_000,
        amountWithoutDiscount: 1_908_000,
        monthlyAmount: 79_500,
        discountPercent: 50,
      },
    ]);
    expect(
      subscriptionPlan.productItems[0].periodItemList.map(
        (item: { validityPeriodId: string }) => item.validityPeriodId,
      ),
    ).toContain('validity_periods.forever');
    expect(subscriptionPlan.options.map((option: { typeId: string }) => option.typeId)).toEqual(
      expect.arrayContaining(['value_types.number', 'value_types.boolean', 'value_types.string']),
    );

    const ru = (
      await call(
        null,
        '/subscriptionPlans/fetchAvailableSubscriptionPlans',
        {},
        { 'x-locale-id': 'ru', 'x-currency-id': 'USD' },
      )
    ).json().subscriptionPlan;
    expect(ru.currency).toBe('USD');
    expect(ru.productItems[2]).toMatchObject({ name: 'Тариф: 100 изображений в месяц' });
    expect(ru.productItems[2].periodItemList[1]).toMatchObject({ amount: 11_994, discountPercent: 50 });
    const support = ru.options.find((option: { id: string }) => option.id === 'support');
    expect(support).toMatchObject({ name: 'Поддержка', valueAtZero: 'По почте' });
  });

  it('refuses a plan in the cart without a period, and prices it by the period chosen', async () => {
    const token = await registerUser(t, `plan-cart-${kind}@example.com`);
    const refused = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_plan_40' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SUBSCRIPTION_PERIOD_REQUIRED',
      message: 'The subscription period is not selected',
    });
    const refusedRu = await call(
      token,
      '/shoppingCarts/updateShoppingCart',
      { productItems: [{ tradeOfferId: 'offer_plan_40', validityPeriodId: 'validity_periods.forever' }] },
      { 'x-locale-id': 'ru' },
    );
    expect(refusedRu.json()).toMatchObject({ code: 'SUBSCRIPTION_PERIOD_UNAVAILABLE' });

    const yearly = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [
        { tradeOfferId: 'offer_plan_40', validityPeriodId: 'validity_periods.year', quantity: 3 },
      ],
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    expect(yearly.json().productItems[0]).toMatchObject({
      quantity: 1,
      price: 474_000,
      amount: 474_000,
      validityPeriodId: 'validity_periods.year',
    });
    expect(yearly.json()).toMatchObject({ deliveryRequired: false, amount: 474_000 });

    // Another plan takes the place of the first: one plan per cart.
    const other = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_plan_10', validityPeriodId: 'validity_periods.month' }],
    });
    expect(other.json().productItems).toHaveLength(1);
    expect(other.json()).toMatchObject({ amount: 24_900 });
    await call(token, '/shoppingCarts/resetShoppingCart');
  });

  it('starts a yearly plan on payment, credits it every month once, and catches up after downtime', async () => {
    const token = await registerUser(t, `plan-yearly-${kind}@example.com`);
    const startedAt = clock.now();
    await buyPlan(token, 40, 'year');
    const subscription = await current(token);
    expect(subscription).toMatchObject({
      planId: 'plan-40',
      planName: 'Plan: 40 images a month',
      litresPerMonth: 40,
      validityPeriodId: 'validity_periods.year',
      stateId: 'subscription_states.active',
      expiresAt: addMonths(startedAt, 12).toISOString(),
      nextAccrualAt: addMonths(startedAt, 1).toISOString(),
      litresLeft: 40,
      renewalAmount: 474_000,
    });
    const lots = (await summary(token)).lots;
    expect(lots).toEqual(
      expect.arrayContaining([
        { source: 'free', quantity: 5, expiresAt: '2026-12-01T00:00:00.000Z' },
        { source: 'plan', quantity: 40, expiresAt: addMonths(startedAt, 12).toISOString() },
      ]),
    );

    const userId = await userIdOf(t, token);
    const { subscriptions } = backOfficeNow();
    await subscriptions.runDue();
    expect(await planLitres(userId)).toBe(40);
    clock.advance(addMonths(startedAt, 1).getTime() - clock.now().getTime());
    // Two runs at once (a slow run overlapping the next): one accrual.
    await Promise.all([subscriptions.runDue(), subscriptions.runDue()]);
    expect(await planLitres(userId)).toBe(80);

    // The server was off for three months: each month is credited once when it starts again.
    clock.advance(addMonths(startedAt, 4).getTime() - clock.now().getTime() + 3_600_000);
    await subscriptions.runDue();
    await subscriptions.runDue();
    expect(await planLitres(userId)).toBe(200);
    expect((await subscriptionOf(userId))?.nextAccrualAt).toBe(addMonths(startedAt, 5).toISOString());
    clock.advance(-(clock.now().getTime() - startedAt.getTime()));
  });

  it('rolls unused litres over into a renewed term, and lets them expire with a term that is not renewed', async () => {
    const token = await registerUser(t, `plan-renew-${kind}@example.com`);
    const startedAt = clock.now();
    await buyPlan(token, 10, 'month');
    const sub = await current(token);
    expect(sub).toMatchObject({ expiresAt: addMonths(startedAt, 1).toISOString(), litresLeft: 10 });
    // A monthly term's next litres come with its renewal.
    expect(sub.nextAccrualAt).toBe(sub.expiresAt);

    // The personal account holds one month's price: the first renewal is paid from it.
    const { ledger, subscriptions } = backOfficeNow();
    const userId = await userIdOf(t, token);
    await ledger.credit({
      account: { userId, unit: 'money:RUB' },
      kind: 'purchase',
      amount: 24_900,
      key: `test:top-up:${userId}`,
    });
    const end = addMonths(startedAt, 1);
    clock.advance(end.getTime() - subscriptionPolicy.renewAheadMs - clock.now().getTime() + 1);
    await subscriptions.runDue();
    expect(await subscriptionOf(userId)).toMatchObject({ expiresAt: addMonths(startedAt, 2).toISOString() });
    expect(await planLitres(userId)).toBe(10);
    clock.advance(day);
    await subscriptions.runDue();
    // The first month's 10 rolled over; the second month's 10 came on the renewal date.
    expect(await planLitres(userId)).toBe(20);
    expect((await ledger.balance({ userId, unit: 'money:RUB' })).total).toBe(0);

    // Nothing left to pay the next term with: it ends, and the plan's litres with it.
    clock.advance(addMonths(startedAt, 2).getTime() - clock.now().getTime() + 60_000);
    await subscriptions.runDue();
    expect(await subscriptionOf(userId)).toBeNull();
    expect(await planLitres(userId)).toBe(0);
    clock.advance(-(clock.now().getTime() - startedAt.getTime()));
  });

  it('cancels to the end of the paid term, resumes, and keeps a subscription its owner only', async () => {
    const token = await registerUser(t, `plan-cancel-${kind}@example.com`);
    const stranger = await registerUser(t, `plan-stranger-${kind}@example.com`);
    const startedAt = clock.now();
    await buyPlan(token, 10, 'month');
    const { id } = await current(token);
    expect((await call(stranger, `/subscriptions/${id}/cancel`)).statusCode).toBe(404);

    const cancelled = await call(token, `/subscriptions/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ stateId: 'subscription_states.cancelled', litresLeft: 10 });
    expect((await call(token, `/subscriptions/${id}/resume`)).json().stateId).toBe(
      'subscription_states.active',
    );
    await call(token, `/subscriptions/${id}/cancel`);

    // Money on the account does not renew a cancelled subscription.
    const { ledger, subscriptions } = backOfficeNow();
    const userId = await userIdOf(t, token);
    await ledger.credit({
      account: { userId, unit: 'money:RUB' },
      kind: 'purchase',
      amount: 100_000,
      key: `test:top-up:cancel:${id}`,
    });
    clock.advance(addMonths(startedAt, 1).getTime() - clock.now().getTime() - day / 2);
    await subscriptions.runDue();
    expect((await subscriptionOf(userId))?.stateId).toBe('subscription_states.cancelled');
    clock.advance(day);
    await subscriptions.runDue();
    expect(await subscriptionOf(userId)).toBeNull();
    expect((await ledger.balance({ userId, unit: 'money:RUB' })).total).toBe(100_000);
    expect(await planLitres(userId)).toBe(0);
    await expect(subscriptions.resume(userId, id, 'en')).rejects.toMatchObject({
      code: 'SUBSCRIPTION_CHANGE_REFUSED',
    });
    clock.advance(-(clock.now().getTime() - startedAt.getTime()));
  });

  it('upgrades at once with the unused part of the term credited, and downgrades from the next term', async () => {
    const token = await registerUser(t, `plan-upgrade-${kind}@example.com`);
    const startedAt = clock.now();
    await buyPlan(token, 10, 'month');
    const end = addMonths(startedAt, 1);
    // Halfway through the term, a bigger plan costs its price less half of what this term cost.
    clock.advance((end.getTime() - startedAt.getTime()) / 2);
    const cart = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_plan_100', validityPeriodId: 'validity_periods.month' }],
      paymentOptionId: 'demo-card',
    });
    expect(cart.json().productItems[0]).toMatchObject({
      price: 159_000,
      amountWithoutDiscount: 159_000,
      autoDiscountAmount: 12_450,
      // All of it the old plan's unused part: the cart names it apart from a discount.
      upgradeCreditAmount: 12_450,
      amount: 146_550,
    });
    await pay(token);
    const upgraded = await current(token);
    expect(upgraded).toMatchObject({
      planId: 'plan-100',
      stateId: 'subscription_states.active',
      expiresAt: addMonths(clock.now(), 1).toISOString(),
      // The old plan's 10 litres moved over, and the new plan's first 100 came at once.
      litresLeft: 110,
    });

    // A bigger plan is never a change for later; a smaller one is, and can be taken back.
    const up = await call(token, `/subscriptions/${upgraded.id}/changePlan`, {
      planId: 'plan-200',
      validityPeriodId: 'validity_periods.month',
    });
    expect(up.statusCode).toBe(409);
    expect(up.json()).toMatchObject({
      code: 'SUBSCRIPTION_CHANGE_REFUSED',
      details: { reason: 'upgrade_through_cart' },
    });
    const down = await call(token, `/subscriptions/${upgraded.id}/changePlan`, {
      planId: 'plan-40',
      validityPeriodId: 'validity_periods.year',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({
      planId: 'plan-100',
      nextPlanId: 'plan-40',
      nextPlanName: 'Plan: 40 images a month',
      nextValidityPeriodId: 'validity_periods.year',
      renewalAmount: 474_000,
    });

    // At the end of the term the smaller plan takes over, paid from the personal account.
    const { ledger, subscriptions } = backOfficeNow();
    await ledger.credit({
      account: { userId: await userIdOf(t, token), unit: 'money:RUB' },
      kind: 'purchase',
      amount: 474_000,
      key: `test:top-up:downgrade:${upgraded.id}`,
    });
    const userId = await userIdOf(t, token);
    clock.advance(new Date(upgraded.expiresAt).getTime() - clock.now().getTime() + 60_000);
    await subscriptions.runDue();
    expect(await subscriptionOf(userId)).toMatchObject({
      planId: 'plan-40',
      validityPeriodId: 'validity_periods.year',
      nextPlanId: null,
      // 110 rolled over, the new plan's first 40 came with the renewal.
      litresLeft: 150,
    });
    clock.advance(-(clock.now().getTime() - startedAt.getTime()));
  });
});
