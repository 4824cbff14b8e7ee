import userEvent from '@testing-library/user-event';
import { fakeOrdersApi } from '../features/orders/fake-orders-api.ts';
import { renderApp } from './render.tsx';
import { mockStoreApi } from './store-api.ts';

export { orderFixture, topUpItemFixture } from '../features/orders/fake-orders-api.ts';
export { signIn } from './store-api.ts';

/** For the orders screen tests: the fake orders API behind fetch, with store info and users calls. */
export function mockOrders(options: Parameters<typeof fakeOrdersApi>[0] = {}) {
  const api = fakeOrdersApi(options);
  const fetchMock = mockStoreApi(api.handle);
  return { ...api, fetchMock };
}

/** Renders the app at `path`; `params()` tells where the controls led. */
export function openAt(path: string) {
  const view = renderApp(path);
  const params = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, params, user: userEvent.setup() };
}
