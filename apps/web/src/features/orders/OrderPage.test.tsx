import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { mockOrders, openAt, signIn } from '../../test/orders-api.ts';
import { orderFixture, orderItemFixture, topUpItemFixture } from './fake-orders-api.ts';

const rub = (amount: number) => formatPrice(amount, { locale: 'en', currency: 'RUB' }).replace(/\s/g, ' ');

afterEach(() => vi.restoreAllMocks());

const withDelivery = orderFixture({
  number: 9,
  productItems: [
    orderItemFixture({
      id: 'a',
      name: 'Camera tripod',
      optionName: 'Black',
      quantity: 2,
      price: 250_000,
      amount: 500_000,
      litres: null,
    }),
    orderItemFixture({ id: 'b', name: '50 litres' }),
    orderItemFixture({
      id: 'd',
      typeId: 'shopping_cart_product_types.delivery',
      name: 'Courier',
      price: 39_000,
      amount: 39_000,
      litres: null,
    }),
  ],
  amount: 658_000,
  amountWithoutDiscount: 658_000,
  deliveryAmount: 39_000,
  vatAmount: 118_656,
  contacts: {
    deliveryOptionName: 'Courier',
    deliveryAddress: '1 Example Street, Moscow',
    address: null,
    recipientName: 'Anna Petrova',
    recipientPhone: '+7 900 000-00-00',
  },
});

