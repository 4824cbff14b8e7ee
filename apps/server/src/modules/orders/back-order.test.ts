import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerUser,
  setAvailableQuantity,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';

const callbacks = {
  resolveCallbackUrl: 'http://localhost/en/shopping-cart/checkout/demo-card/validate',
  rejectCallbackUrl: 'http://localhost/en/shopping-cart/checkout/failure',
};

/**
 * The seeded store does not count stock (AllowClientProductInStock off): it takes orders beyond
 * the shelf, to fill later. The shelf's part is still taken, so that the stock it shows stays
 * true, and a cancellation puts back what was taken, no more.
 */
describe.each(testDatabases)('orders beyond the stock (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores${url}`, payload, headers: { authorization: token } });
  const available = async (token: string) =>
    (await call(token, '/products/offer_turntable/fetchProductTradeOffer')).json().availableQuantity;

  async function order(token: string, quantity: number): Promise<string> {
    const outlet = await call(token, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.outlet',
      pickupPointId: 'pickup-moscow-tverskaya',
    });
    const recipient = await call(token, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.recipient',
      fullName: 'Anna Petrova',
      phoneNumber: '+79001234567',
    });
    const cart = (
      await call(token, '/shoppingCarts/updateShoppingCart', {
        productItems: [{ tradeOfferId: 'offer_turntable', quantity }],
        paymentOptionId: 'demo-card',
        deliveryOptionId: 'pickup',
        deliveryContactSetId: outlet.json().id,
        recipientContactSetId: recipient.json().id,
      })
    ).json();
    expect(cart.errorReason).toBeNull();
    const placed = await call(token, '/shoppingCarts/checkoutShoppingCart', callbacks);
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().orderId;
  }

  it('takes what the shelf holds of an order beyond it, and a cancellation puts back only that', async () => {
    await setAvailableQuantity(t, 'offer_turntable', 3);
    const token = await registerUser(t, `back-order-${kind}@example.com`);

    const beyond = await order(token, 5);
    expect(await available(token)).toBe(0);
    expect((await call(token, `/orders/${beyond}/cancelOrder`)).json().status).toBe('cancelled');
    expect(await available(token)).toBe(3);

    const within = await order(token, 2);
    expect(await available(token)).toBe(1);
    await call(token, `/orders/${within}/cancelOrder`);
    expect(await available(token)).toBe(3);
  });
});
