import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  latestOutboxMessage,
  litreBalance,
  registerUser,
  setAvailableQuantity,
  setStoreOptions,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';

const site = 'http://localhost';

/** The text of a PDF, as pdftotext (poppler-utils) reads it. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
const callbacks = {
  resolveCallbackUrl: `${site}/en/shopping-cart/checkout/demo-card/validate`,
  rejectCallbackUrl: `${site}/en/shopping-cart/checkout/failure`,
};

describe.each(testDatabases)('checkout with the demo acquirer (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Stock is counted (SPEC §5), set before the store is first read (its settings are kept 30 s).
    await setStoreOptions(t.database, { AllowClientProductInStock: true });
  });
  afterAll(() => t.close());

  const call = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores${url}`, payload, headers: { authorization: token } });

  /** A recipient of the buyer's: goods going by a delivery option name one. */
  async function recipientOf(token: string): Promise<string> {
    const made = await call(token, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.recipient',
      fullName: 'Anna Petrova',
      phoneNumber: '+79001234567',
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json().id;
  }

  /** Pays the demo page with a card; answers the query string the acquirer sends the buyer back with. */
  async function payOnDemoPage(formUrl: string, number: string): Promise<string> {
    const path = new URL(formUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number, expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    return new URL(String(paid.headers.location)).search;
  }

  async function checkoutLitres(token: string, offer = 'offer_litres_50') {
    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: offer }],
      paymentOptionId: 'demo-card',
    });
    const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(checkout.statusCode, checkout.body).toBe(200);
    return checkout.json();
  }

  it('prices the cart on the server and says what is missing', async () => {
    const token = await registerUser(t, `cart-${kind}@example.com`);
    const empty = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(empty).toMatchObject({ productItems: [], amount: 0, errorReason: 'cart_error_empty' });

    const added = await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_50', quantity: 2 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json();
    expect(cart).toMatchObject({
      currency: 'RUB',
      productCount: 2,
      amount: 238_000,
      vatAmount: Math.round((238_000 * 22) / 122),
      deliveryRequired: false,
      // The store's first way to pay in roubles stands until the buyer chooses.
      paymentOptionId: 'demo-card',
      errorReason: null,
    });
    expect(cart.productItems[0]).toMatchObject({
      quantity: 2,
      price: 119_000,
      amount: 238_000,
      selected: true,
    });

    const chosen = (
      await call(token, '/shoppingCarts/updateShoppingCart', { paymentOptionId: 'demo-card' })
    ).json();
    expect(chosen.errorReason).toBeNull();
    const unselected = (await call(token, '/shoppingCarts/updateShoppingCart', { selectAll: false })).json();
    expect(unselected).toMatchObject({ amount: 0, errorReason: 'cart_error_nothing_selected' });
    const reset = (await call(token, '/shoppingCarts/resetShoppingCart')).json();
    expect(reset.productItems).toEqual([]);
  });

  it('pays through the hosted page, credits the litres once however often it is validated', async () => {
    const token = await registerUser(t, `pay-${kind}@example.com`);
    const before = await litreBalance(t, token);
    const result = await checkoutLitres(token);
    expect(result).toMatchObject({
      statusId: 'payment_operation_statuses.not_paid',
      paymentRequired: true,
      formMethod: 'GET',
    });
    expect(result.formUrl).toMatch(/^http:\/\/localhost\/demo-acquirer\/pay\//);
    const afterCheckout = (await call(token, '/shoppingCarts/fetchShoppingCart')).json();
    expect(afterCheckout.productItems).toEqual([]);

    const queryString = await payOnDemoPage(result.formUrl, '4242 4242 4242 4242');
    const validations = await Promise.all(
      [1, 2, 3].map(() => call(token, '/paymentOptions/demo-card/validate', { queryString })),
    );
    for (const validation of validations) {
      expect(validation.statusCode, validation.body).toBe(200);
      expect(validation.json()).toMatchObject({
        statusId: 'payment_operation_statuses.paid',
        paymentRequired: false,
      });
    }
    expect(await litreBalance(t, token)).toBe(before + 50);
    // The mail goes after the payment's transaction commits, beside the answer: wait for it.
    await expect
      .poll(async () => (await latestOutboxMessage(t, `pay-${kind}@example.com`))?.subject)
      .toMatch(/^Order No\. \d+ is paid$/);
    const mail = await latestOutboxMessage(t, `pay-${kind}@example.com`);
    expect(mail?.text).toContain('50 litres × 1');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        contentType: 'application/pdf',
        filename: expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/),
      }),
    ]);

    const list = (await call(token, '/orders/fetchOrderList')).json();
    expect(list.totalCount).toBe(1);
    expect(list.output[0]).toMatchObject({
      status: 'fulfilled',
      amount: 119_000,
      canPay: false,
      canCancel: false,
    });
    expect(list.output[0].invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    // Each step has its time: fulfilled when the litres were credited, right after the payment.
    const { paidAt, fulfilledAt, periodAt } = list.output[0];
    expect(Date.parse(fulfilledAt)).toBeGreaterThanOrEqual(Date.parse(paidAt));
    expect(Date.parse(paidAt)).toBeGreaterThanOrEqual(Date.parse(periodAt));

    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/stores/orders/${list.output[0].id}/displayLayoutTemplate?layoutTemplateId=invoice&format=pdf`,
      headers: { authorization: token, 'x-locale-id': 'ru' },
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain(list.output[0].invoiceNumber);
    expect(text).toContain('50 литров');
    expect(text).toContain('1 190,00 ₽');
    const stranger = await registerUser(t, `stranger-${kind}@example.com`);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/stores/orders/${list.output[0].id}/displayLayoutTemplate?format=pdf`,
      headers: { authorization: stranger },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a declined card leaves the order unpaid, and paying again succeeds', async () => {
    const token = await registerUser(t, `declined-${kind}@example.com`);
    const result = await checkoutLitres(token, 'offer_litres_10');
    const declined = await payOnDemoPage(result.formUrl, '4000 0000 0000 0002');
    const validation = await call(token, '/paymentOptions/demo-card/validate', { queryString: declined });
    expect(validation.statusCode).toBe(402);
    expect(validation.json().code).toBe('PAYMENT_DECLINED');
    const [order] = (await call(token, '/orders/fetchOrderList')).json().output;
    expect(order).toMatchObject({ status: 'awaiting_payment', canPay: true, canCancel: true });

    const again = await call(token, '/paymentOptions/perform', {
      paymentOptionId: 'demo-card',
      ...callbacks,
      documentItemList: [{ documentType: 'customer_order', documentId: order.id }],
    });
    expect(again.statusCode, again.body).toBe(200);
    const paid = await payOnDemoPage(again.json().formUrl, '4242424242424242');
    const second = await call(token, '/paymentOptions/demo-card/validate', { queryString: paid });
    expect(second.json().statusId).toBe('payment_operation_statuses.paid');
    const detail = (await call(token, `/orders/${order.id}/fetchOrder`)).json();
    expect(detail.order.status).toBe('fulfilled');
  });

  it('never shows or validates another user’s order or payment', async () => {
    const alice = await registerUser(t, `alice-orders-${kind}@example.com`);
    const bob = await registerUser(t, `bob-orders-${kind}@example.com`);
    const result = await checkoutLitres(alice, 'offer_litres_10');
    const queryString = await payOnDemoPage(result.formUrl, '4242 4242 4242 4242');
    expect((await call(bob, '/paymentOptions/demo-card/validate', { queryString })).statusCode).toBe(404);
    const [order] = (await call(alice, '/orders/fetchOrderList')).json().output;
    expect((await call(bob, `/orders/${order.id}/fetchOrder`)).statusCode).toBe(404);
    expect((await call(bob, `/orders/${order.id}/cancelOrder`)).statusCode).toBe(404);
    expect((await call(bob, '/orders/fetchOrderList')).json().totalCount).toBe(0);
  });

  it('cancels an unpaid order and puts its goods back in stock; a paid one cannot be cancelled', async () => {
    {
      await setAvailableQuantity(t, 'offer_tripod', 2);
      const token = await registerUser(t, `cancel-${kind}@example.com`);
      const outlet = await call(token, '/partnerContactSets', {
        typeId: 'partner_contact_set_types.outlet',
        pickupPointId: 'pickup-moscow-tverskaya',
      });
      expect(outlet.statusCode, outlet.body).toBe(200);
      const needsDelivery = (
        await call(token, '/shoppingCarts/updateShoppingCart', {
          productItems: [{ tradeOfferId: 'offer_tripod', quantity: 2 }],
          paymentOptionId: 'demo-card',
        })
      ).json();
      expect(needsDelivery).toMatchObject({
        deliveryRequired: true,
        recipientRequired: false,
        errorReason: 'cart_error_delivery_required',
      });
      const courier = (
        await call(token, '/shoppingCarts/updateShoppingCart', { deliveryOptionId: 'courier' })
      ).json();
      expect(courier).toMatchObject({
        deliveryAmount: 39_000,
        errorReason: 'cart_error_delivery_contact_required',
      });
      const wrongKind = await call(token, '/shoppingCarts/updateShoppingCart', {
        deliveryContactSetId: outlet.json().id,
      });
      expect(wrongKind.json().code).toBe('CONTACT_SET_NOT_SUITABLE');
      const handedTo = (
        await call(token, '/shoppingCarts/updateShoppingCart', {
          deliveryOptionId: 'pickup',
          deliveryContactSetId: outlet.json().id,
        })
      ).json();
      // The shop hands the goods to someone: the order names who (the store's option is off).
      expect(handedTo).toMatchObject({
        deliveryAmount: 0,
        recipientRequired: true,
        errorReason: 'cart_error_recipient_required',
      });
      const ready = (
        await call(token, '/shoppingCarts/updateShoppingCart', {
          recipientContactSetId: await recipientOf(token),
        })
      ).json();
      expect(ready).toMatchObject({ deliveryAmount: 0, errorReason: null });
      const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
      expect(checkout.statusCode, checkout.body).toBe(200);
      const [order] = (await call(token, '/orders/fetchOrderList')).json().output;
      const tripod = await call(token, '/products/offer_tripod/fetchProductTradeOffer');
      expect(tripod.json().availableQuantity).toBe(0);
      const refused = await call(token, '/shoppingCarts/updateShoppingCart', {
        productItems: [{ tradeOfferId: 'offer_tripod' }],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Out of stock.' });

      expect(order.contacts.deliveryOptionName).toBe('Pickup point');
      expect(order.contacts).toMatchObject({
        recipientName: 'Anna Petrova',
        recipientPhone: expect.any(String),
      });
      const inRussian = await t.app.inject({
        method: 'POST',
        url: `/api/stores/orders/${order.id}/fetchOrder`,
        payload: {},
        headers: { authorization: token, 'x-locale-id': 'ru' },
      });
      expect(inRussian.json().order.contacts.deliveryOptionName).toBe('Пункт выдачи');
      // The pickup point too reads in the reader's language, and the phone by the mask.
      expect(order.contacts.deliveryAddress).toBe('Cutout — Tverskaya, 7 Tverskaya St, Moscow');
      expect(inRussian.json().order.contacts).toMatchObject({
        deliveryAddress: 'Cutout — Тверская, г. Москва, ул. Тверская, д. 7',
        recipientPhone: '+7 (900) 123-45-67',
      });
      // The invoice's buyer is the account that pays; the recipient is named apart.
      const invoice = pdfText(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/stores/orders/${order.id}/displayLayoutTemplate?format=pdf`,
            headers: { authorization: token, 'x-locale-id': 'ru' },
          })
        ).rawPayload,
      );
      expect(invoice).toContain(`cancel-${kind}@example.com`);
      expect(invoice).toContain('Получатель: Anna Petrova, +7 (900) 123-45-67');
      expect(invoice).toContain('Пункт выдачи: Cutout — Тверская');
      // The delivery line too is named in the reader's language, not the checkout's.
      const deliveryLine = (order: { productItems: Array<{ typeId: string; name: string }> }) =>
        order.productItems.find((item) => item.typeId === 'shopping_cart_product_types.delivery')?.name;
      expect(deliveryLine(order)).toBe('Pickup point');
      expect(deliveryLine(inRussian.json().order)).toBe('Пункт выдачи');
      const cancelled = await call(token, `/orders/${order.id}/cancelOrder`);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', canPay: false, canCancel: false });
      expect(
        (await call(token, '/products/offer_tripod/fetchProductTradeOffer')).json().availableQuantity,
      ).toBe(2);
      expect((await call(token, `/orders/${order.id}/cancelOrder`)).json().code).toBe(
        'ORDER_NOT_CANCELLABLE',
      );
    }
  });

  it('refuses a checkout whose total changed since the buyer saw it, charging nothing', async () => {
    const token = await registerUser(t, `stale-${kind}@example.com`);
    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10' }],
      paymentOptionId: 'demo-card',
    });
    const stale = await call(token, '/shoppingCarts/checkoutShoppingCart', {
      ...callbacks,
      expectedAmount: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CART_CHANGED');
    expect((await call(token, '/orders/fetchOrderList')).json().totalCount).toBe(0);
    expect((await call(token, '/shoppingCarts/fetchShoppingCart')).json().productItems).toHaveLength(1);
  });

  it('fails cleanly when the goods ran out after they were put in the cart: nothing ordered, nothing taken', async () => {
    await setAvailableQuantity(t, 'offer_turntable', 3);
    const token = await registerUser(t, `ran-out-${kind}@example.com`);
    const outlet = (
      await call(token, '/partnerContactSets', {
        typeId: 'partner_contact_set_types.outlet',
        pickupPointId: 'pickup-kazan-bauman',
      })
    ).json();
    const ready = (
      await call(token, '/shoppingCarts/updateShoppingCart', {
        productItems: [{ tradeOfferId: 'offer_turntable', quantity: 3 }, { tradeOfferId: 'offer_litres_10' }],
        paymentOptionId: 'demo-card',
        deliveryOptionId: 'pickup',
        deliveryContactSetId: outlet.id,
        recipientContactSetId: await recipientOf(token),
      })
    ).json();
    expect(ready.errorReason).toBeNull();
    // Someone else bought two meanwhile.
    await setAvailableQuantity(t, 'offer_turntable', 1);
    const refused = await call(token, '/shoppingCarts/checkoutShoppingCart', {
      ...callbacks,
      expectedAmount: ready.amount,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CART_NOT_READY',
      details: { reason: 'cart_error_out_of_stock' },
    });
    expect((await call(token, '/orders/fetchOrderList')).json().totalCount).toBe(0);
    expect(
      (await call(token, '/products/offer_turntable/fetchProductTradeOffer')).json().availableQuantity,
    ).toBe(1);
    expect((await call(token, '/shoppingCarts/fetchShoppingCart')).json().productCount).toBe(4);
  });

  it('sells the last unit once when two buyers check out at the same moment', async () => {
    await setAvailableQuantity(t, 'offer_turntable', 1);
    const buyers = await Promise.all(
      ['first', 'second', 'third'].map((name) => registerUser(t, `last-unit-${name}-${kind}@example.com`)),
    );
    for (const token of buyers) {
      const outlet = (
        await call(token, '/partnerContactSets', {
          typeId: 'partner_contact_set_types.outlet',
          pickupPointId: 'pickup-moscow-tverskaya',
        })
      ).json();
      const cart = (
        await call(token, '/shoppingCarts/updateShoppingCart', {
          productItems: [{ tradeOfferId: 'offer_turntable' }],
          paymentOptionId: 'demo-card',
          deliveryOptionId: 'pickup',
          deliveryContactSetId: outlet.id,
          recipientContactSetId: await recipientOf(token),
        })
      ).json();
      expect(cart.errorReason).toBeNull();
    }
    const answers = await Promise.all(
      buyers.map((token) => call(token, '/shoppingCarts/checkoutShoppingCart', callbacks)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect(['OUT_OF_STOCK', 'CART_NOT_READY']).toContain(answer.json().code);
    }
    expect(
      (await call(buyers[0] as string, '/products/offer_turntable/fetchProductTradeOffer')).json()
        .availableQuantity,
    ).toBe(0);
  });

  it('sends the buyer back only to this site', async () => {
    const token = await registerUser(t, `redirect-${kind}@example.com`);
    await call(token, '/shoppingCarts/updateShoppingCart', {
      productItems: [{ tradeOfferId: 'offer_litres_10' }],
      paymentOptionId: 'demo-card',
    });
    const away = await call(token, '/shoppingCarts/checkoutShoppingCart', {
      ...callbacks,
      resolveCallbackUrl: 'https://evil.example/steal',
    });
    expect(away.statusCode).toBe(400);
    expect(away.json().code).toBe('CALLBACK_NOT_ALLOWED');
  });

  it('keeps the cart for signed-in users only', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/stores/shoppingCarts/fetchShoppingCart',
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
  });
});
