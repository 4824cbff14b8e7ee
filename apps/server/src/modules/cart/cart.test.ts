import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp, testDatabases } from '../../test/harness.ts';

describe.each(testDatabases)('cart, delivery and contact sets (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (
    token: string | null,
    url: string,
    payload: object = {},
    method: 'POST' | 'DELETE' = 'POST',
  ) =>
    t.app.inject({
      method,
      url: `/api/stores${url}`,
      ...(method === 'POST' && { payload }),
      headers: { ...(token && { authorization: token }), 'x-locale-id': 'ru' },
    });
  const update = (token: string, payload: object) =>
    call(token, '/shoppingCarts/updateShoppingCart', payload);

  it('a personal-account top-up replaces the cart, and any other product replaces it', async () => {
    const token = await registerUser(t, `top-up-${kind}@example.com`);
    await update(token, {
      productItems: [{ tradeOfferId: 'offer_litres_10' }, { tradeOfferId: 'offer_tripod' }],
    });
    const topUp = (
      await update(token, { productItems: [{ tradeOfferId: 'offer_personal_account_top_up' }] })
    ).json();
    expect(topUp.productItems.map((item: { tradeOfferId: string }) => item.tradeOfferId)).toEqual([
      'offer_personal_account_top_up',
    ]);
    const replaced = (await update(token, { productItems: [{ tradeOfferId: 'offer_litres_50' }] })).json();
    expect(replaced.productItems.map((item: { tradeOfferId: string }) => item.tradeOfferId)).toEqual([
      'offer_litres_50',
    ]);
  });

  it("waits for a top-up's amount to be set again in another currency: ₽1,500 never becomes $1,500", async () => {
    const token = await registerUser(t, `top-up-currency-${kind}@example.com`);
    const inCurrency = (currency: string, payload: object, path = '/shoppingCarts/updateShoppingCart') =>
      t.app.inject({
        method: 'POST',
        url: `/api/stores${path}`,
        payload,
        headers: { authorization: token, 'x-currency-id': currency },
      });
    const set = await inCurrency('RUB', {
      productItems: [{ tradeOfferId: 'offer_personal_account_top_up', quantity: 1500 }],
    });
    expect(set.json()).toMatchObject({ amount: 150_000, errorReason: null });

    const inDollars = (await inCurrency('USD', {}, '/shoppingCarts/fetchShoppingCart')).json();
    expect(inDollars.productItems[0]).toMatchObject({ quantity: 1500, available: false });
    expect(inDollars.errorReason).toBe('cart_error_top_up_currency');
    const checkout = await inCurrency(
      'USD',
      {
        resolveCallbackUrl: 'http://localhost/en/shopping-cart/checkout/demo-card/validate',
        rejectCallbackUrl: 'http://localhost/en/shopping-cart/checkout/failure',
      },
      '/shoppingCarts/checkoutShoppingCart',
    );
    expect(checkout.statusCode).toBeGreaterThanOrEqual(400);
    expect(checkout.statusCode).toBeLessThan(500);

    // The same number sent again in dollars is the buyer's amount in dollars.
    const kept = (
      await inCurrency('USD', { productItems: [{ id: inDollars.productItems[0].id, quantity: 1500 }] })
    ).json();
    expect(kept).toMatchObject({ amount: 150_000, errorReason: null });
    expect(kept.productItems[0].available).toBe(true);
    const backInRoubles = (await inCurrency('RUB', {}, '/shoppingCarts/fetchShoppingCart')).json();
    expect(backInRoubles.errorReason).toBe('cart_error_top_up_currency');
  });

  it('never offers the personal account as the way to pay for a top-up of it', async () => {
    const token = await registerUser(t, `top-up-pay-${kind}@example.com`);
    const { paymentOptions } = (await call(token, '/shoppingCarts/fetchPaymentOptionList')).json();
    expect(paymentOptions.map((option: { id: string }) => option.id)).toContain('personal-account');
    await update(token, { productItems: [{ tradeOfferId: 'offer_litres_10' }] });
    const litres = (await update(token, { paymentOptionId: 'personal-account' })).json();
    expect(litres.paymentOptionId).toBe('personal-account');
    // The buyer's choice stays theirs, but beside a top-up the cart is paid some other way.
    const topUp = (
      await update(token, {
        productItems: [{ tradeOfferId: 'offer_personal_account_top_up', quantity: 500 }],
      })
    ).json();
    expect(topUp.paymentOptionId).not.toBe('personal-account');
    expect(topUp.paymentOption.providerId).not.toBe('personal-account');
    expect(topUp.amount).toBe(50_000);
    const back = (await update(token, { productItems: [{ tradeOfferId: 'offer_litres_10' }] })).json();
    expect(back.paymentOptionId).toBe('personal-account');
  });

  it('keeps a limited product to its allowed quantities, and adds one on each add without a quantity', async () => {
    const token = await registerUser(t, `limits-${kind}@example.com`);
    // The paper backdrop sells in 1, 2 or 5 to 10 rolls, in a colour: without one it is refused.
    const noColour = await update(token, {
      productItems: [{ tradeOfferId: 'offer_paper_backdrop', quantity: 4 }],
    });
    expect(noColour.statusCode).toBe(400);
    expect(noColour.json()).toMatchObject({
      code: 'PRODUCT_OPTION_REQUIRED',
      details: { field: 'optionId' },
    });
    const cart = (
      await update(token, {
        productItems: [
          {
            tradeOfferId: 'offer_paper_backdrop',
            optionId: 'offer_paper_backdrop_colour_white',
            quantity: 4,
          },
        ],
      })
    ).json();
    const [item] = cart.productItems;
    expect(item.allowedQuantities).toEqual([1, 2, 5, 6, 7, 8, 9, 10]);
    expect(item.quantity).toBe(1);
    const seven = (await update(token, { productItems: [{ id: item.id, quantity: 7 }] })).json();
    expect(seven.productItems[0].quantity).toBe(7);
    const tooMany = (await update(token, { productItems: [{ id: item.id, quantity: 11 }] })).json();
    expect(tooMany.productItems[0].quantity).toBe(1);
    const twice = (await update(token, { productItems: [{ tradeOfferId: 'offer_litres_10' }] })).json();
    const again = (await update(token, { productItems: [{ tradeOfferId: 'offer_litres_10' }] })).json();
    const litres = (cart: { productItems: Array<{ tradeOfferId: string; quantity: number }> }) =>
      cart.productItems.find((line) => line.tradeOfferId === 'offer_litres_10')?.quantity;
    expect(litres(twice)).toBe(1);
    expect(litres(again)).toBe(2);
    const removed = (
      await update(token, {
        productItems: [
          {
            id: again.productItems.find(
              (line: { tradeOfferId: string }) => line.tradeOfferId === 'offer_litres_10',
            ).id,
            quantity: 0,
          },
        ],
      })
    ).json();
    expect(litres(removed)).toBeUndefined();
  });

  it('refuses bad changes with clear errors and changes nothing', async () => {
    const token = await registerUser(t, `bad-cart-${kind}@example.com`);
    await update(token, { productItems: [{ tradeOfferId: 'offer_litres_10' }] });
    const unknown = await update(token, {
      productItems: [{ tradeOfferId: 'offer_litres_50' }, { tradeOfferId: 'no_such_offer' }],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(token, '/shoppingCarts/fetchShoppingCart')).json().productItems).toHaveLength(1);
    expect((await update(token, { productItems: [{ quantity: 2 }] })).json().code).toBe(
      'core_object_not_set',
    );
    expect(
      (await update(token, { productItems: [{ tradeOfferId: 'offer_litres_10', quantity: -1 }] })).statusCode,
    ).toBe(400);
    expect((await update(token, { deliveryOptionId: 'teleport' })).statusCode).toBe(404);
    const payment = await update(token, { paymentOptionId: 'cash-in-a-bag' });
    expect(payment.json()).toMatchObject({
      code: 'PAYMENT_OPTION_UNAVAILABLE',
      message: 'Невозможно оплатить, выберите другой способ оплаты!',
    });
    expect((await update(token, { surprise: true })).statusCode).toBe(400);
  });

  it('lists delivery options with prices and the pickup points of a pickup option', async () => {
    const token = await registerUser(t, `delivery-${kind}@example.com`);
    const { deliveryOptions } = (
      await call(token, '/shoppingCarts/deliveryOptions/fetchDeliveryOptionList')
    ).json();
    expect(deliveryOptions).toEqual([
      expect.objectContaining({
        id: 'pickup',
        name: 'Пункт выдачи',
        price: { amountMinor: 0, currency: 'RUB' },
      }),
      expect.objectContaining({
        id: 'courier',
        name: 'Курьер',
        price: { amountMinor: 39_000, currency: 'RUB' },
      }),
    ]);
    const points = (await call(token, '/shoppingCarts/deliveryOptions/pickup/fetchPickupPointList')).json();
    expect(points.pickupPoints.map((point: { id: string }) => point.id)).toContain('pickup-moscow-tverskaya');
    expect(
      (await call(token, '/shoppingCarts/deliveryOptions/courier/fetchPickupPointList')).json().pickupPoints,
    ).toEqual([]);
    expect(
      (await call(token, '/shoppingCarts/deliveryOptions/nowhere/fetchPickupPointList')).statusCode,
    ).toBe(404);
  });

  it('keeps contact sets per user; deleting the chosen one takes it out of the cart', async () => {
    const alice = await registerUser(t, `alice-contacts-${kind}@example.com`);
    const bob = await registerUser(t, `bob-contacts-${kind}@example.com`);
    const created = await call(alice, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.location',
      address: {
        settlementId: 'ru-moskva',
        city: 'Москва',
        street: 'ул. Тверская',
        building: '7',
        apartment: '12',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const location = created.json();
    expect(location.view).toContain('Москва');
    // A postal code that no post office writes is refused, with the field named; a real one is kept.
    const address = { city: 'Москва', street: 'ул. Тверская', building: '7' };
    const typeId = 'partner_contact_set_types.location';
    const refused = await call(alice, '/partnerContactSets', {
      typeId,
      address: { ...address, postalCode: 'abc' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(refused.json())).toContain('postalCode');
    const kept = await call(alice, '/partnerContactSets', {
      typeId,
      address: { ...address, postalCode: '125009' },
    });
    expect(kept.json().view).toContain('125009');
    // In a settlement whose country writes six digits, a letter O for a zero is refused.
    const inMoscow = { ...address, settlementId: 'ru-moskva' };
    const lettered = await call(alice, '/partnerContactSets', {
      typeId,
      address: { ...inMoscow, postalCode: '10100O' },
    });
    expect(lettered.statusCode).toBe(400);
    expect(lettered.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'address.postalCode' },
    });
    const russian = await call(alice, '/partnerContactSets', {
      typeId,
      address: { ...inMoscow, postalCode: '101000' },
    });
    expect(russian.statusCode, russian.body).toBe(200);
    await call(alice, `/partnerContactSets/${russian.json().id}`, {}, 'DELETE');
    await call(alice, `/partnerContactSets/${kept.json().id}`, {}, 'DELETE');
    await update(alice, { productItems: [{ tradeOfferId: 'offer_tripod' }], deliveryOptionId: 'courier' });
    const chosen = (await update(alice, { deliveryContactSetId: location.id })).json();
    expect(chosen.deliveryContactSet.id).toBe(location.id);

    // Bob sees none of Alice's sets, cannot choose nor delete them.
    expect((await call(bob, '/partnerContactSets/fetchContactSetList')).json().contactSets).toEqual([]);
    expect(
      (await update(bob, { deliveryOptionId: 'courier', deliveryContactSetId: location.id })).statusCode,
    ).toBe(404);
    expect((await call(bob, `/partnerContactSets/${location.id}`, {}, 'DELETE')).statusCode).toBe(404);

    expect((await call(alice, '/partnerContactSets/', {}, 'DELETE')).json().code).toBe('core_object_not_set');
    expect((await call(alice, `/partnerContactSets/${location.id}`, {}, 'DELETE')).statusCode).toBe(200);
    const after = (await call(alice, '/shoppingCarts/fetchShoppingCart')).json();
    expect(after.deliveryContactSetId).toBeNull();
    expect(after.errorReason).toBe('cart_error_delivery_contact_required');
    expect((await call(alice, '/partnerContactSets/fetchContactSetList')).json().contactSets).toEqual([]);

    const unknownCity = await call(alice, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.location',
      address: { settlementId: 'xx-atlantis', city: 'Atlantis', street: 'Main', building: '1' },
    });
    expect(unknownCity.statusCode).toBe(400);
    const badPhone = await call(alice, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.recipient',
      fullName: 'Anna',
      phoneNumber: 'call me',
    });
    expect(badPhone.statusCode).toBe(400);
  });

  it('suggests addresses and settlements from the gazetteer and keeps the buyer’s settlement', async () => {
    const token = await registerUser(t, `suggest-${kind}@example.com`);
    const addresses = (await call(token, '/suggest/address', { query: 'Казань, Баумана 12' })).json();
    expect(addresses.suggestions[0]).toMatchObject({
      street: expect.stringContaining('Баумана'),
      building: '12',
    });
    expect(addresses.suggestions[0].settlement.name).toBe('Казань');
    const places = (await call(token, '/suggest/address/locale', { query: 'питер' })).json();
    expect(places.settlements[0].name).toBe('Санкт-Петербург');

    const guessed = (await call(token, '/partnerSettlements/fetchCurrentPartnerSettlement')).json();
    expect(guessed).toMatchObject({ chosen: false, settlement: { name: 'Москва' } });
    expect(
      (await call(token, '/partnerSettlements/bulkUpsert', { items: [{ settlementId: 'ru-kazan' }] }))
        .statusCode,
    ).toBe(200);
    const chosen = (await call(token, '/partnerSettlements/fetchCurrentPartnerSettlement')).json();
    expect(chosen).toMatchObject({ chosen: true, settlement: { id: 'ru-kazan' } });
    expect(
      (await call(token, '/partnerSettlements/bulkUpsert', { items: [{ settlementId: 'nowhere' }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(null, '/partnerSettlements/bulkUpsert', { items: [{ settlementId: 'ru-kazan' }] }))
        .statusCode,
    ).toBe(401);
  });
});
