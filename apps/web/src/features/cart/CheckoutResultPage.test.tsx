import type { OrderStatus } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { mockOrders, openAt, orderFixture, signIn, topUpItemFixture } from '../../test/orders-api.ts';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { CheckoutResultPage, shownFor } from './CheckoutResultPage.tsx';

afterEach(() => vi.restoreAllMocks());

const rub = (amount: number, locale = 'en') =>
  formatPrice(amount, { locale, currency: 'RUB' }).replace(/\s/g, ' ');

/** Orders 1 to 5 of the signed-in user, one in each state a return can find. */
const orders = [
  orderFixture({ number: 1, status: 'paid' }),
  orderFixture({ number: 2, status: 'awaiting_payment' }),
  orderFixture({ number: 3, status: 'cancelled' }),
  orderFixture({ number: 4, status: 'refunded' }),
  orderFixture({ number: 5, status: 'fulfilled' }),
];

function openSignedIn(path: string) {
  signIn();
  const api = mockOrders({ orders });
  openAt(path);
  return api;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('CheckoutResultPage', () => {
  it('confirms a paid order, names it with its amount and leads to it', async () => {
    const api = openSignedIn('/en/shopping-cart/checkout/paid?order=order-1');
    expect(await heading('Order successfully paid!')).toBeInTheDocument();
    expect(screen.getByText('Order No. 1').parentElement).toHaveTextContent(`Order No. 1${rub(1190)}`);
    expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/en/user/orders/order-1',
    );
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
    expect(api.callsTo('get').map((call) => call.path)).toEqual(['/orders/order-1/fetchOrder']);
  });

  it('does not call an unpaid order paid, whatever the address says', async () => {
    openSignedIn('/en/shopping-cart/checkout/paid?order=order-2');
    expect(await heading('Order placed!')).toBeInTheDocument();
    expect(screen.queryByText('Order successfully paid!')).not.toBeInTheDocument();
    expect(
      screen.getByText('The order is waiting for payment. You can pay for it from your orders.'),
    ).toBeVisible();
  });

  it('names the declined order on the failure page and leads to paying it', async () => {
    openSignedIn('/en/shopping-cart/checkout/failure?order=order-2');
    expect(await heading('There was an error while processing the order!')).toBeInTheDocument();
    expect(screen.getByText('Order No. 2')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay for the order' })).toHaveAttribute(
      'href',
      '/en/user/orders/order-2',
    );
  });

  it('says a cancelled or refunded order is so, and offers no payment', async () => {
    openSignedIn('/en/shopping-cart/checkout/paid?order=order-3');
    expect(await heading('Order cancelled')).toBeInTheDocument();
    expect(screen.getByText(/can no longer be paid/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Pay for the order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/en/user/orders/order-3',
    );
  });

  it('shows the not-found screen for an unknown order or another user’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = openSignedIn('/en/shopping-cart/checkout/paid?order=order-of-someone-else');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(screen.queryByText('Order successfully paid!')).not.toBeInTheDocument();
    expect(api.callsTo('get')[0]?.path).toBe('/orders/order-of-someone-else/fetchOrder');
  });

  it('shows the not-found screen for a paid or placed page that names no order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    openSignedIn('/en/shopping-cart/checkout/success');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(screen.queryByText('Order placed!')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in before saying anything of the order', async () => {
    const api = mockOrders({ orders });
    openAt('/en/shopping-cart/checkout/paid?order=order-1');
    expect(await screen.findByText('Log in to see how the payment for your order went.')).toBeVisible();
    expect(screen.queryByText('Order successfully paid!')).not.toBeInTheDocument();
    expect(api.callsTo('get')).toHaveLength(0);
  });

  it('tells when the order could not be read, and reads it again on request', async () => {
    signIn();
    const { fetchMock } = mockOrders({ orders });
    const answer = fetchMock.getMockImplementation();
    let failures = 1;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/fetchOrder') && failures-- > 0)
        return jsonResponse({ code: 'INTERNAL_ERROR', message: 'Internal error.' }, 500);
      return answer?.(input, init) ?? jsonResponse({}, 404);
    });
    const { user } = openAt('/en/shopping-cart/checkout/paid?order=order-1');
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.queryByText('Order successfully paid!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Order successfully paid!')).toBeInTheDocument();
  });

  it('leads a paid top-up back to the personal account, in Russian', async () => {
    signIn();
    mockOrders({
      orders: [orderFixture({ number: 6, status: 'paid', productItems: [topUpItemFixture()] })],
    });
    openAt('/ru/shopping-cart/checkout/paid?order=order-6&from=personal-account');
    expect(await heading('Заказ успешно оплачен!')).toBeInTheDocument();
    expect(screen.getByText('Order No. 6').parentElement).toHaveTextContent(rub(1000, 'ru'));
    expect(screen.getByText(/Литры, коды и пополнение счёта зачисляются сразу/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Вернуться к лицевому счёту' })).toHaveAttribute(
      'href',
      '/ru/user/personal-account',
    );
    expect(screen.queryByRole('link', { name: 'Вернуться в каталог' })).not.toBeInTheDocument();
  });

  it('leads a declined top-up back to the personal account and to paying it', async () => {
    signIn();
    mockOrders({ orders: [orderFixture({ number: 7, productItems: [topUpItemFixture()] })] });
    openAt('/ru/shopping-cart/checkout/failure?from=personal-account&order=order-7');
    expect(await heading('При обработке заказа произошла ошибка!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к лицевому счёту' })).toHaveAttribute(
      'href',
      '/ru/user/personal-account',
    );
    expect(screen.getByRole('link', { name: 'Оплатить заказ' })).toHaveAttribute(
      'href',
      '/ru/user/orders/order-7',
    );
  });

  it("calls a payment given up on the provider's page cancelled, not an error", () => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome="failure" />, {
      language: 'ru',
      path: '/ru/shopping-cart/checkout/failure?payment=p1',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Оплата отменена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Оплатить в моих заказах' })).toHaveAttribute(
      'href',
      '/ru/user/orders',
    );
  });

  it('sends a failure that names no order to the orders list', () => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome="failure" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'There was an error while processing the order!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay from my orders' })).toHaveAttribute(
      'href',
      '/en/user/orders',
    );
  });
});

describe('shownFor', () => {
  it.each<[OrderStatus, string, string, string]>([
    ['paid', 'paid', 'paid', 'paid'],
    ['fulfilled', 'paid', 'paid', 'paid'],
    ['awaiting_payment', 'success', 'success', 'failure'],
    ['placed', 'success', 'success', 'failure'],
    ['cancelled', 'orderCancelled', 'orderCancelled', 'orderCancelled'],
    ['refunded', 'orderRefunded', 'orderRefunded', 'orderRefunded'],
  ])(
    'an order %s shows as %s on the paid page, %s on the placed one and %s on the failure one',
    (status, paid, success, failure) => {
      expect(shownFor('paid', status)).toBe(paid);
      expect(shownFor('success', status)).toBe(success);
      expect(shownFor('failure', status)).toBe(failure);
    },
  );
});
