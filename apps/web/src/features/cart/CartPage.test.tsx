import { type ContactSet, storageKeys } from '@cutout/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../shared/session/session.ts';
import { recordFormSubmits, type SubmittedForm } from '../../test/browser-exits.ts';
import { orderFixture, topUpItemFixture } from '../../test/orders-api.ts';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { CartPage } from './CartPage.tsx';
import {
  cartItemFixture,
  deliveryOptionsFixture,
  fakeCartApi,
  topUpCartItemFixture,
} from './fake-cart-api.ts';

function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

function renderCart(api: ReturnType<typeof fakeCartApi>, language: 'en' | 'ru' = 'en') {
  mockApi({ handler: api.handle });
  return renderInShell(<CartPage />, { path: `/${language}/shopping-cart`, language });
}

const paidResult = {
  statusId: 'payment_operation_statuses.paid' as const,
  formUrl: null,
  formMethod: null,
  formInputList: [],
  paymentRequired: false,
  orderId: 'order-1',
};

describe('CartPage', () => {
  let submitted: SubmittedForm[] = [];
  beforeEach(() => {
    submitted = recordFormSubmits();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a visitor to the root of the locale', async () => {
    const api = fakeCartApi();
    const view = renderCart(api);
    await waitFor(() => expect(view.location()).toBe('/en'));
    expect(api.callsTo('fetch')).toHaveLength(0);
  });

  it('lists the items with links, prices and the summary', async () => {
    signIn();
    renderCart(fakeCartApi({ items: [cartItemFixture({ quantity: 2, optionName: 'White' })] }));
    const item = await screen.findByRole('article', { name: 'Folding light box' });
    expect(within(item).getByText('White')).toBeInTheDocument();
    expect(within(item).getByRole('spinbutton', { name: 'Quantity of Folding light box' })).toHaveValue(2);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Products (2)')).toBeInTheDocument();
    expect(within(summary).getByText('VAT included')).toBeInTheDocument();
    expect(within(summary).getByRole('status')).toHaveTextContent('Choose a payment option.');
    expect(within(summary).getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('shows a plan with its period and no quantity control, in both languages', async () => {
    signIn();
    const plan = cartItemFixture({
      id: 'plan-1',
      name: 'Pro plan',
      validityPeriodId: 'validity_periods.year',
    });
    const api = fakeCartApi({ items: [cartItemFixture(), plan] });
    mockApi({ handler: api.handle });
    const view = renderInShell(<CartPage />, { path: '/en/shopping-cart' });
    const item = await screen.findByRole('article', { name: 'Pro plan' });
    expect(within(item).getByText('Yearly')).toBeInTheDocument();
    expect(within(item).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(item).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Remove Pro plan from the cart' })).toBeInTheDocument();
    // The other product keeps its quantity.
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Folding light box' })).toBeInTheDocument();
    view.unmount();

    renderInShell(<CartPage />, { path: '/ru/shopping-cart', language: 'ru' });
    expect(
      within(await screen.findByRole('article', { name: 'Pro plan' })).getByText('На год'),
    ).toBeInTheDocument();
  });

  it('shows the empty state with a link to the catalogue', async () => {
    signIn();
    renderCart(fakeCartApi({ items: [] }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
  });

  it('leads to an order placed in the last day that waits for payment, over the empty cart', async () => {
    signIn();
    const placedAt = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
    const api = fakeCartApi({
      items: [],
      orders: [
        // A top-up never held the cart: the notice passes over it.
        orderFixture({
          number: 43,
          status: 'awaiting_payment',
          periodAt: placedAt(0.05),
          productItems: [topUpItemFixture()],
        }),
        orderFixture({ number: 42, status: 'awaiting_payment', periodAt: placedAt(0.1) }),
        orderFixture({ number: 41, status: 'paid', periodAt: placedAt(1) }),
      ],
    });
    renderCart(api);
    const notice = await screen.findByRole('region', { name: 'Order No. 42 is waiting for payment' });
    expect(notice).toHaveTextContent('Pay ₽1,190.00 to complete it');
    expect(within(notice).getByRole('link', { name: 'Pay for the order' })).toHaveAttribute(
      'href',
      '/en/user/orders/order-42',
    );
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(api.callsTo('orders')[0]).toEqual({
      filter: { where: { status: ['placed', 'awaiting_payment'] }, order: 'periodAt desc', limit: 5 },
    });
  });

  it('says nothing of an unpaid order older than a day, or of none', async () => {
    signIn();
    const old = new Date(Date.now() - 30 * 3_600_000).toISOString();
    const api = fakeCartApi({ items: [], orders: [orderFixture({ number: 7, periodAt: old })] });
    renderCart(api);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('orders')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /waiting for payment/ })).toBeNull();
  });

  it('shows the delivery once: as the option chosen, its line not repeated under it', async () => {
    signIn();
    const option = deliveryOptionsFixture[1];
    const delivery = cartItemFixture({
      id: 'delivery-1',
      typeId: 'shopping_cart_product_types.delivery',
      name: option?.name ?? '',
      price: 0,
    });
    renderCart(
      fakeCartApi({
        items: [cartItemFixture(), delivery],
        choices: {
          deliveryRequired: true,
          deliveryOptionId: option?.id ?? null,
          deliveryOption: option ?? null,
        },
      }),
    );
    expect(await screen.findByRole('radio', { name: new RegExp(option?.name ?? '') })).toBeChecked();
    expect(screen.getAllByText(option?.name ?? '')).toHaveLength(1);
  });

  it('says the delivery is not chosen yet rather than pricing it at nothing', async () => {
    signIn();
    renderCart(fakeCartApi({ choices: { deliveryRequired: true, deliveryOptionId: null } }));
    const row = (await screen.findByText('Delivery', { selector: 'dt' })).parentElement;
    expect(row).toHaveTextContent('Deliverynot chosen');
  });

  it('sends a typed quantity after a second without typing', async () => {
    signIn();
    const api = fakeCartApi();
    renderCart(api);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity of Folding light box' });
    vi.useFakeTimers();
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'One more Folding light box' }));
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(api.callsTo('update')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    await waitFor(() =>
      expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'item-1', quantity: 4 }] }]),
    );
  });

  it('sends a quantity typed just before "Place order" first, and orders it', async () => {
    signIn();
    const api = fakeCartApi({
      items: [cartItemFixture({ quantity: 3 })],
      choices: { paymentOptionId: 'demo-card' },
      checkout: paidResult,
    });
    const view = renderCart(api);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity of Folding light box' });
    fireEvent.change(field, { target: { value: '5' } });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Updating the totals…');
    // At once, well within the second the quantity waits for.
    fireEvent.click(within(summary).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart/checkout/paid?order=order-1'));
    const order = api.calls
      .map((entry) => entry.call)
      .filter((call) => call === 'update' || call === 'checkout');
    expect(order).toEqual(['update', 'checkout']);
    expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'item-1', quantity: 5 }] }]);
    expect(api.callsTo('checkout')[0]).toMatchObject({ expectedAmount: 5 * 150_000 });
    // The debounce was taken over: the quantity is not sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(api.callsTo('update')).toHaveLength(1);
  });

  it.each(['0', '-3', '2.5', '99999999', ''])(
    'tells under the field that %j is no quantity, sends nothing and keeps checkout disabled',
    async (value) => {
      signIn();
      const api = fakeCartApi({
        items: [cartItemFixture({ quantity: 3 })],
        choices: { paymentOptionId: 'demo-card' },
        checkout: paidResult,
      });
      renderCart(api);
      const field = await screen.findByRole('spinbutton', { name: 'Quantity of Folding light box' });
      const summary = screen.getByRole('region', { name: 'Order summary' });
      expect(within(summary).getByRole('button', { name: 'Place order' })).toBeEnabled();
      vi.useFakeTimers();
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(
        'Enter a whole number from 1 to 100,000. To remove the product, use the remove button next to it.',
      );
      expect(within(summary).getByRole('status')).toHaveTextContent(
        'Correct the quantity of a product to place the order.',
      );
      const placeOrder = within(summary).getByRole('button', { name: 'Place order' });
      expect(placeOrder).toBeDisabled();
      fireEvent.click(placeOrder);
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      vi.useRealTimers();
      expect(api.callsTo('update')).toHaveLength(0);
      expect(api.callsTo('checkout')).toHaveLength(0);

      // A whole number clears the message and goes to the cart.
      fireEvent.change(field, { target: { value: '4' } });
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(/Enter a whole number/)).not.toBeInTheDocument();
      await waitFor(() =>
        expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'item-1', quantity: 4 }] }]),
      );
      await waitFor(() => expect(within(summary).getByRole('button', { name: 'Place order' })).toBeEnabled());
    },
  );

  it('tells a wrong quantity in Russian', async () => {
    signIn();
    mockApi({ handler: fakeCartApi({ choices: { paymentOptionId: 'demo-card' } }).handle });
    renderInShell(<CartPage />, { path: '/ru/shopping-cart', language: 'ru' });
    const field = await screen.findByRole('spinbutton', { name: 'Количество: Folding light box' });
    fireEvent.change(field, { target: { value: '0' } });
    // The limit is written the Russian way, its thousands apart.
    expect(field).toHaveAccessibleDescription(
      /^Введите целое число от 1 до 100\s000\. Чтобы убрать товар, нажмите кнопку удаления рядом\.$/,
    );
    expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeDisabled();
  });

  it('shows what the personal account holds beside it as a way to pay, and asks nothing more without it', async () => {
    signIn();
    const api = fakeCartApi({ personalAccountMinor: 125_050 });
    renderCart(api);
    const choice = await screen.findByRole('radio', { name: /Personal account/ });
    await waitFor(() => expect(choice.closest('label')).toHaveTextContent('Balance: $1,250.50.'));

    // Less on the account than the cart comes to: said before the order is placed.
    cleanup();
    renderCart(fakeCartApi({ personalAccountMinor: 32_000, personalAccountCurrency: 'RUB' }));
    const short = await screen.findByRole('radio', { name: /Personal account/ });
    await waitFor(() =>
      expect(short.closest('label')).toHaveTextContent(
        'Balance: ₽320.00. Not enough for this order: ₽1,180.00 short.',
      ),
    );

    // Nothing in the cart's currency, dollars in another: the buyer learns where the money is.
    cleanup();
    renderCart(
      fakeCartApi({
        personalAccountMinor: 0,
        personalAccountCurrency: 'RUB',
        personalAccountOthers: [{ amountMinor: 1_250, currency: 'USD' }],
      }),
    );
    const elsewhere = await screen.findByRole('radio', { name: /Personal account/ });
    await waitFor(() =>
      expect(elsewhere.closest('label')).toHaveTextContent(
        'Balance: ₽0.00. Not enough for this order: ₽1,500.00 short. Also on the account: $12.50; choose that currency to pay with it.',
      ),
    );

    // Chosen while it holds too little: the cart says why, and no order can be placed from it.
    cleanup();
    const chosen = fakeCartApi({
      personalAccountMinor: 32_000,
      personalAccountCurrency: 'RUB',
      choices: { paymentOptionId: 'personal-account' },
    });
    renderCart(chosen);
    expect(
      await screen.findByText(
        'Not enough money on the personal account for this order: choose another way to pay, or top the account up.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.queryByText('It is paid at once from your personal account.')).toBeNull();
    // Nor does it promise the provider's page for an order that is not paid there.
    expect(screen.queryByText("You will pay on the payment provider's secure page.")).toBeNull();
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Bank card/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    expect(screen.getByText("You will pay on the payment provider's secure page.")).toBeInTheDocument();

    const withoutAccount = fakeCartApi();
    cleanup();
    renderCart(withoutAccount);
    await screen.findByRole('radio', { name: /Bank card/ });
    expect(withoutAccount.callsTo('personalAccount')).toEqual([]);
  });

  it('shows a top-up as its amount, sends a typed amount as units and never offers the account it fills', async () => {
    signIn();
    const api = fakeCartApi({ items: [topUpCartItemFixture(750)], personalAccountMinor: 125_050 });
    renderCart(api);
    const item = await screen.findByRole('article', { name: 'Personal account top-up' });
    const amount = within(item).getByRole('textbox', { name: 'Amount of Personal account top-up' });
    expect(amount).toHaveValue('750');
    // No "₽1.00 each" and no − and + for a count of roubles; the summary counts one product.
    expect(item).not.toHaveTextContent('each');
    expect(within(item).queryByRole('button', { name: /One more/ })).not.toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Products (1)')).toBeInTheDocument();
    await screen.findByRole('radio', { name: /Bank card/ });
    expect(screen.queryByRole('radio', { name: /Personal account/ })).not.toBeInTheDocument();

    for (const typed of ['12.345', '0', '100001', 'many']) {
      fireEvent.change(amount, { target: { value: typed } });
      expect(amount).toHaveAccessibleDescription(
        'Enter an amount from ₽1.00 to ₽100,000.00. To remove the product, use the remove button next to it.',
      );
    }
    vi.useFakeTimers();
    fireEvent.change(amount, { target: { value: '1 200' } });
    await act(() => vi.advanceTimersByTimeAsync(1100));
    vi.useRealTimers();
    await waitFor(() =>
      expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'top-up-1', quantity: 1200 }] }]),
    );
    await waitFor(() => expect(amount).toHaveValue('1200'));
  });

  it('holds a top-up set in another currency until its amount is set again or kept in this one', async () => {
    signIn();
    const api = fakeCartApi({
      items: [{ ...topUpCartItemFixture(1500), available: false }],
      choices: { paymentOptionId: 'demo-card' },
    });
    renderCart(api);
    const item = await screen.findByRole('article', { name: 'Personal account top-up' });
    expect(item).toHaveTextContent(
      'The amount was set in another currency. Enter it again in this one, or keep the number.',
    );
    expect(item).not.toHaveTextContent('Out of stock');
    expect(
      await screen.findByText('The top-up amount was set in another currency: set it again in this one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    await userEvent.click(within(item).getByRole('button', { name: 'Keep ₽1,500.00' }));
    await waitFor(() =>
      expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'top-up-1', quantity: 1500 }] }]),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    expect(item).not.toHaveTextContent('another currency');
  });

  it('applies a limited product quantity from its select at once', async () => {
    signIn();
    const api = fakeCartApi({ items: [cartItemFixture({ allowedQuantities: [1, 5, 10] })] });
    renderCart(api);
    const select = await screen.findByRole('combobox', { name: 'Quantity of Folding light box' });
    await userEvent.selectOptions(select, '5');
    await waitFor(() =>
      expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'item-1', quantity: 5 }] }]),
    );
    await waitFor(() => expect(select).toHaveValue('5'));
  });

  it('selects and unselects every item with select-all', async () => {
    signIn();
    const api = fakeCartApi({
      items: [cartItemFixture(), cartItemFixture({ id: 'item-2', name: 'Litre bundle', selected: false })],
    });
    renderCart(api);
    const all = await screen.findByRole('checkbox', { name: 'Select all' });
    expect(all).not.toBeChecked();
    // The summary counts what the order takes: the selected products only.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Products (1)')).toBeInTheDocument();
    await userEvent.click(all);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Buy Litre bundle' })).toBeChecked());
    expect(within(summary).getByText('Products (2)')).toBeInTheDocument();
    expect(api.callsTo('update')).toEqual([{ selectAll: true }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Buy Litre bundle' })).not.toBeChecked());
  });

  it('removes an item', async () => {
    signIn();
    const api = fakeCartApi();
    renderCart(api);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Folding light box from the cart' }),
    );
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(api.callsTo('update')).toEqual([{ productItems: [{ id: 'item-1', quantity: 0 }] }]);
  });

  it('clears the chosen address when another delivery option is chosen', async () => {
    signIn();
    const api = fakeCartApi({
      choices: { deliveryRequired: true, deliveryOptionId: 'courier', deliveryContactSetId: 'address-1' },
    });
    renderCart(api);
    await userEvent.click(await screen.findByRole('radio', { name: /Pickup point/ }));
    await waitFor(() =>
      expect(api.callsTo('update')).toEqual([{ deliveryOptionId: 'pickup', deliveryContactSetId: null }]),
    );
    expect(await screen.findByRole('radio', { name: /Tverskaya pickup point/ })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Choose a pickup point.');
  });

  it('removes a saved address once asked twice, and the cart forgets it; in Russian too', async () => {
    signIn();
    const address = (id: string, view: string): ContactSet => ({
      id,
      typeId: 'partner_contact_set_types.location',
      deleted: false,
      contacts: [],
      pickupPoint: null,
      view,
      createdAt: '2026-12-01T10:00:00.000Z',
    });
    const api = fakeCartApi({
      choices: { deliveryRequired: true, deliveryOptionId: 'courier', deliveryContactSetId: 'address-1' },
      contactSets: [address('address-1', '101000, Москва, Тверская, 7'), address('address-2', 'Old flat')],
    });
    renderCart(api, 'ru');
    expect(await screen.findByRole('radio', { name: /Тверская/ })).toBeChecked();
    const [first] = await screen.findAllByRole('button', { name: 'Удалить' });
    await userEvent.click(first as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Удалить этот адрес?' });
    expect(dialog).toHaveTextContent('«101000, Москва, Тверская, 7» больше не будет предлагаться');
    // Kept: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Оставить' }));
    expect(api.callsTo('deleteContactSet')).toHaveLength(0);

    await userEvent.click((await screen.findAllByRole('button', { name: 'Удалить' }))[0] as HTMLElement);
    const again = await screen.findByRole('alertdialog', { name: 'Удалить этот адрес?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Адрес удалён.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Тверская/ })).not.toBeInTheDocument());
    expect(api.callsTo('deleteContactSet')).toHaveLength(1);
    // The cart read again has no address chosen, and the other one stays.
    expect(screen.getByRole('radio', { name: 'Old flat' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Добавить адрес' })).toHaveFocus();
  });

  it('asks who receives goods going by a delivery option, and only then', async () => {
    signIn();
    renderCart(fakeCartApi({ choices: { paymentOptionId: 'demo-card' } }));
    await screen.findByRole('article', { name: 'Folding light box' });
    expect(screen.queryByRole('heading', { name: 'Recipient' })).not.toBeInTheDocument();

    cleanup();
    renderCart(
      fakeCartApi({
        choices: {
          deliveryRequired: true,
          deliveryOptionId: 'courier',
          deliveryContactSetId: 'address-1',
          paymentOptionId: 'demo-card',
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Recipient' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Choose the recipient of the order.');
    expect(within(summary).getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('names a plan upgrade’s credit as the unused part of the current plan, not a discount', async () => {
    signIn();
    renderCart(fakeCartApi({ items: [cartItemFixture({ upgradeCreditAmount: 24_899 })] }));
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    const credit = await within(summary).findByText('Unused part of your current plan');
    expect(credit.nextElementSibling).toHaveTextContent('−₽248.99');
    expect(within(summary).queryByText('Discount')).not.toBeInTheDocument();
  });

  it('sends the buyer to the payment form on checkout', async () => {
    signIn();
    const api = fakeCartApi({
      choices: { paymentOptionId: 'demo-card' },
      checkout: {
        ...paidResult,
        statusId: 'payment_operation_statuses.not_paid',
        paymentRequired: true,
        formUrl: 'https://pay.example',
        formMethod: 'POST',
      },
    });
    renderCart(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(submitted).toEqual([{ action: 'https://pay.example/', method: 'post', inputs: {} }]),
    );
    expect(api.callsTo('checkout')).toEqual([
      {
        resolveCallbackUrl: `${window.location.origin}/en/shopping-cart/checkout/demo-card/validate`,
        rejectCallbackUrl: `${window.location.origin}/en/shopping-cart/checkout/failure`,
        expectedAmount: 150_000,
      },
    ]);
  });

  it('goes to the paid page when nothing is to be paid', async () => {
    signIn();
    const api = fakeCartApi({ choices: { paymentOptionId: 'demo-card' }, checkout: paidResult });
    const view = renderCart(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart/checkout/paid?order=order-1'));
  });

  it('shows the server message when the cart changed meanwhile', async () => {
    signIn();
    const api = fakeCartApi({
      choices: { paymentOptionId: 'demo-card' },
      checkout: { status: 409, code: 'CART_CHANGED', message: 'The cart has changed. Check it again.' },
    });
    renderCart(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The cart has changed. Check it again.');
    await waitFor(() => expect(api.callsTo('fetch').length).toBeGreaterThan(1));
  });
});
