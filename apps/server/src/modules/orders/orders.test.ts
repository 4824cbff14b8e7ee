import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

describe('the orders list', () => {
  let t: TestApp;
  let token: string;
  const numbers: number[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await registerUser(t, 'orders-list@example.com');
    for (const offer of [
      'offer_litres_10',
      'offer_litres_50',
      'offer_litres_10',
      'offer_litres_200',
      'offer_litres_10',
      'offer_litres_10',
      'offer_litres_1000',
    ]) {
      await call('/shoppingCarts/updateShoppingCart', {
        productItems: [{ tradeOfferId: offer }],
        paymentOptionId: 'demo-card',
      });
      const placed = await call('/shoppingCarts/checkoutShoppingCart', {
        resolveCallbackUrl: 'http://localhost/en/shopping-cart/checkout/demo-card/validate',
        rejectCallbackUrl: 'http://localhost/en/shopping-cart/checkout/failure',
      });
      const order = (await call(`/orders/${placed.json().orderId}/fetchOrder`)).json().order;
      numbers.push(order.number);
    }
  });
  afterAll(() => t.close());

  function call(url: string, payload: object = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/api/stores${url}`,
      payload,
      headers: { authorization: token },
    });
  }
  const list = async (payload: object) => (await call('/orders/fetchOrderList', payload)).json();

  it('answers six a page, newest first, with the total', async () => {
    const first = await list({});
    expect(first.totalCount).toBe(7);
    expect(first.output.map((order: { number: number }) => order.number)).toEqual(
      [...numbers].reverse().slice(0, 6),
    );
    const second = await list({ filter: { skip: 6 } });
    expect(second.output.map((order: { number: number }) => order.number)).toEqual([numbers[0]]);
    const oldest = await list({ filter: { order: 'periodAt asc', limit: 2 } });
    expect(oldest.output.map((order: { number: number }) => order.number)).toEqual(numbers.slice(0, 2));
  });

  it('finds orders by number or product name, and filters by status', async () => {
    expect(
      (await list({ search: String(numbers[3]) })).output.map((order: { number: number }) => order.number),
    ).toEqual([numbers[3]]);
    expect((await list({ search: `#${numbers[3]}` })).totalCount).toBe(1);
    expect((await list({ search: '1000 lit' })).totalCount).toBe(1);
    expect((await list({ search: '100%' })).totalCount).toBe(0);
    const [cancelled] = (await list({ filter: { limit: 1 } })).output;
    await call(`/orders/${cancelled.id}/cancelOrder`);
    expect((await list({ filter: { where: { status: 'cancelled' } } })).totalCount).toBe(1);
    expect((await list({ filter: { where: { status: ['awaiting_payment', 'placed'] } } })).totalCount).toBe(
      6,
    );
  });

  it('takes an unpaid order back (unpost), hides a cancelled one and shows it again', async () => {
    const [newest, next] = (await list({ filter: { where: { status: 'awaiting_payment' }, limit: 2 } }))
      .output;
    const posted = await call(`/customerOrders/makePosted?mode=post`, { id: newest.id });
    expect(posted.json().status).toBe('awaiting_payment');
    const unposted = await call(`/customerOrders/makePosted?mode=unpost`, { id: newest.id });
    expect(unposted.json().status).toBe('cancelled');
    const before = (await list({})).totalCount;
    expect((await call(`/customerOrders/makeDeleted?mode=delete&id=${newest.id}`)).statusCode).toBe(200);
    expect((await list({})).totalCount).toBe(before - 1);
    expect((await call(`/orders/${newest.id}/fetchOrder`)).statusCode).toBe(404);
    expect((await call(`/customerOrders/makeDeleted?mode=restore&id=${newest.id}`)).statusCode).toBe(200);
    expect((await list({})).totalCount).toBe(before);
    expect((await call(`/customerOrders/makeDeleted?mode=delete&id=${next.id}`)).json().code).toBe(
      'ORDER_NOT_CANCELLABLE',
    );
    expect((await call('/customerOrders/makeDeleted?mode=delete')).json().code).toBe('core_object_not_set');
    const stranger = await registerUser(t, 'orders-stranger@example.com');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/stores/customerOrders/makePosted?mode=unpost`,
      payload: { id: next.id },
      headers: { authorization: stranger },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a bad filter with a clear error', async () => {
    for (const payload of [
      { filter: { order: 'amount desc' } },
      { filter: { skip: -1 } },
      { filter: { limit: 1000 } },
      { filter: { where: { owner: 'x' } } },
    ]) {
      const answer = await call('/orders/fetchOrderList', payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_ERROR');
    }
  });
});