describe('OrderPage', () => {
  it('shows the lines, delivery, recipient, totals with VAT, the status timeline and the actions', async () => {
    signIn();
    mockOrders({ orders: [withDelivery] });
    openAt('/en/user/orders/order-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order No. 9' })).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: 'Products' });
    const rows = within(lines).getAllByRole('row');
    // The header, two products; the delivery is a total, not a product.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Camera tripod (Black)');
    expect(rows[1]).toHaveTextContent(rub(5000));
    expect(lines).toHaveTextContent(`Subtotal${rub(6190)}`);
    expect(lines).toHaveTextContent(`Delivery${rub(390)}`);
    expect(lines).toHaveTextContent(`Total${rub(6580)}`);
    expect(lines).toHaveTextContent(`VAT included: ${rub(1186.56)}`);

    const contacts = screen.getByRole('region', { name: 'Delivery and recipient' });
    for (const text of ['Courier', '1 Example Street, Moscow', 'Anna Petrova', '+7 900 000-00-00'])
      expect(contacts).toHaveTextContent(text);

    const timeline = screen.getByRole('region', { name: 'Order status' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/[\d:,]|AM|PM|Mar/g, '').trim())).toEqual([
      'Placed (done)',
      'Awaiting payment (now)',
      'Fulfilment (pending)',
    ]);
    const actions = screen.getByRole('group', { name: 'Actions for Order No. 9' });
    expect(within(actions).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: /Print the invoice/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/en/user/orders');
  });

  it('shows a top-up as one line at its amount, not 1,000 units of 1.00', async () => {
    const topUp = orderFixture({
      number: 12,
      productItems: [topUpItemFixture()],
    });
    signIn();
    mockOrders({ orders: [topUp] });
    openAt('/en/user/orders/order-12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order No. 12' })).toBeInTheDocument();
    const row = within(screen.getByRole('region', { name: 'Products' })).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([rub(1000), '1', rub(1000)]);
    expect(row).toHaveTextContent(`1 × ${rub(1000)}`);
    expect(row).not.toHaveTextContent('1000 ×');
  });

  it('shows a discounted line at what it cost, its list amount crossed out, and totals that add up', async () => {
    const halfOff = orderFixture({
      number: 14,
      productItems: [
        orderItemFixture({
          id: 'box',
          name: 'Folding light box',
          quantity: 2,
          price: 690_000,
          amount: 690_000,
          litres: null,
        }),
      ],
      amount: 690_000,
      amountWithoutDiscount: 1_380_000,
      discountAmount: 690_000,
      vatAmount: 124_426,
    });
    signIn();
    mockOrders({ orders: [halfOff] });
    openAt('/en/user/orders/order-14');
    const lines = await screen.findByRole('region', { name: 'Products' });
    const amount = within(lines).getAllByRole('row')[1]!.lastElementChild as HTMLElement;
    expect(amount).toHaveTextContent(`Before the discount: ${rub(13_800)}${rub(6900)}`);
    expect(lines).toHaveTextContent(`Subtotal${rub(13_800)}`);
    expect(lines).toHaveTextContent(`Discount−${rub(6900)}`);
    expect(lines).toHaveTextContent(`Total${rub(6900)}`);
    expect(lines).not.toHaveTextContent('Promo code');
  });

  const withPromoCode = orderFixture({
    number: 15,
    productItems: [
      orderItemFixture({
        id: 'box',
        name: 'Folding light box',
        price: 690_000,
        amount: 345_000,
        vatAmount: 62_213,
        litres: null,
      }),
    ],
    amount: 345_000,
    amountWithoutDiscount: 690_000,
    discountAmount: 345_000,
    promoCode: 'SPRING50',
    vatAmount: 62_213,
  });

  it("shows a plan upgrade's credit apart from the promo code's discount", async () => {
    // A plan of ₽2,490 bought as an upgrade: ₽1,000 of the old plan unused, ₽249 off by a code.
    const upgrade = orderFixture({
      number: 16,
      productItems: [
        orderItemFixture({ id: 'plan', name: 'Pro plan', quantity: 1, price: 249_000, amount: 124_900 }),
      ],
      amount: 124_900,
      amountWithoutDiscount: 249_000,
      discountAmount: 124_100,
      upgradeCreditAmount: 100_000,
      promoCode: 'SPRING10',
    });
    signIn();
    mockOrders({ orders: [upgrade] });
    openAt('/en/user/orders/order-16');
    const lines = await screen.findByRole('region', { name: 'Products' });
    expect(
      within(lines)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Subtotal', 'Discount', 'Unused part of the previous plan', 'Promo code', 'Total']);
    expect(lines).toHaveTextContent(
      `Discount−${rub(241)}Unused part of the previous plan−${rub(1000)}Promo codeSPRING10Total${rub(1249)}`,
    );
  });

  it('names the promo code redeemed with the order under the discount', async () => {
    signIn();
    mockOrders({ orders: [withPromoCode] });
    openAt('/en/user/orders/order-15');
    const lines = await screen.findByRole('region', { name: 'Products' });
    expect(
      within(lines)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Subtotal', 'Discount', 'Promo code', 'Total']);
    expect(lines).toHaveTextContent(`Discount−${rub(3450)}Promo codeSPRING50Total${rub(3450)}`);
  });

  it('names the promo code in Russian', async () => {
    signIn();
    mockOrders({ orders: [withPromoCode] });
    openAt('/ru/user/orders/order-15');
    const lines = await screen.findByRole('region', { name: 'Товары' });
    expect(lines).toHaveTextContent('ПромокодSPRING50');
  });

  it('cancels from the detail and shows the refetched order', async () => {
    signIn();
    const api = mockOrders({ orders: [withDelivery] });
    const { user } = openAt('/en/user/orders/order-9');
    await screen.findByRole('heading', { level: 1, name: 'Order No. 9' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel the order' }),
    );
    await waitFor(() => expect(api.callsTo('get').length).toBeGreaterThan(1));
    const timeline = screen.getByRole('region', { name: 'Order status' });
    await waitFor(() => expect(timeline).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows the timeline of a paid and fulfilled order', async () => {
    signIn();
    mockOrders({ orders: [orderFixture({ number: 4, status: 'fulfilled' })] });
    openAt('/en/user/orders/order-4');
    const timeline = await screen.findByRole('region', { name: 'Order status' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      expect.stringContaining('Placed (done)'),
      expect.stringContaining('Paid (done)'),
      expect.stringContaining('Fulfilled (done)'),
    ]);
    expect(screen.getByRole('region', { name: 'Delivery and recipient' })).toHaveTextContent(
      'Digital goods: nothing to deliver.',
    );
  });

  it('shows the not-found screen for an unknown order or another user’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn();
    const api = mockOrders({ orders: [withDelivery] });
    openAt('/en/user/orders/order-of-someone-else');
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(api.callsTo('get')[0]?.path).toBe('/orders/order-of-someone-else/fetchOrder');
  });

  it('asks a visitor to log in', async () => {
    const api = mockOrders({ orders: [withDelivery] });
    openAt('/en/user/orders/order-9');
    expect(await screen.findByText('Log in to see your orders.')).toBeInTheDocument();
    expect(api.callsTo('get')).toHaveLength(0);
  });
});
