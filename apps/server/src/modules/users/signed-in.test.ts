import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/api-errors.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

/**
 * A call only a signed-in user may make answers a signed-out caller 401 before it looks at the body:
 * a 400 about the body would send them to fix what they cannot use anyway. (That every such route is
 * marked is architecture.test.ts's `signedIn` rule.)
 */
describe('calls that need a user', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await registerUser(t, 'signed-in@example.com');
  });
  afterAll(() => t.close());

  // A JSON body of the wrong shape for each: a number where an object (or nothing) is expected.
  const calls = [
    '/api/stores/actions/remove-background/issueToken',
    '/api/stores/orders/fetchOrderList',
    '/api/stores/customerOrders/makeDeleted?id=x',
    '/api/stores/shoppingCarts/updateShoppingCart',
    '/api/stores/shoppingCarts/checkoutShoppingCart',
    '/api/stores/paymentOptions/perform',
    '/api/stores/subscriptions/sub-1/changePlan',
    '/api/stores/shoppingCarts/applyPinCode',
    '/api/stores/users/changePassword',
    '/api/stores/users/updateProfile',
    '/api/stores/products/favorites/addTradeOffer',
    '/api/stores/partnerContactSets',
  ];
  const send = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: '42',
      headers: { 'content-type': 'application/json', 'x-locale-id': 'ru', ...headers },
    });

  it('answers a signed-out caller 401 in their language, whatever the body', async () => {
    for (const url of calls) {
      const response = await send(url);
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response), url).toMatchObject({ code: 'AUTHORIZATION_REQUIRED' });
      expect(errorOf(response).message, url).toMatch(/[А-Яа-я]/);
    }
  });

  it('validates the body of a signed-in caller as before (400)', async () => {
    for (const url of calls) {
      const response = await send(url, { authorization: token });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code, url).toBe('VALIDATION_ERROR');
    }
  });
});
