import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { CheckoutResultPage } from './CheckoutResultPage.tsx';

describe('CheckoutResultPage', () => {
  it.each([
    ['paid', 'Order successfully paid!', 'My orders'],
    ['success', 'Order placed!', 'My orders'],
    ['failure', 'There was an error while processing the order!', 'Pay from my orders'],
  ] as const)('tells how the checkout ended: %s', (outcome, title, ordersLink) => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome={outcome} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ordersLink })).toHaveAttribute('href', '/en/user/orders');
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
  });

  it.each([
    ['paid', 'Open the order'],
    ['success', 'Open the order'],
    ['failure', 'Pay for the order'],
  ] as const)('leads to the order the address names: %s', (outcome, label) => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome={outcome} />, {
      path: `/en/shopping-cart/checkout/${outcome}?order=order%2F7`,
    });
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', '/en/user/orders/order%2F7');
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('leads a declined top-up back to the personal account, in either language', () => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome="failure" />, {
      language: 'ru',
      path: '/ru/shopping-cart/checkout/failure?from=personal-account&order=o2',
    });
    expect(screen.getByRole('link', { name: 'Вернуться к лицевому счёту' })).toHaveAttribute(
      'href',
      '/ru/user/personal-account',
    );
    expect(screen.queryByRole('link', { name: 'Вернуться в каталог' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Оплатить заказ' })).toHaveAttribute(
      'href',
      '/ru/user/orders/o2',
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

  it('leads a paid top-up back to the personal account too', () => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome="paid" />, {
      path: '/en/shopping-cart/checkout/paid?order=o3&from=personal-account',
    });
    expect(screen.getByRole('link', { name: 'Back to the personal account' })).toHaveAttribute(
      'href',
      '/en/user/personal-account',
    );
  });

  it('speaks Russian', () => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome="paid" />, {
      language: 'ru',
      path: '/ru/shopping-cart/checkout/paid?order=o1',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Заказ успешно оплачен!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть заказ' })).toHaveAttribute('href', '/ru/user/orders/o1');
    expect(screen.getByText(/Литры, коды и пополнение счёта зачисляются сразу/)).toBeInTheDocument();
  });

  it('does not promise litres for every paid order: a top-up or a code is paid too', () => {
    mockApi();
    renderInShell(<CheckoutResultPage outcome="paid" />);
    expect(
      screen.getByText(
        "Thank you! Your order is paid. Litres, codes and account top-ups are credited right away; goods are made ready for delivery or pickup, and the order's status says when they are on their way. You can follow the order in My orders.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/litres are credited to your balance/)).not.toBeInTheDocument();
  });
});
