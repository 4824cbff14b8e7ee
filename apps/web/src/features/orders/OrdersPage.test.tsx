import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { recordFormSubmits, type SubmittedForm } from '../../test/browser-exits.ts';
import { mockOrders, openAt, signIn } from '../../test/orders-api.ts';
import { manyOrders, orderFixture, orderItemFixture, topUpItemFixture } from './fake-orders-api.ts';

const cards = () => screen.queryAllByRole('article');
const rub = (amount: number) => formatPrice(amount, { locale: 'en', currency: 'RUB' }).replace(/\s/g, ' ');

let submitted: SubmittedForm[] = [];
beforeEach(() => {
  submitted = recordFormSubmits();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OrdersPage', () => {
  it('asks a visitor to log in instead of listing orders', async () => {
    const api = mockOrders();
    openAt('/en/user/orders');
    expect(await screen.findByText('Log in to see your orders.')).toBeInTheDocument();
    expect(api.callsTo('list')).toHaveLength(0);
  });

  it('turns the URL into the list request: search, status, sort, page size and page', async () => {
    signIn();
    const api = mockOrders({ orders: manyOrders(30) });
    const filter = encodeURIComponent(JSON.stringify({ status: 'awaiting_payment' }));
    openAt(`/en/user/orders?search=litres&limit=12&sort=periodAt%20asc&page=2&filter=${filter}`);
    await waitFor(() => expect(api.callsTo('list')).toHaveLength(1));
    expect(api.callsTo('list')[0]?.body).toEqual({
      filter: { where: { status: 'awaiting_payment' }, order: 'periodAt asc', skip: 12, limit: 12 },
      search: 'litres',
    });
    expect(await screen.findByRole('article', { name: 'Order No. 13' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('litres');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('awaiting_payment');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('asc');
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('12');
  });

  it('shows each order: number, date, first product and how many more, total, status and actions', async () => {
    signIn();
    mockOrders({
      orders: [
        orderFixture({
          number: 7,
          productItems: [
            orderItemFixture({ id: 'a', name: '10 litres', quantity: 2, price: 29_000, amount: 58_000 }),
            orderItemFixture({ id: 'b', name: '50 litres' }),
            orderItemFixture({ id: 'c', name: 'Camera tripod', optionName: 'Black' }),
          ],
        }),
        orderFixture({ number: 3, status: 'fulfilled' }),
        orderFixture({
          number: 4,
          status: 'fulfilled',
          productItems: [topUpItemFixture()],
        }),
      ],
    });
    openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 7' });
    // A top-up is one item at its amount (1,000 units of 1.00 as the order holds it).
    const topUp = screen.getByRole('article', { name: 'Order No. 4' });
    expect(topUp).toHaveTextContent('Personal account top-up');
    expect(topUp).not.toHaveTextContent('×');
    expect(order).toHaveTextContent('10 litres × 2 and 2 more');
    expect(order).toHaveTextContent(rub(2960));
    expect(order).toHaveTextContent('Awaiting payment');
    expect(within(order).getByRole('link', { name: 'Order No. 7' })).toHaveAttribute(
      'href',
      '/en/user/orders/order-7',
    );
    const actions = within(order).getByRole('group', { name: 'Actions for Order No. 7' });
    for (const name of ['Pay', 'Cancel', /Print the invoice/, 'Open Order No. 7'])
      expect(
        within(actions).getByRole(name === 'Open Order No. 7' ? 'link' : 'button', { name }),
      ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 orders');

    const fulfilled = screen.getByRole('article', { name: 'Order No. 3' });
    expect(fulfilled).toHaveTextContent('Fulfilled');
    expect(within(fulfilled).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(fulfilled).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(fulfilled).getByRole('button', { name: /Print the invoice/ })).toBeInTheDocument();
  });

  it('names every status in its own colour', async () => {
    signIn();
    const statuses = ['placed', 'awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'refunded'] as const;
    mockOrders({ orders: statuses.map((status, index) => orderFixture({ number: index + 1, status })) });
    openAt('/en/user/orders');
    await screen.findByRole('article', { name: 'Order No. 1' });
    const labels = ['Placed', 'Awaiting payment', 'Paid', 'Fulfilled', 'Cancelled', 'Refunded'];
    const colours = new Set<string>();
    statuses.forEach((status, index) => {
      const badge = within(screen.getByRole('article', { name: `Order No. ${index + 1}` })).getByText(
        labels[index] ?? '',
      );
      expect(badge).toHaveAttribute('data-status', status);
      colours.add(badge.className);
    });
    expect(colours.size).toBe(statuses.length);
  });

  it('writes the sort, status, search and page size into the URL, back on page 1', async () => {
    signIn();
    const api = mockOrders({ orders: manyOrders(20) });
    const { user, params } = openAt('/en/user/orders?page=2');
    await screen.findByRole('article', { name: 'Order No. 14' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'asc');
    await waitFor(() => expect(params().get('sort')).toBe('periodAt asc'));
    expect(params().get('page')).toBeNull();
    expect(await screen.findByRole('article', { name: 'Order No. 1' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    await waitFor(() => expect(params().get('filter')).toBe('{"status":"paid"}'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await waitFor(() => expect(params().get('filter')).toBeNull());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '24');
    await waitFor(() => expect(params().get('limit')).toBe('24'));

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '17{Enter}');
    await waitFor(() => expect(params().get('search')).toBe('17'));
    expect(await screen.findByRole('article', { name: 'Order No. 17' })).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    expect(api.callsTo('list').at(-1)?.body).toEqual({
      filter: { order: 'periodAt asc', skip: 0, limit: 24 },
      search: '17',
    });
  });

  it('pages with numbers and appends with "show more", 6 orders a page', async () => {
    signIn();
    const api = mockOrders({ orders: manyOrders(14) });
    const { user, params } = openAt('/en/user/orders');
    await screen.findByRole('article', { name: 'Order No. 14' });
    expect(cards()).toHaveLength(6);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Order No. 2' })).toBeInTheDocument();
    expect(params().get('page')).toBe('3');
    expect(cards()).toHaveLength(2);
    expect(api.callsTo('list').at(-1)?.body.filter).toEqual({ order: 'periodAt desc', skip: 12, limit: 6 });

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 1' }),
    );
    await screen.findByRole('article', { name: 'Order No. 14' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Order No. 3' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Order No. 14' })).toBeInTheDocument();
    expect(cards()).toHaveLength(12);
    expect(params().get('page')).toBe('2');
  });

  it('cancels an order after a confirmation and refetches the list', async () => {
    signIn();
    const api = mockOrders({ orders: [orderFixture({ number: 5 })] });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 5' });
    await user.click(within(order).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order No. 5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(api.callsTo('cancel')).toHaveLength(0);

    await user.click(within(order).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog');
    const listsBefore = api.callsTo('list').length;
    await user.click(within(again).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(api.callsTo('cancel')).toHaveLength(1));
    expect(api.callsTo('cancel')[0]?.path).toBe('/orders/order-5/cancelOrder');
    await waitFor(() => expect(api.callsTo('list').length).toBeGreaterThan(listsBefore));
    expect(await screen.findByText('Order No. 5 is cancelled.')).toBeInTheDocument();
    const cancelled = screen.getByRole('article', { name: 'Order No. 5' });
    await waitFor(() => expect(cancelled).toHaveTextContent('Cancelled'));
    expect(within(cancelled).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('pays with the order’s payment option and hands the answer to the payment form', async () => {
    signIn();
    const api = mockOrders({ orders: [orderFixture({ number: 5 })] });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 5' });
    await user.click(within(order).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(api.callsTo('pay')[0]?.body).toEqual({
      paymentOptionId: 'demo-card',
      resolveCallbackUrl: `${window.location.origin}/en/shopping-cart/checkout/demo-card/validate`,
      rejectCallbackUrl: `${window.location.origin}/en/shopping-cart/checkout/failure`,
      documentItemList: [{ documentType: 'customer_order', documentId: 'order-5' }],
    });
    expect(submitted[0]).toMatchObject({ action: 'https://pay.example/form' });
  });

  it('lets the buyer pick among several payment options, the order’s own chosen first', async () => {
    signIn();
    const api = mockOrders({
      orders: [orderFixture({ number: 5, paymentOptionId: 'invoice' })],
      paymentOptions: [
        { id: 'demo-card', name: 'Bank card', description: 'Visa, Mastercard', providerId: 'demo' },
        { id: 'invoice', name: 'Bank transfer', description: 'For companies', providerId: 'demo' },
      ],
      paymentFormUrl: null,
    });
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 5' });
    await user.click(within(order).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Order No. 5' });
    expect(within(dialog).getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Bank card/ }));
    const listsBefore = api.callsTo('list').length;
    // Nothing to pay at the provider: the order is paid at once, and the list is fetched again.
    await user.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(api.callsTo('pay')).toHaveLength(1));
    expect(api.callsTo('pay')[0]?.body.paymentOptionId).toBe('demo-card');
    expect(await screen.findByText('Order No. 5 is paid.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('list').length).toBeGreaterThan(listsBefore));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prints the invoice: fetches the PDF with the app’s headers and opens it in a new tab', async () => {
    signIn();
    const api = mockOrders({ orders: [orderFixture({ number: 5 })] });
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice-5');
    const { user } = openAt('/en/user/orders');
    const order = await screen.findByRole('article', { name: 'Order No. 5' });
    await user.click(within(order).getByRole('button', { name: 'Print the invoice of Order No. 5 (PDF)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:invoice-5'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(createUrl).toHaveBeenCalledTimes(1);
    expect(api.callsTo('invoice')[0]?.path).toBe(
      '/orders/order-5/displayLayoutTemplate?layoutTemplateId=invoice&format=pdf',
    );
    const invoiceCall = api.fetchMock.mock.calls.find(([url]) =>
      String(url).includes('displayLayoutTemplate'),
    );
    expect(new Headers(invoiceCall?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('offers the catalogue to someone without orders', async () => {
    signIn();
    mockOrders({ orders: [] });
    openAt('/en/user/orders');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the catalogue' })).toHaveAttribute(
      'href',
      '/en/products/catalog',
    );
    expect(screen.queryByRole('searchbox', { name: 'Search orders' })).not.toBeInTheDocument();
  });

  it('says when nothing matches and offers all orders again', async () => {
    signIn();
    mockOrders({ orders: manyOrders(3) });
    const { user, params } = openAt('/en/user/orders?search=tripod');
    expect(await screen.findByRole('heading', { name: 'No orders found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await screen.findByRole('article', { name: 'Order No. 3' })).toBeInTheDocument();
    expect(params().get('search')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it.each([
    ['limit=16', 'Could not read the request parameters'],
    ['sort=price%20asc', 'Could not read the request parameters'],
    ['filter=%7B%22status%22%3A%22lost%22%7D', 'Could not read the filter'],
  ])('shows the read error for %s', async (search, title) => {
    signIn();
    const api = mockOrders();
    openAt(`/en/user/orders?${search}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Open my orders' })).toHaveAttribute(
      'href',
      '/en/user/orders',
    );
    expect(api.callsTo('list')).toHaveLength(0);
  });

  it('speaks Russian', async () => {
    signIn();
    mockOrders({ orders: [orderFixture({ number: 2, status: 'paid' })] });
    openAt('/ru/user/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Мои заказы' })).toBeInTheDocument();
    expect(await screen.findByText('Оплачен')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 заказ');
  });
});
