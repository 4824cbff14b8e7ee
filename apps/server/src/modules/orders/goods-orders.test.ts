import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  latestOutboxMessage,
  payOnDemoAcquirer,
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
 * Goods ordered from the seeded store, which does not count stock (AllowClientProductInStock off): it takes orders beyond
 * the shelf, to fill later. The shelf's part is still taken, so that the stock it shows stays
 * true, and a cancellation puts back what was taken, no more.
 */
describe.each(testDatabases)('goods orders (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores${url}`, payload, headers: { authorization: token } });
  const available = async (token: string) =>
    (await call(token, '/products/offer_turntable/fetchProductTradeOffer')).json().availableQuantity;

  let lastFormUrl = '';
  async function order(token: string, quantity: number, recipientEmail?: string): Promise<string> {
    const outlet = await call(token, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.outlet',
      pickupPointId: 'pickup-moscow-tverskaya',
    });
    const recipient = await call(token, '/partnerContactSets', {
      typeId: 'partner_contact_set_types.recipient',
      fullName: 'Anna Petrova',
      phoneNumber: '+79001234567',
      ...(recipientEmail ? { email: recipientEmail } : {}),
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
    lastFormUrl = placed.json().formUrl;
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

  it('mails the paid order to the account that paid, its free pickup said as free', async () => {
    await setAvailableQuantity(t, 'offer_turntable', 3);
    const buyer = `goods-paid-${kind}@example.com`;
    const token = await registerUser(t, buyer);
    await order(token, 1, `someone-else-${kind}@example.com`);
    await payOnDemoAcquirer(t, token, lastFormUrl);
    await expect.poll(async () => (await latestOutboxMessage(t, buyer))?.subject).toMatch(/is paid$/);
    expect((await latestOutboxMessage(t, buyer))?.text).toContain('Pickup point × 1 — free');
    expect(await latestOutboxMessage(t, `someone-else-${kind}@example.com`)).toBeFalsy();
  });
});
