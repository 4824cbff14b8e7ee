import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactor } from '../../platform/db/transactions.ts';
import {
  createTestApp,
  insertTestUser,
  latestOutboxMessage,
  payOnDemoAcquirer,
  redemptionsOfOrder,
  registerUser,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { createPromotionsRepo } from './promotions.repo.ts';
import type { promoCodes } from './promotions.schema.ts';
import { advertisedPromoCode } from './promotions.seed.ts';
import { createPromotionsService, splitFixed } from './promotions.service.ts';

const site = 'http://localhost';
const callbacks = {
  resolveCallbackUrl: `${site}/en/shopping-cart/checkout/demo-card/validate`,
  rejectCallbackUrl: `${site}/en/shopping-cart/checkout/failure`,
};

describe('splitFixed', () => {
  it('splits a fixed amount over the lines by their amounts, adding up exactly', () => {
    const parts = splitFixed(
      [
        { id: 'a', productId: 'p1', amount: 1_000 },
        { id: 'b', productId: 'p2', amount: 2_000 },
        { id: 'c', productId: 'p3', amount: 3_333 },
      ],
      1_001,
    );
    const amounts = [...parts.values()].map((part) => part.amount);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(1_001);
    expect(parts.get('a')?.amount).toBe(158);
    expect(parts.get('c')?.amount).toBe(527);
  });

  it('never takes off more than the lines cost', () => {
    const parts = splitFixed([{ id: 'a', productId: 'p1', amount: 500 }], 10_000);
    expect(parts.get('a')).toEqual({ amount: 500, percent: 100 });
  });
});

describe.each(testDatabases)('promo codes (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date());
  const day = 24 * 3_600_000;
  let codes = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  const call = (token: string, url: string, payload: object = {}, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores${url}`,
      payload,
      headers: { authorization: token, 'x-locale-id': language },
    });

  /** A code of the test's own, valid from yesterday for a week unless told otherwise. */
  async function makeCode(fields: Partial<typeof promoCodes.$inferInsert> = {}): Promise<string> {
    codes += 1;
    const code = `TEST${codes}${kind.toUpperCase()}`;
    await repo().insert({
      id: `promo-test-${kind}-${codes}`,
      code,
      kind: 'percent',
      percent: 10,
      validFrom: new Date(clock.now().getTime() - day),
      validUntil: new Date(clock.now().getTime() + 7 * day),
      ...fields,
    });
    return code;
  }

  const repo = () => createPromotionsRepo(createTransactor(t.database.db));
  const redemptionsOf = async (code: string) => {
    const promo = await repo().findByCode(code);
    return (await repo().redemptionCounts(promo?.id ?? '', '')).total;
  };

  async function fillCart(token: string, items: object[] = [{ tradeOfferId: 'offer_litres_50' }]) {
    const filled = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: items,
      paymentOptionId: 'demo-card',
    });
    expect(filled.statusCode, filled.body).toBe(200);
    return filled.json();
  }

  const applyCode = (token: string, code: string | null, language = 'en') =>
    call(token, '/shoppingCarts/updateShoppingCart', { couponCodePrompt: code }, language);

  /** The order's invoice PDF as pdftotext (poppler-utils) reads it, its whitespace collapsed. */
  async function invoiceText(token: string, orderId: string, language: string) {
    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/stores/orders/${orderId}/displayLayoutTemplate?format=pdf`,
      headers: { authorization: token, 'x-locale-id': language },
    });
    expect(invoice.statusCode).toBe(200);
    return execFileSync('pdftotext', ['-', '-'], { input: invoice.rawPayload })
      .toString()
      .replace(/\s+/g, ' ');
  }

  it('takes the advertised 50 % off in the cart and at checkout, once per buyer, until 31 December', async () => {
    const seeded = await repo().findByCode(advertisedPromoCode);
    expect(seeded).toMatchObject({ kind: 'percent', percent: 50, perUserLimit: 1 });
    const endOfYear = new Date(`${new Date().getUTCFullYear()}-12-31T23:59:59.999+03:00`);
    expect(seeded?.validUntil).toEqual(endOfYear);

    const token = await registerUser(t, `promo-advertised-${kind}@example.com`);
    await fillCart(token);
    // Typed in any case, with spaces around it.
    const applied = await applyCode(token, '  litres50 ');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      couponCodePrompt: advertisedPromoCode,
      amountWithoutDiscount: 119_000,
      discountAmount: 59_500,
      amount: 59_500,
      errorReason: null,
    });
    expect(applied.json().productItems[0]).toMatchObject({
      amountWithoutDiscount: 119_000,
      autoDiscountPercent: 50,
      autoDiscountAmount: 59_500,
      amount: 59_500,
    });

    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = await call(token, `/orders/${checkout.json().orderId}/fetchOrder`);
    expect(order.json().order).toMatchObject({ amount: 59_500 });
    // The paid mail says the list price beside what the line cost, not a price of its own.
    await payOnDemoAcquirer(t, token, checkout.json().formUrl);
    const buyer = `promo-advertised-${kind}@example.com`;
    await expect.poll(async () => (await latestOutboxMessage(t, buyer))?.subject).toMatch(/is paid$/);
    const mail = await latestOutboxMessage(t, buyer);
    expect(mail?.text).toContain('50 litres × 1 — ₽595.00 (₽1,190.00 before the discount)');
    expect(mail?.text).toContain(`Promo code: ${advertisedPromoCode}`);

    // Used once: the same buyer is told so, in their language, and the cart keeps its items.
    await fillCart(token);
    const again = await applyCode(token, advertisedPromoCode, 'ru');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PROMO_CODE_ALREADY_USED',
      message: 'Вы уже воспользовались этим промокодом.',
    });
    const cart = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(cart).toMatchObject({ couponCodePrompt: null, amount: 119_000, productCount: 1 });
  });

  it('refuses an unknown, a future, an expired and an inapplicable code with its own error', async () => {
    const token = await registerUser(t, `promo-refusals-${kind}@example.com`);
    await fillCart(token);
    const future = await makeCode({ validFrom: new Date(clock.now().getTime() + day) });
    const expired = await makeCode({ validUntil: new Date(clock.now().getTime() - 1) });
    const forLightBoxes = await makeCode({ productIds: ['product_light_box'] });
    const switchedOff = await makeCode({ active: false });

    for (const [code, expected, status] of [
      ['NO-SUCH-CODE', 'PROMO_CODE_UNKNOWN', 400],
      [switchedOff, 'PROMO_CODE_UNKNOWN', 400],
      [future, 'PROMO_CODE_NOT_STARTED', 400],
      [expired, 'PROMO_CODE_EXPIRED', 400],
      [forLightBoxes, 'PROMO_CODE_NOT_APPLICABLE', 400],
    ] as const) {
      const refused = await applyCode(token, code);
      expect(refused.statusCode, code).toBe(status);
      expect(refused.json().code, code).toBe(expected);
    }
    const cart = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(cart).toMatchObject({ couponCodePrompt: null, discountAmount: 0, amount: 119_000 });

    // The same code applies once a product it names is in the cart, to that product only.
    const mixed = await fillCart(token, [
      { tradeOfferId: 'offer_litres_50' },
      { tradeOfferId: 'offer_light_box', optionId: 'offer_light_box_size_40cm' },
    ]);
    const applied = await applyCode(token, forLightBoxes);
    expect(applied.statusCode, applied.body).toBe(200);
    const items = applied.json().productItems as Array<{ productId: string; autoDiscountAmount: number }>;
    const lightBox = items.find((item) => item.productId === 'product_light_box');
    const litres = items.find((item) => item.productId === 'product_litres_50');
    expect(lightBox?.autoDiscountAmount).toBeGreaterThan(0);
    expect(litres?.autoDiscountAmount).toBe(0);
    expect(applied.json().discountAmount).toBe(lightBox?.autoDiscountAmount);
    expect(applied.json().amount).toBe(mixed.amount - (lightBox?.autoDiscountAmount ?? 0));

    // Removing the code is an empty prompt.
    const removed = await applyCode(token, '');
    expect(removed.json()).toMatchObject({ couponCodePrompt: null, discountAmount: 0 });
  });

  it('takes a fixed amount off in the cart currency, and does not apply in a currency it has no amount for', async () => {
    const token = await registerUser(t, `promo-fixed-${kind}@example.com`);
    const code = await makeCode({ kind: 'fixed', percent: null, fixedAmounts: { RUB: 20_000 } });
    await fillCart(token);
    const applied = await applyCode(token, code);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ discountAmount: 20_000, amount: 99_000 });

    // The same code in a cart priced in dollars (the currency the client asks for, SPEC §7).
    const inDollars = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/stores/shoppingCarts/${url}`,
        payload,
        headers: { authorization: token, 'x-currency-id': 'USD' },
      });
    const dollarCart = await inDollars('fetchShoppingCart', {});
    expect(dollarCart.json()).toMatchObject({
      currency: 'USD',
      errorReason: 'cart_error_promo_code_invalid',
    });
    expect(dollarCart.json().discountAmount).toBe(0);
    const refused = await inDollars('updateShoppingCart', { couponCodePrompt: code });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('PROMO_CODE_NOT_APPLICABLE');
  });

  it('holds a total limit when buyers check out at the same moment', async () => {
    const code = await makeCode({ totalLimit: 2 });
    const buyers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => registerUser(t, `promo-race-${n}-${kind}@example.com`)),
    );
    for (const token of buyers) {
      await fillCart(token);
      expect((await applyCode(token, code)).statusCode).toBe(200);
    }
    const checkouts = await Promise.all(
      buyers.map((token) => call(token, '/shoppingCarts/checkoutShoppingCart', callbacks)),
    );
    // A checkout that prices the cart after the second use finds the code used up (CART_NOT_READY,
    // with the cart's reason); one that priced it before is refused when it counts the uses again,
    // under the code's lock (PROMO_CODE_USED_UP). Either way two orders, and two uses.
    expect(checkouts.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const refused of checkouts.filter((answer) => answer.statusCode !== 200)) {
      const { code, details } = refused.json();
      if (code === 'CART_NOT_READY') expect(details.reason).toBe('cart_error_promo_code_invalid');
      else expect(code).toBe('PROMO_CODE_USED_UP');
    }
    expect(await redemptionsOf(code)).toBe(2);

    // A refused buyer's cart says the code no longer applies, prices without it, and keeps the items.
    const refusedToken = buyers[checkouts.findIndex((answer) => answer.statusCode !== 200)] ?? '';
    const cart = (await call(refusedToken, '/shoppingCarts/fetchShoppingCart')).json();
    expect(cart).toMatchObject({
      couponCodePrompt: code,
      discountAmount: 0,
      amount: 119_000,
      productCount: 1,
      errorReason: 'cart_error_promo_code_invalid',
    });
  });

  it('redeems a code no more often than its limits when the redemptions run at the same moment', async () => {
    const code = await makeCode({ totalLimit: 3, perUserLimit: 2 });
    const transactor = createTransactor(t.database.db);
    const promotions = createPromotionsService({
      repo: createPromotionsRepo(transactor),
      transactor,
      now: clock.now,
    });
    const users = await Promise.all([1, 2].map(() => insertTestUser(t.database)));
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        promotions.redeem({
          code,
          userId: users[n % 2] ?? '',
          orderId: `order-race-${kind}-${n}`,
          currency: 'RUB',
          discountMinor: 100,
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(3);
    expect(await redemptionsOf(code)).toBe(3);
  });

  it('names the code redeemed on its order and invoice, and no code on an order placed without one', async () => {
    const code = await makeCode();
    const token = await registerUser(t, `promo-named-${kind}@example.com`);
    await fillCart(token);
    expect((await applyCode(token, ` ${code.toLowerCase()} `)).statusCode).toBe(200);
    const withCode = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(withCode.statusCode, withCode.body).toBe(200);
    const ordered = await call(token, `/orders/${withCode.json().orderId}/fetchOrder`);
    expect(ordered.json().order).toMatchObject({ promoCode: code, discountAmount: 11_900, amount: 107_100 });
    for (const [language, label] of [
      ['en', 'Promo code'],
      ['ru', 'Промокод'],
    ] as const) {
      const text = await invoiceText(token, withCode.json().orderId, language);
      expect(text).toContain(label);
      expect(text).toContain(code);
    }

    await fillCart(token);
    const without = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(without.statusCode, without.body).toBe(200);
    const plain = await call(token, `/orders/${without.json().orderId}/fetchOrder`);
    expect(plain.json().order).toMatchObject({ promoCode: null, discountAmount: 0 });
    expect(await invoiceText(token, without.json().orderId, 'en')).not.toContain('Promo code');
    const list = await call(token, '/orders/fetchOrderList');
    expect(list.json().output.map((order: { promoCode: string | null }) => order.promoCode)).toEqual([
      null,
      code,
    ]);
  });

  it("keeps a plan upgrade's credit apart from the code's discount: order, invoice and redemption", async () => {
    const code = await makeCode();
    const token = await registerUser(t, `promo-upgrade-${kind}@example.com`);
    const month = 'validity_periods.month';
    await fillCart(token, [{ tradeOfferId: 'offer_plan_10', validityPeriodId: month }]);
    const bought = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(bought.statusCode, bought.body).toBe(200);
    await payOnDemoAcquirer(t, token, bought.json().formUrl);
    // At once a bigger plan: the whole term of the first is unused and comes off, and so does the code's 10 %.
    await fillCart(token, [{ tradeOfferId: 'offer_plan_100', validityPeriodId: month }]);
    const [line] = (await applyCode(token, code)).json().productItems;
    const credit = line.upgradeCreditAmount;
    const discount = line.autoDiscountAmount - credit;
    expect(credit).toBeGreaterThan(0);
    expect(discount).toBe(Math.round(line.amountWithoutDiscount / 10));
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { orderId } = checkout.json();
    const { order } = (await call(token, `/orders/${orderId}/fetchOrder`)).json();
    expect(order).toMatchObject({
      discountAmount: discount + credit,
      upgradeCreditAmount: credit,
      promoCode: code,
    });
    const [redemption] = await redemptionsOfOrder(t, orderId);
    expect(redemption?.discountMinor).toBe(discount);
    const rub = (minor: number) => `₽${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const text = await invoiceText(token, orderId, 'en');
    expect(text).toContain(`Discount −${rub(discount)}`);
    expect(text).toContain(`Unused part of the previous plan −${rub(credit)}`);
    expect(await invoiceText(token, orderId, 'ru')).toContain('Неиспользованная часть прежнего тарифа');
  });

  it('gives the code back when its order is cancelled', async () => {
    const code = await makeCode({ perUserLimit: 1 });
    const token = await registerUser(t, `promo-cancel-${kind}@example.com`);
    await fillCart(token);
    await applyCode(token, code);
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await redemptionsOf(code)).toBe(1);
    const { orderId } = checkout.json();

    await fillCart(token);
    expect((await applyCode(token, code)).json().code).toBe('PROMO_CODE_ALREADY_USED');

    const cancelled = await call(token, `/orders/${orderId}/cancelOrder`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await redemptionsOf(code)).toBe(0);
    expect((await applyCode(token, code)).statusCode).toBe(200);
  });

  it('stops applying when the code expires while it sits in the cart', async () => {
    const code = await makeCode({ validUntil: new Date(clock.now().getTime() + 60_000) });
    const token = await registerUser(t, `promo-expiring-${kind}@example.com`);
    await fillCart(token);
    expect((await applyCode(token, code)).json().discountAmount).toBeGreaterThan(0);
    clock.advance(120_000);
    const cart = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(cart).toMatchObject({ discountAmount: 0, errorReason: 'cart_error_promo_code_invalid' });
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(checkout.json().code).toBe('CART_NOT_READY');
  });
});
