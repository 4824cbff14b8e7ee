import { waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { CheckoutValidatePage } from './CheckoutValidatePage.tsx';
import { fakeCartApi } from './fake-cart-api.ts';

const result = (statusId: 'payment_operation_statuses.paid' | 'payment_operation_statuses.not_paid') => ({
  statusId,
  formUrl: null,
  formMethod: null,
  formInputList: [],
  paymentRequired: false,
  orderId: 'order-1',
});

function renderValidate(
  validate: NonNullable<Parameters<typeof fakeCartApi>[0]>['validate'],
  query = '?payment=p1&status=ok',
) {
  const api = fakeCartApi({ validate });
  mockApi({ handler: api.handle });
  const view = renderInShell(
    <Routes>
      <Route
        path="/:lang/shopping-cart/checkout/:paymentOptionId/validate"
        element={<CheckoutValidatePage />}
      />
      <Route path="*" element={null} />
    </Routes>,
    { path: `/en/shopping-cart/checkout/demo-card/validate${query}` },
  );
  return { api, view };
}

describe('CheckoutValidatePage', () => {
  it('goes to the paid page when the payment went through', async () => {
    const { api, view } = renderValidate(result('payment_operation_statuses.paid'));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart/checkout/paid?order=order-1'));
    expect(api.callsTo('validate')).toEqual([{ queryString: '?payment=p1&status=ok' }]);
  });

  it('goes to the success page when the order is placed but not paid', async () => {
    const { view } = renderValidate(result('payment_operation_statuses.not_paid'));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart/checkout/success?order=order-1'));
  });

  it('goes to the failure page when the provider declined, naming the order to pay again', async () => {
    const { view } = renderValidate({
      status: 402,
      code: 'PAYMENT_DECLINED',
      message: 'Declined.',
      details: { orderId: 'order-1', reason: 'card_declined' },
    });
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart/checkout/failure?order=order-1'));
  });

  it("passes a top-up's mark on to the result page, paid or declined", async () => {
    const paid = renderValidate(
      result('payment_operation_statuses.paid'),
      '?from=personal-account&payment=p1',
    );
    await waitFor(() =>
      expect(paid.view.location()).toBe(
        '/en/shopping-cart/checkout/paid?order=order-1&from=personal-account',
      ),
    );
    paid.view.unmount();
    const declined = renderValidate(
      { status: 402, code: 'PAYMENT_DECLINED', message: 'Declined.', details: { orderId: 'order-2' } },
      '?from=personal-account&payment=p2',
    );
    await waitFor(() =>
      expect(declined.view.location()).toBe(
        '/en/shopping-cart/checkout/failure?order=order-2&from=personal-account',
      ),
    );
  });
});
