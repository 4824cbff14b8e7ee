import type { ProductTradeOfferList } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerUser,
  setAvailableQuantity,
  type TestApp,
  testClock,
} from '../../test/harness.ts';

describe('the shared catalogue list', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { CATALOG_CACHE_SECONDS: '10' }, { now: clock.now });
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stores/products/${path}`, payload, headers });
  const tripodStock = async (headers: Record<string, string> = {}) => {
    const response = await post('fetchProductTradeOfferList', { search: 'tripod' }, headers);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as ProductTradeOfferList;
    return {
      stock: list.output[0]?.availableQuantity,
      favorite: list.output[0]?.favorite,
      total: list.totalCount,
    };
  };
  const setTripodStock = (quantity: number) => setAvailableQuantity(t, 'offer_tripod', quantity);

  it('answers a page from memory for CATALOG_CACHE_SECONDS, then reads it again', async () => {
    await setTripodStock(7);
    // The tripod, and the starter kit that holds one.
    expect(await tripodStock()).toMatchObject({ stock: 7, total: 2 });
    await setTripodStock(3);
    clock.advance(9_000);
    expect((await tripodStock()).stock).toBe(7);
    // The detail is never shared: it shows the stock as it is.
    const detail = await post('offer_tripod/fetchProductTradeOffer', {});
    expect(detail.json().availableQuantity).toBe(3);
    clock.advance(1_000);
    expect((await tripodStock()).stock).toBe(3);
  });

  it("keeps each viewer's favourites their own on a shared page, and favourites lists unshared", async () => {
    const alice = { authorization: await registerUser(t, 'alice-cache@example.com') };
    const bob = { authorization: await registerUser(t, 'bob-cache@example.com') };
    expect((await tripodStock(alice)).favorite).toBe(false);
    await post('favorites/addTradeOffer', { productTradeOfferId: 'offer_tripod' }, alice);
    expect((await tripodStock(alice)).favorite).toBe(true);
    expect((await tripodStock(bob)).favorite).toBe(false);
    expect((await tripodStock()).favorite).toBe(false);
    const favourites = await post('favorites/fetchTradeOfferList', {}, alice);
    expect(favourites.json().output.map((offer: { id: string }) => offer.id)).toEqual(['offer_tripod']);
    await post('favorites/removeTradeOffer', { productTradeOfferId: 'offer_tripod' }, alice);
    expect((await post('favorites/fetchTradeOfferList', {}, alice)).json().totalCount).toBe(0);
    expect((await tripodStock(alice)).favorite).toBe(false);
  });
});
