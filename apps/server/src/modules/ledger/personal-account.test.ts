import { maxCartQuantity } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  demoCallbacks,
  latestOutboxMessage,
  payOnDemoAcquirer,
  registerUser,
  setStoreOptions,
  storeApi,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { personalAccountEntryType } from './ledger.routes.ts';

const operatorToken = 'operator-token-of-the-personal-account-test-0123';

describe('personal account entry types', () => {
  it('are read from the ledger keys', () => {
    expect(personalAccountEntryType('purchase:order-item:1')).toBe('recharge');
    expect(personalAccountEntryType('code:1')).toBe('code');
    expect(personalAccountEntryType('renewal:s:2')).toBe('renewal');
    expect(personalAccountEntryType('pay:order:1')).toBe('payment');
    expect(personalAccountEntryType('refund:8f0c')).toBe('refund');
    expect(personalAccountEntryType('refund:purchase:order-item:1')).toBe('refund');
    expect(personalAccountEntryType('adjustment:x')).toBe('other');
  });
});

describe.each(testDatabases)('the personal account (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-25T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, { OPERATOR_TOKEN: operatorToken }, { now: clock.now });
  });
  afterAll(() => t.close());

  let people = 0;
  const person = (name: string) => registerUser(t, `${name}-${people++}-${kind}@example.com`);
  const call = (...args: Parameters<ReturnType<typeof storeApi>>) => storeApi(t)(...args);
  const recharge = (token: string | null, rechargeAmount: number, paymentOptionId = 'demo-card') =>
    call(token, '/shoppingCarts/rechargePersonalAccount', {
      ...demoCallbacks,
      paymentOptionId,
      rechargeAmount,
    });
  const account = async (token: string) =>
    (await call(token, '/personalAccount/fetchPersonalAccount')).json();

  it('tops up with a card without touching the cart, and lists the top-up', async () => {
    const email = `wallet-${people++}-${kind}@example.com`;
    const token = await registerUser(t, email);
    const added = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_50', quantity: 1 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await account(token)).toEqual({
      balance: { amountMinor: 0, currency: 'RUB' },
      otherBalances: [],
      entries: [],
    });

    const started = await recharge(token, 50_000);
    expect(started.statusCode, started.body).toBe(200);
    expect(await payOnDemoAcquirer(t, token, started.json().formUrl)).toBe('payment_operation_statuses.paid');

    const after = await account(token);
    expect(after.balance).toEqual({ amountMinor: 50_000, currency: 'RUB' });
    expect(after.entries).toEqual([
      expect.objectContaining({ type: 'recharge', amountMinor: 50_000, pending: false }),
    ]);
    // The cart still holds what the buyer put there.
    const cart = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(cart.productItems.map((item: { tradeOfferId: string }) => item.tradeOfferId)).toEqual([
      'offer_litres_50',
    ]);
    // The order is an ordinary one: listed with its top-up line.
    const orders = (await call(token, '/orders/fetchOrderList')).json().output;
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe('fulfilled');
    // With dollars chosen, the roubles are still there: named beside the (empty) dollar account.
    const inDollars = (
      await call(token, '/personalAccount/fetchPersonalAccount', {}, { 'x-currency-id': 'USD' })
    ).json();
    expect(inDollars).toEqual({
      balance: { amountMinor: 0, currency: 'USD' },
      otherBalances: [{ amountMinor: 50_000, currency: 'RUB' }],
      entries: [],
    });
    // Its mail (and invoice) name one top-up at its amount, not 500 units of 1.00.
    await expect.poll(async () => (await latestOutboxMessage(t, email))?.subject).toMatch(/is paid$/);
    const mail = await latestOutboxMessage(t, email);
    expect(mail?.text).toContain('Personal account top-up × 1 — ₽500.00');
    expect(mail?.text).not.toContain('× 500');
  });

  it('refuses amounts that are not whole roubles or out of range, unknown ways to pay and visitors', async () => {
    const token = await person('odd');
    for (const amount of [12_345, 50, 100_000_001, -100]) {
      const answer = await recharge(token, amount);
      expect(answer.statusCode, `${amount}: ${answer.body}`).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_ERROR');
    }
    // As much as the cart sells of the top-up product (100 000 roubles), no more.
    const tooMuch = await recharge(token, (maxCartQuantity + 1) * 100);
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'rechargeAmount', max: maxCartQuantity * 100 },
    });

    const unknown = await recharge(token, 10_000, 'no-such-option');
    expect(unknown.statusCode).toBe(400);
    expect((await recharge(null, 10_000)).statusCode).toBe(401);
    expect((await call(null, '/personalAccount/fetchPersonalAccount')).statusCode).toBe(401);
    expect((await account(token)).entries).toEqual([]);
    const most = await recharge(token, maxCartQuantity * 100);
    expect(most.statusCode, most.body).toBe(200);
  });

  it('shows a money code applied as a code entry', async () => {
    const token = await person('coder');
    const issued = await call(
      null,
      '/vouchers/issue',
      { batch: `pa-${kind}`, quantity: 1, grant: { type: 'money', amount: 30_000, currency: 'RUB' } },
      { 'x-operator-token': operatorToken },
    );
    await call(token, '/shoppingCarts/applyPinCode', { pinCode: issued.json().codes[0] });
    const after = await account(token);
    expect(after.balance.amountMinor).toBe(30_000);
    expect(after.entries).toEqual([expect.objectContaining({ type: 'code', amountMinor: 30_000 })]);
  });

  async function topUp(token: string, amount: number) {
    const started = await recharge(token, amount);
    expect(started.statusCode, started.body).toBe(200);
    expect(await payOnDemoAcquirer(t, token, started.json().formUrl)).toBe('payment_operation_statuses.paid');
  }

  /** An unpaid order of one 10-litre bundle (₽290), its payment opened with the demo card. */
  async function unpaidOrder(token: string): Promise<string> {
    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      paymentOptionId: 'demo-card',
    });
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    return checkout.json().orderId;
  }

  const payFromAccount = (token: string, orderId: string) =>
    call(token, '/paymentOptions/perform', {
      ...demoCallbacks,
      paymentOptionId: 'personal-account',
      documentItemList: [{ documentType: 'customer_order', documentId: orderId }],
    });

  it('pays an order from the personal account at once, and refuses when it holds too little', async () => {
    const token = await person('spender');
    const options = (await call(token, '/shoppingCarts/fetchPaymentOptionList')).json().paymentOptions;
    expect(options.map((option: { id: string }) => option.id)).toContain('personal-account');
    // An anonymous buyer (registered by adding to the cart) is not offered it: they have none.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/register',
      payload: { anonymous: true, autoLogin: true, fullName: 'Anon' },
      remoteAddress: `10.88.0.${people}`,
    });
    const anonymousOptions = (
      await call(anonymous.json().accessTokens[0].id, '/shoppingCarts/fetchPaymentOptionList')
    ).json().paymentOptions;
    expect(anonymousOptions.map((option: { id: string }) => option.id)).not.toContain('personal-account');
    // A top-up is never paid from the account it fills.
    expect((await recharge(token, 10_000, 'personal-account')).statusCode).toBe(400);
    await topUp(token, 50_000);

    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10', quantity: 1 }],
      paymentOptionId: 'personal-account',
    });
    const paid = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      statusId: 'payment_operation_statuses.paid',
      paymentRequired: false,
      formUrl: null,
    });
    const after = await account(token);
    expect(after.balance.amountMinor).toBe(21_000);
    // (Newest first; the test clock stands still, so the order among these two is not asserted.)
    expect(after.entries).toContainEqual(
      expect.objectContaining({ type: 'payment', amountMinor: -29_000, pending: false }),
    );
    const orders = (await call(token, '/orders/fetchOrderList')).json().output;
    expect(orders[0].status).toBe('fulfilled');

    const priced = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_1000', quantity: 1 }],
      paymentOptionId: 'personal-account',
    });
    // The cart says so before the order is placed: the buyer chooses another way or tops up.
    expect(priced.json().errorReason).toBe('cart_error_personal_account_short');
    const short = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks, {
      'x-locale-id': 'ru',
    });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(short.json().message).toMatch(/^На лицевом счёте недостаточно денег/);
    expect((await account(token)).balance.amountMinor).toBe(21_000);
    // Refused before the order is placed: the cart keeps its items, no order is added.
    expect((await call(token, '/orders/fetchOrderList')).json().output).toHaveLength(2);
    const cart = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(cart.productItems).toHaveLength(1);
    // Another way to pay clears it.
    const card = await call(token, '/shoppingCarts/updateShoppingCart', { paymentOptionId: 'demo-card' });
    expect(card.json().errorReason).toBeNull();
  });

  it('never pays a top-up left unpaid from the account it fills', async () => {
    const token = await person('circular');
    await topUp(token, 50_000);
    const started = await recharge(token, 20_000);
    expect(started.statusCode, started.body).toBe(200);
    const waiting = (await call(token, '/orders/fetchOrderList')).json().output;
    const order = waiting.find((entry: { status: string }) => entry.status === 'awaiting_payment');
    expect(order).toBeDefined();
    const refused = await payFromAccount(token, order.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('PAYMENT_OPTION_UNAVAILABLE');
    const after = await account(token);
    expect(after.balance.amountMinor).toBe(50_000);
    expect(after.entries.filter((entry: { type: string }) => entry.type === 'payment')).toEqual([]);
    const still = (await call(token, '/orders/fetchOrderList')).json().output;
    expect(still.find((entry: { id: string }) => entry.id === order.id).status).toBe('awaiting_payment');
  });

  it('never takes more than the account holds when two orders are paid from it at once', async () => {
    const token = await person('racer');
    await topUp(token, 50_000);
    const first = await unpaidOrder(token);
    const second = await unpaidOrder(token);
    const answers = await Promise.all([payFromAccount(token, first), payFromAccount(token, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect((await account(token)).balance.amountMinor).toBe(21_000);
  });

  it('takes the money once when one order is paid from it by several requests at once', async () => {
    const token = await person('doubler');
    await topUp(token, 100_000);
    const order = await unpaidOrder(token);
    const answers = await Promise.all([1, 2, 3, 4].map(() => payFromAccount(token, order)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().code).toBe('ORDER_NOT_PAYABLE');
    }
    const after = await account(token);
    expect(after.balance.amountMinor).toBe(71_000);
    expect(after.entries.filter((entry: { type: string }) => entry.type === 'payment')).toHaveLength(1);
    const [paid] = (await call(token, '/orders/fetchOrderList')).json().output;
    expect(paid.status).toBe('fulfilled');
  });

  it('is off when the store does not allow personal accounts', async () => {
    // An app of its own: the store's options are read once and cached.
    const closed = await createTestApp(kind, {}, { now: clock.now });
    try {
      await setStoreOptions(closed.database, { AllowPersonalAccount: false });
      const token = await registerUser(closed, `closed-${kind}@example.com`);
      const ask = (url: string, payload: object) =>
        closed.app.inject({
          method: 'POST',
          url: `/api/stores${url}`,
          payload,
          headers: { authorization: token },
        });
      const refused = await ask('/shoppingCarts/rechargePersonalAccount', {
        ...demoCallbacks,
        paymentOptionId: 'demo-card',
        rechargeAmount: 10_000,
      });
      expect(refused.statusCode).toBe(404);
      expect((await ask('/personalAccount/fetchPersonalAccount', {})).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
