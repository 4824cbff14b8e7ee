import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backOffice,
  buyWithDemoCard,
  createTestApp,
  demoCallbacks,
  litreBalance,
  payOnDemoAcquirer,
  registerUser,
  storeApi,
  type TestApp,
  testClock,
  testDatabases,
  userIdOf,
} from '../../test/harness.ts';

const operatorToken = 'operator-token-of-the-refunds-test-0123456789';
const day = 24 * 3_600_000;

describe.each(testDatabases)('refunds of orders (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-25T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, { OPERATOR_TOKEN: operatorToken }, { now: clock.now });
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof storeApi>>) => storeApi(t)(...args);
  let people = 0;
  const person = (name: string) => registerUser(t, `${name}-${people++}-${kind}@example.com`);
  const refund = (orderId: string, token: string | null = operatorToken) =>
    call(
      null,
      `/orders/${orderId}/refund`,
      { reason: 'asked within 14 days' },
      {
        ...(token && { 'x-operator-token': token }),
      },
    );
  const order = async (token: string, id: string) =>
    (await call(token, `/orders/${id}/fetchOrder`)).json().order;
  /** Spends litres as removals do: a hold, then its capture. */
  async function spend(token: string, litres: number) {
    const { ledger } = backOffice(t, clock.now);
    const hold = await ledger.hold({
      account: { userId: await userIdOf(t, token), unit: 'litre' },
      amount: litres,
      key: `hold:test:${crypto.randomUUID()}`,
    });
    await ledger.capture(hold);
  }
  const bonusPoints = async (token: string) =>
    (await backOffice(t, clock.now).ledger.balance({ userId: await userIdOf(t, token), unit: 'bonus_point' }))
      .total;
  const refundRow = (orderId: string) => backOffice(t, clock.now).payments.refundOfOrder(orderId);

  it('returns the money of the litres left unused, takes them back and refunds at the provider', async () => {
    const token = await person('bundle');
    const orderId = await buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_50', quantity: 1 }]);
    expect(await litreBalance(t, token)).toBe(55);
    // The month's 5 free litres go first, then 20 of the bundle's 50.
    await spend(token, 25);

    const answer = await refund(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    // 30 of 50 litres unused: 3/5 of ₽1,190; the 59 points the order earned are taken back.
    expect(answer.json()).toMatchObject({
      orderId,
      currency: 'RUB',
      amount: 71_400,
      bonusPointsReturned: 0,
      bonusPointsTakenBack: 35,
      refund: { status: 'succeeded', failureReason: null },
    });
    expect(await litreBalance(t, token)).toBe(0);
    expect(await bonusPoints(token)).toBe(59 - 35);
    const refunded = await order(token, orderId);
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: 71_400 });
    expect(refunded.refundedAt).toBe(clock.now().toISOString());
    expect(await refundRow(orderId)).toMatchObject({ status: 'succeeded', amountMinor: 71_400 });

    // Once: a second call changes nothing.
    const again = await refund(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ORDER_NOT_REFUNDABLE',
      details: { reason: 'already_refunded' },
    });
    expect(await litreBalance(t, token)).toBe(0);
  });

  it('is the operator’s call only, and refuses unknown, unpaid and wholly used orders', async () => {
    const token = await person('refused');
    const paid = await buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_10', quantity: 1 }]);
    expect((await refund(paid, null)).statusCode).toBe(403);
    expect((await refund(paid, 'not-the-operator-token-but-long-enough')).statusCode).toBe(403);
    // A customer's own token is no operator token either.
    const byCustomer = await call(token, `/orders/${paid}/refund`, {});
    expect(byCustomer.statusCode).toBe(403);
    expect((await refund('no-such-order')).statusCode).toBe(404);

    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      paymentOptionId: 'demo-card',
    });
    const unpaid = (await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks)).json().orderId;
    const notPaid = await refund(unpaid);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE', details: { reason: 'not_paid' } });
    expect(notPaid.json().message).toContain('cannot be refunded');

    await spend(token, 15);
    const used = await refund(paid);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ details: { reason: 'all_used' } });
    // Nothing moved: the order stays paid and its points stay.
    expect((await order(token, paid)).status).toBe('fulfilled');
    expect(await bonusPoints(token)).toBe(14);
  });

  it('gives back the points an order was paid with and keeps from the money the earned points already spent', async () => {
    const token = await person('points');
    // ₽1,190 earns 59 points.
    const first = await buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_50', quantity: 1 }]);
    expect(await bonusPoints(token)).toBe(59);
    // ₽290 with its 50 % limit: 59 points write off ₽59 of ₽290; ₽231 earns 11.
    const second = await buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_10', quantity: 1 }], {
      bonusPointOutcome: 59,
    });
    expect(await bonusPoints(token)).toBe(11);

    const back = await refund(second);
    expect(back.json()).toMatchObject({ amount: 23_100, bonusPointsReturned: 59, bonusPointsTakenBack: 11 });
    expect(await bonusPoints(token)).toBe(59);

    // The first order's 59 points were spent on the second (and came back as a new credit): they
    // cannot be taken back from the first, so their worth is kept from its money.
    const whole = await refund(first);
    expect(whole.json()).toMatchObject({ amount: 119_000 - 59 * 100, bonusPointsTakenBack: 0 });
    expect(await litreBalance(t, token)).toBe(5);
  });

  it('cancels the pin codes not yet applied and returns the money of those only', async () => {
    const buyer = await person('codes');
    const orderId = await buyWithDemoCard(t, buyer, [{ tradeOfferId: 'offer_pin_code_20', quantity: 2 }]);
    const [one, other] = (await call(buyer, '/vouchers/fetchVoucherList')).json().output;
    const friend = await person('friend');
    expect((await call(friend, '/shoppingCarts/applyPinCode', { pinCode: one.code })).statusCode).toBe(200);

    const answer = await refund(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    const line = (await order(buyer, orderId)).productItems[0];
    expect(answer.json().amount).toBe(Math.floor(line.amount / 2));

    const late = await call(friend, '/shoppingCarts/applyPinCode', { pinCode: other.code });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PIN_CODE_VOID');
    const listed = (await call(buyer, '/vouchers/fetchVoucherList')).json().output;
    expect(listed.find((voucher: { id: string }) => voucher.id === other.id).voidedAt).not.toBeNull();
    expect(listed.find((voucher: { id: string }) => voucher.id === one.id).voidedAt).toBeNull();
    expect(await litreBalance(t, friend)).toBe(25);
  });

  it('returns what is left of a top-up by card, and an order paid from the account to the account', async () => {
    const token = await person('wallet');
    const started = await call(token, '/shoppingCarts/rechargePersonalAccount', {
      ...demoCallbacks,
      paymentOptionId: 'demo-card',
      rechargeAmount: 50_000,
    });
    expect(await payOnDemoAcquirer(t, token, started.json().formUrl)).toBe('payment_operation_statuses.paid');
    const topUp = started.json().orderId;
    // ₽290 of the ₽500 paid for a bundle from the account.
    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      paymentOptionId: 'personal-account',
    });
    const paidFromAccount = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(paidFromAccount.json().statusId, paidFromAccount.body).toBe('payment_operation_statuses.paid');
    const balance = async () =>
      (await call(token, '/personalAccount/fetchPersonalAccount')).json().balance.amountMinor;
    expect(await balance()).toBe(21_000);

    const cardBack = await refund(topUp);
    expect(cardBack.json()).toMatchObject({ amount: 21_000, refund: { status: 'succeeded' } });
    expect(await balance()).toBe(0);

    const accountBack = await refund(paidFromAccount.json().orderId);
    expect(accountBack.json()).toMatchObject({ amount: 29_000, refund: { status: 'succeeded' } });
    expect(await balance()).toBe(29_000);
    const { entries } = (await call(token, '/personalAccount/fetchPersonalAccount')).json();
    // The clock stands still in this test: entries of one moment come in no set order.
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'refund', amountMinor: 29_000 }),
        expect.objectContaining({ type: 'refund', amountMinor: -21_000 }),
      ]),
    );
  });

  it('ends a plan bought by the order and returns the unused share of its term', async () => {
    const token = await person('plan');
    const orderId = await buyWithDemoCard(t, token, [
      { tradeOfferId: 'offer_plan_100', validityPeriodId: 'validity_periods.month' },
    ]);
    const userId = await userIdOf(t, token);
    // 5 free litres and 45 of the plan's 100 spent: 55 % of its litres left, all of its time.
    await spend(token, 50);
    const answer = await refund(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    // 55 % of ₽1,590; 43 of the 79 points the order earned go back with it.
    expect(answer.json()).toMatchObject({ amount: 87_450, bonusPointsTakenBack: 43 });
    expect(await backOffice(t, clock.now).subscriptions.current(userId, 'en')).toBeNull();
    expect(await litreBalance(t, token)).toBe(0);
  });

  it('counts the share of time left of a plan when less of it is left than of its litres', async () => {
    const token = await person('late');
    const orderId = await buyWithDemoCard(t, token, [
      { tradeOfferId: 'offer_plan_10', validityPeriodId: 'validity_periods.month' },
    ]);
    const userId = await userIdOf(t, token);
    clock.advance(15 * day);
    const { refunds, subscriptions } = backOffice(t, clock.now);
    const outcome = await refunds.refund(orderId, 'half a month later');
    // 25 November to 25 December: 15 of its 30 days left, all of its litres.
    expect(outcome.amount).toBe(12_450);
    expect(await subscriptions.current(userId, 'en')).toBeNull();
  });

  it('refunds once under parallel calls', async () => {
    const token = await person('race');
    const orderId = await buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_10', quantity: 1 }]);
    const answers = await Promise.all([refund(orderId), refund(orderId), refund(orderId)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.json().amount).toBe(29_000);
      else expect(answer.json().details.reason).toBe('already_refunded');
    }
    expect(await refundRow(orderId)).toMatchObject({ amountMinor: 29_000, status: 'succeeded' });
    expect(await litreBalance(t, token)).toBe(5);
  });
});
