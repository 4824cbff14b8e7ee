import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOrders, openAt, signIn } from '../../test/orders-api.ts';
import { orderFixture, topUpItemFixture } from './fake-orders-api.ts';

const twoOptions = [
  { id: 'demo-card', name: 'Bank card', description: '', providerId: 'demo' },
  { id: 'personal-account', name: 'Personal account', description: '', providerId: 'personal-account' },
];

describe('PayOrderButton', () => {
  it('sends a double-clicked "Go to payment" once', async () => {
    signIn();
    const api = mockOrders({
      orders: [orderFixture({ number: 3 })],
      paymentOptions: twoOptions,
      paymentFormUrl: null,
    });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 3' });
    await user.click(within(order).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Order No. 3' });
    await user.click(within(dialog).getByRole('radio', { name: /Personal account/ }));
    const submit = within(dialog).getByRole('button', { name: 'Go to payment' });
    // Both clicks land before React re-renders the button disabled.
    act(() => {
      submit.click();
      submit.click();
    });
    expect(await screen.findByText('Order No. 3 is paid.')).toBeInTheDocument();
    expect(api.callsTo('pay')).toHaveLength(1);
    expect(api.callsTo('pay')[0]?.body.paymentOptionId).toBe('personal-account');
  });

  it('shows the personal account’s balance, and what it lacks, before it can be chosen to pay', async () => {
    signIn();
    const api = mockOrders({
      orders: [orderFixture({ number: 3 })],
      paymentOptions: twoOptions,
      personalAccountMinor: 10_000,
    });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 3' });
    await user.click(within(order).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Order No. 3' });
    const account = within(dialog).getByRole('radio', { name: /Personal account/ });
    await waitFor(() =>
      expect(account.closest('label')).toHaveTextContent(
        /Balance: ₽100\.00\. Not enough for this order: ₽[\d,.]+ short\./,
      ),
    );
    await user.click(account);
    expect(within(dialog).getByRole('button', { name: 'Go to payment' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Bank card/ }));
    expect(within(dialog).getByRole('button', { name: 'Go to payment' })).toBeEnabled();
    expect(api.callsTo('pay')).toHaveLength(0);
  });

  it('gives the focus back to "Pay" when the choice is closed', async () => {
    signIn();
    mockOrders({ orders: [orderFixture({ number: 3 })], paymentOptions: twoOptions, paymentFormUrl: null });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 3' });
    await user.click(within(order).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Order No. 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(order).getByRole('button', { name: 'Pay' })).toHaveFocus());
  });

  it('never offers the personal account for a top-up of it: the card is its only way', async () => {
    signIn();
    const api = mockOrders({
      orders: [orderFixture({ number: 4, productItems: [topUpItemFixture()] })],
      paymentOptions: twoOptions,
      paymentFormUrl: null,
    });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 4' });
    await user.click(within(order).getByRole('button', { name: 'Pay' }));
    // One way left: no choice to make, straight to it.
    await waitFor(() => expect(api.callsTo('pay')).toHaveLength(1));
    expect(api.callsTo('pay')[0]?.body.paymentOptionId).toBe('demo-card');
    expect(screen.queryByRole('dialog', { name: 'Pay for Order No. 4' })).not.toBeInTheDocument();
  });

  it('pays once when "Pay" is double-clicked with a single payment option', async () => {
    signIn();
    const api = mockOrders({ orders: [orderFixture({ number: 3 })], paymentFormUrl: null });
    openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 3' });
    const pay = within(order).getByRole('button', { name: 'Pay' });
    act(() => {
      pay.click();
      pay.click();
    });
    expect(await screen.findByText('Order No. 3 is paid.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('paymentOptions').length).toBeGreaterThan(0));
    expect(api.callsTo('pay')).toHaveLength(1);
  });
});
