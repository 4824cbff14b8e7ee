import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import {
  createTestApp,
  demoCallbacks,
  latestOutboxMessage,
  litreBalance,
  payOnDemoAcquirer,
  registerUser,
  storeApi,
  type TestApp,
  testClock,
  testDatabases,
  userIdOf,
} from '../../test/harness.ts';
import { newVoucherCode, normalizeVoucherCode } from './vouchers.service.ts';

const operatorToken = 'operator-token-of-the-vouchers-test-0123456789';
const codePattern = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

describe('voucher codes', () => {
  it('are three groups of four letters and digits without look-alikes', () => {
    const codes = new Set(Array.from({ length: 500 }, newVoucherCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(codePattern);
  });

  it('are read in any case, with or without dashes and spaces', () => {
    expect(normalizeVoucherCode(' abcd efgh-jk mn ')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeVoucherCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeVoucherCode(' short ')).toBe('SHORT');
  });
});

describe.each(testDatabases)('pin codes and gift cards (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-25T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, { OPERATOR_TOKEN: operatorToken }, { now: clock.now });
  });
  afterAll(() => t.close());

  let people = 0;
  const person = async (name: string) => {
    const email = `${name}-${people++}-${kind}@example.com`;
    return { email, token: await registerUser(t, email) };
  };

  const call = (...args: Parameters<ReturnType<typeof storeApi>>) => storeApi(t)(...args);
  const apply = (token: string, pinCode: unknown, headers: Record<string, string> = {}) =>
    call(token, '/shoppingCarts/applyPinCode', { pinCode }, headers);
  const listOf = async (token: string) => (await call(token, '/vouchers/fetchVoucherList')).json();

  async function buy(token: string, tradeOfferId: string, quantity: number) {
    const added = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId, quantity }],
      paymentOptionId: 'demo-card',
    });
    expect(added.statusCode, added.body).toBe(200);
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { formUrl } = checkout.json();
    expect(await payOnDemoAcquirer(t, token, formUrl)).toBe('payment_operation_statuses.paid');
  }

  const issue = (payload: object, token: string | null = operatorToken) =>
    call(null, '/vouchers/issue', payload, token ? { 'x-operator-token': token } : {});

  it('issues one code per pin code bought, lists them for the buyer and names them in the paid mail', async () => {
    const buyer = await person('buyer');
    await buy(buyer.token, 'offer_pin_code_20', 2);
    const { output, totalCount } = await listOf(buyer.token);
    expect(totalCount).toBe(2);
    for (const voucher of output) {
      expect(voucher).toMatchObject({
        kind: 'pin_code',
        grant: { type: 'litres', litres: 20 },
        productName: 'Pin code: 20 litres',
        redeemedAt: null,
        redeemedByViewer: false,
      });
      expect(voucher.code).toMatch(codePattern);
    }
    await expect
      .poll(async () => (await latestOutboxMessage(t, buyer.email))?.text ?? '')
      .toContain(output[0].code);
    const mail = (await latestOutboxMessage(t, buyer.email))?.text ?? '';
    expect(mail).toContain(output[1].code);
    // Bought codes are the buyer's to give: buying them credited no litres.
    expect(await litreBalance(t, buyer.token)).toBe(5);
  });

  it('credits the litres of a code once, to whoever applies it first, in any case', async () => {
    const buyer = await person('giver');
    await buy(buyer.token, 'offer_pin_code_20', 1);
    const [voucher] = (await listOf(buyer.token)).output;
    const friend = await person('friend');

    const applied = await apply(friend.token, voucher.code.toLowerCase().replaceAll('-', ' '));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      message: 'Pincode successfully applied!',
      voucher: { code: voucher.code, redeemedByViewer: true, grant: { litres: 20 } },
    });
    expect(await litreBalance(t, friend.token)).toBe(25);
    const summary = (await call(friend.token, '/litres/fetchLitreSummary')).json();
    expect(summary.lots).toContainEqual({ source: 'code', quantity: 20, expiresAt: null });

    const again = await apply(buyer.token, voucher.code, { 'x-locale-id': 'ru' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PIN_CODE_ALREADY_APPLIED',
      message: 'Этот пин-код уже применён.',
    });
    expect(await litreBalance(t, buyer.token)).toBe(5);
    // The buyer sees it used; the friend sees the code they applied.
    expect((await listOf(buyer.token)).output[0]).toMatchObject({ redeemedByViewer: false });
    expect((await listOf(friend.token)).output[0].redeemedAt).not.toBeNull();
  });

  it('refuses an empty, an unknown code and a visitor with the messages of SPEC §5 and §8', async () => {
    const { token } = await person('typist');
    for (const empty of ['', '   ', null]) {
      const answer = await apply(token, empty);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'PIN_CODE_REQUIRED', message: 'Enter the pin code!' });
    }
    const unknown = await apply(token, 'AAAA-BBBB-CCCC', { 'x-locale-id': 'ru' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('PIN_CODE_UNKNOWN');
    expect(unknown.json().message).toMatch(/^Такого пин-кода нет/);
    const tooLong = await apply(token, 'X'.repeat(65));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('VALIDATION_ERROR');
    const visitor = await call(null, '/shoppingCarts/applyPinCode', { pinCode: 'AAAA-BBBB-CCCC' });
    expect(visitor.statusCode).toBe(401);
  });

  it('gives a code to exactly one of many users applying it at once', async () => {
    const [code] = (
      await issue({ batch: `race-${kind}`, quantity: 1, grant: { type: 'litres', litres: 7 } })
    ).json().codes;
    const racers = await Promise.all(Array.from({ length: 6 }, (_, n) => person(`racer${n}`)));
    const answers = await Promise.all(racers.map(({ token }) => apply(token, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const balances = await Promise.all(racers.map(({ token }) => litreBalance(t, token)));
    expect(balances.sort()).toEqual([12, 5, 5, 5, 5, 5]);
  });

  it('slows down guessing: after 10 wrong codes even a right one waits', async () => {
    const { token } = await person('guesser');
    const [code] = (
      await issue({ batch: `guess-${kind}`, quantity: 1, grant: { type: 'litres', litres: 3 } })
    ).json().codes;
    for (let n = 0; n < 10; n++) {
      expect((await apply(token, `WRNG-${String(n).padStart(4, 'X')}-CODE`)).statusCode).toBe(400);
    }
    const locked = await apply(token, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await litreBalance(t, token)).toBe(5);
  });

  it('lets no more than 10 guesses through when they come at once; a right code is no guess', async () => {
    // From addresses of their own: the other tests' guesses count against 127.0.0.1.
    const applyFrom = (remoteAddress: string) => (token: string, pinCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stores/shoppingCarts/applyPinCode',
        payload: { pinCode },
        headers: { authorization: token },
        remoteAddress,
      });
    const rusher = await person('rusher');
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        applyFrom('10.91.0.1')(rusher.token, `RUSH-${String(n).padStart(4, 'X')}-CODE`),
      ),
    );
    const statuses = guesses.map((guess) => guess.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);

    const careful = await person('careful');
    const [code] = (
      await issue({ batch: `careful-${kind}`, quantity: 1, grant: { type: 'litres', litres: 2 } })
    ).json().codes;
    const carefulApply = applyFrom('10.91.0.2');
    for (let n = 0; n < 9; n++) await carefulApply(careful.token, `MISS-${String(n).padStart(4, 'X')}-CODE`);
    expect((await carefulApply(careful.token, code)).statusCode).toBe(200);
    // Nine guesses so far, not ten: one more wrong code is still answered.
    expect((await carefulApply(careful.token, 'MISS-LAST-CODE')).statusCode).toBe(400);
    expect((await carefulApply(careful.token, 'MISS-OVER-CODE')).statusCode).toBe(429);
  });

  it('lets only the operator issue batches, idempotent by name, and checks what they give', async () => {
    const batch = { batch: `partners-${kind}`, quantity: 3, grant: { type: 'litres', litres: 10 } };
    expect((await issue(batch, null)).statusCode).toBe(403);
    expect((await issue(batch, 'a-wrong-token-that-is-long-enough-0123456789')).statusCode).toBe(403);
    const first = await issue(batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().codes).toHaveLength(3);
    expect((await issue(batch)).json().codes).toEqual(first.json().codes);
    const noPlan = await issue({
      batch: 'x',
      quantity: 1,
      grant: { type: 'plan', productId: 'nope', period: 'month' },
    });
    expect(noPlan.statusCode).toBe(400);
    const noCurrency = await issue({
      batch: 'y',
      quantity: 1,
      grant: { type: 'money', amount: 100, currency: 'JPY' },
    });
    expect(noCurrency.statusCode).toBe(400);
    expect((await issue({ ...batch, quantity: 1001 })).statusCode).toBe(400);
  });

  it('starts a plan from a code, extends the same plan, and keeps a code for another plan unused', async () => {
    const { token } = await person('planner');
    const codes = (
      await issue({
        batch: `plans-${kind}`,
        quantity: 2,
        grant: { type: 'plan', productId: 'product_plan_40', period: 'month' },
      })
    ).json().codes as string[];
    const [other] = (
      await issue({
        batch: `plans-other-${kind}`,
        quantity: 1,
        grant: { type: 'plan', productId: 'product_plan_100', period: 'month' },
      })
    ).json().codes as string[];

    const started = await apply(token, codes[0]);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().voucher.grant).toEqual({
      type: 'plan',
      planName: 'Plan: 40 images a month',
      validityPeriodId: 'validity_periods.month',
    });
    const subscription = (await call(token, '/subscriptions/fetchCurrentSubscription')).json().subscription;
    expect(subscription).toMatchObject({
      stateId: 'subscription_states.active',
      planName: 'Plan: 40 images a month',
      validityPeriodId: 'validity_periods.month',
    });
    expect(await litreBalance(t, token)).toBe(45);

    expect((await apply(token, codes[1])).statusCode).toBe(200);
    const extended = (await call(token, '/subscriptions/fetchCurrentSubscription')).json().subscription;
    expect(new Date(extended.expiresAt).getTime()).toBeGreaterThan(
      new Date(subscription.expiresAt).getTime(),
    );

    const conflict = await apply(token, other);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('PIN_CODE_PLAN_CONFLICT');
    const friend = await person('plan-friend');
    expect((await apply(friend.token, other)).statusCode).toBe(200);
  });

  it('puts a money code on the personal account', async () => {
    const { token } = await person('saver');
    const [code] = (
      await issue({
        batch: `money-${kind}`,
        quantity: 1,
        grant: { type: 'money', amount: 50_000, currency: 'RUB' },
      })
    ).json().codes;
    const applied = await apply(token, code);
    expect(applied.json().voucher.grant).toEqual({ type: 'money', amount: 50_000, currency: 'RUB' });
    const { ledger } = createServices({
      config: t.config,
      database: t.database,
      log: pino({ level: 'silent' }),
      now: clock.now,
    });
    const userId = await userIdOf(t, token);
    expect((await ledger.balance({ userId, unit: 'money:RUB' })).total).toBe(50_000);
  });

  it('gives a money gift card its price on the personal account; no promo code or points take anything off it', async () => {
    const buyer = await person('aunt');
    const refused = await call(buyer.token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_gift_card_money', quantity: 1 }],
      couponCodePrompt: 'LITRES50',
      paymentOptionId: 'demo-card',
    });
    expect(refused.json().code, refused.body).toBe('PROMO_CODE_NOT_APPLICABLE');
    const cart = await call(buyer.token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_gift_card_money', quantity: 1 }],
      paymentOptionId: 'demo-card',
    });
    expect(cart.json()).toMatchObject({ amount: 100_000 });
    expect(cart.json().productItems[0]).toMatchObject({ bonusPointOutcomeLimit: 0, bonusPointIncome: 0 });
    const checkout = await call(buyer.token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
    expect(await payOnDemoAcquirer(t, buyer.token, checkout.json().formUrl)).toBe(
      'payment_operation_statuses.paid',
    );
    const [card] = (await listOf(buyer.token)).output;
    expect(card).toMatchObject({
      kind: 'gift_card',
      grant: { type: 'money', amount: 100_000, currency: 'RUB' },
      productName: 'Gift card for the personal account',
    });
    const nephew = await person('nephew');
    expect((await apply(nephew.token, card.code)).statusCode).toBe(200);
    const account = (await call(nephew.token, '/personalAccount/fetchPersonalAccount')).json();
    expect(account.balance).toEqual({ amountMinor: 100_000, currency: 'RUB' });
  });

  it('sends a gift card to someone, only by its buyer and only while unused', async () => {
    const buyer = await person('santa');
    await buy(buyer.token, 'offer_gift_card_100', 1);
    const [card] = (await listOf(buyer.token)).output;
    expect(card).toMatchObject({ kind: 'gift_card', grant: { type: 'litres', litres: 100 } });

    const stranger = await person('grinch');
    const stolen = await call(stranger.token, `/vouchers/${card.id}/send`, { email: 'x@example.com' });
    expect(stolen.statusCode).toBe(404);
    const bad = await call(buyer.token, `/vouchers/${card.id}/send`, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);

    const sent = await call(buyer.token, `/vouchers/${card.id}/send`, {
      email: `Kid-${kind}@Example.com`,
      language: 'ru',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().recipientEmail).toBe(`kid-${kind}@example.com`);
    const mail = await latestOutboxMessage(t, `kid-${kind}@example.com`);
    expect(mail?.subject).toBe('Подарок для вас: удаление фона');
    expect(mail?.text).toContain(card.code);
    expect(mail?.text).toContain('100 литров');

    const kid = await person('kid');
    expect((await apply(kid.token, card.code)).statusCode).toBe(200);
    expect(await litreBalance(t, kid.token)).toBe(105);
    const late = await call(buyer.token, `/vouchers/${card.id}/send`, { email: 'late@example.com' });
    expect(late.statusCode).toBe(409);
  });
});
