import {
  MONEY_UNIT,
  type Order,
  type OrderItem,
  type OrderStatus,
  type PaymentOption,
} from '@cutout/contracts';

/**
 * For tests: the orders calls of the API over in-memory orders, answered at fetch level, each call
 * recorded with its body. Search matches the number or a product's name; cancelling follows the
 * server's rule (only an order that can be cancelled).
 */

export function orderItemFixture(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 'item-1',
    typeId: 'shopping_cart_product_types.regular',
    productId: 'product_litres_50',
    tradeOfferId: 'offer_litres_50',
    name: '50 litres',
    optionName: null,
    article: null,
    unitId: 'pcs',
    quantity: 1,
    price: 119_000,
    amount: 119_000,
    vatRatePercent: 22,
    vatAmount: 21_459,
    productSetId: null,
    litres: 50,
    ...overrides,
  };
}

/** A personal-account top-up of 1,000.00 as an order holds it: 1,000 units of 1.00. */
export function topUpItemFixture(overrides: Partial<OrderItem> = {}): OrderItem {
  return orderItemFixture({
    id: 'top-up',
    productId: 'product_personal_account_top_up',
    tradeOfferId: 'offer_personal_account_top_up',
    name: 'Personal account top-up',
    unitId: MONEY_UNIT,
    quantity: 1000,
    price: 100,
    amount: 100_000,
    vatRatePercent: null,
    vatAmount: 0,
    litres: null,
    ...overrides,
  });
}

export function orderFixture(
  overrides: Partial<Order> & { number?: number; status?: OrderStatus } = {},
): Order {
  const number = overrides.number ?? 1;
  const status = overrides.status ?? 'awaiting_payment';
  const productItems = overrides.productItems ?? [orderItemFixture()];
  const amount = productItems.reduce((sum, item) => sum + item.amount, 0);
  return {
    id: `order-${number}`,
    number,
    defaultName: `Order No. ${number}`,
    periodAt: new Date(Date.UTC(2026, 2, number, 10, 0)).toISOString(),
    status,
    currency: 'RUB',
    productItems,
    amount,
    amountWithoutDiscount: amount,
    discountAmount: 0,
    upgradeCreditAmount: 0,
    promoCode: null,
    vatAmount: productItems.reduce((sum, item) => sum + item.vatAmount, 0),
    deliveryAmount: 0,
    paymentOptionId: 'demo-card',
    contacts: {
      deliveryOptionName: null,
      deliveryAddress: null,
      address: null,
      recipientName: null,
      recipientPhone: null,
    },
    paidAt: ['paid', 'fulfilled', 'refunded'].includes(status)
      ? new Date(Date.UTC(2026, 2, number, 11)).toISOString()
      : null,
    fulfilledAt: status === 'fulfilled' ? new Date(Date.UTC(2026, 2, number, 11, 1)).toISOString() : null,
    cancelledAt: status === 'cancelled' ? new Date(Date.UTC(2026, 2, number, 12)).toISOString() : null,
    refundedAt: status === 'refunded' ? new Date(Date.UTC(2026, 2, number, 13)).toISOString() : null,
    refundAmount: status === 'refunded' ? amount : null,
    invoiceNumber: `INV-2026-${String(number).padStart(6, '0')}`,
    canCancel: status === 'placed' || status === 'awaiting_payment',
    canPay: status === 'placed' || status === 'awaiting_payment',
    deleted: false,
    ...overrides,
  };
}

/** `count` unpaid orders numbered 1…count, each of one '50 litres'. */
export function manyOrders(count: number): Order[] {
  return Array.from({ length: count }, (_, index) => orderFixture({ number: index + 1 }));
}

export const paymentOptionsFixture: PaymentOption[] = [
  { id: 'demo-card', name: 'Bank card', description: 'Visa, Mastercard, Mir', providerId: 'demo' },
];

type Body = {
  filter?: { where?: { status?: string }; order?: string; skip?: number; limit?: number };
  search?: string;
  paymentOptionId?: string;
  documentItemList?: Array<{ documentId: string }>;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const notFound = () => json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);

export function fakeOrdersApi(
  options: {
    orders?: Order[];
    paymentOptions?: PaymentOption[];
    paymentFormUrl?: string | null;
    /** The personal account's balance in roubles' minor units (plenty by default). */
    personalAccountMinor?: number;
  } = {},
) {
  let orders = options.orders ?? manyOrders(3);
  const paymentOptions = options.paymentOptions ?? paymentOptionsFixture;
  const calls: Array<{ call: string; body: Body; path: string }> = [];

  const matching = (body: Body) => {
    const search = body.search?.toLowerCase();
    const sorted = orders
      .filter((order) => !body.filter?.where?.status || order.status === body.filter.where.status)
      .filter(
        (order) =>
          !search ||
          String(order.number) === search ||
          order.productItems.some((item) => item.name.toLowerCase().includes(search)),
      )
      .sort((a, b) => a.periodAt.localeCompare(b.periodAt));
    return body.filter?.order === 'periodAt asc' ? sorted : sorted.reverse();
  };

  /** Answers an orders call, or null for any other. */
  function handle(url: string, init: RequestInit): Response | null {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const record = (call: string) => calls.push({ call, body, path: url.replace(/^.*\/api\/stores/, '') });
    if (path === '/orders/fetchOrderList') {
      record('list');
      const list = matching(body);
      const skip = body.filter?.skip ?? 0;
      const output = list.slice(skip, skip + (body.filter?.limit ?? 6));
      return json({ output, outputInfo: { count: output.length }, totalCount: list.length });
    }
    if (path === '/shoppingCarts/fetchPaymentOptionList') {
      record('paymentOptions');
      return json({ paymentOptions });
    }
    if (path === '/personalAccount/fetchPersonalAccount') {
      record('personalAccount');
      return json({
        balance: { amountMinor: options.personalAccountMinor ?? 10_000_000, currency: 'RUB' },
        entries: [],
      });
    }
    if (path === '/paymentOptions/perform') {
      record('pay');
      const formUrl =
        options.paymentFormUrl === undefined ? 'https://pay.example/form' : options.paymentFormUrl;
      return json({
        statusId: 'payment_operation_statuses.not_paid',
        formUrl,
        formMethod: 'POST',
        formInputList: [{ name: 'paymentId', value: 'pay-1' }],
        paymentRequired: formUrl !== null,
        orderId: body.documentItemList?.[0]?.documentId ?? null,
      });
    }
    const match = /^\/orders\/([^/]+)\/(fetchOrder|cancelOrder|displayLayoutTemplate)$/.exec(path);
    if (!match) return null;
    const [, id, call] = match;
    const order = orders.find((candidate) => candidate.id === decodeURIComponent(id ?? ''));
    if (call === 'fetchOrder') {
      record('get');
      return order ? json({ order, orderType: 'customer_order', id: order.id }) : notFound();
    }
    if (call === 'cancelOrder') {
      record('cancel');
      if (!order) return notFound();
      if (!order.canCancel) return json({ code: 'ORDER_NOT_CANCELLABLE', message: 'Not cancellable.' }, 409);
      const cancelled: Order = {
        ...order,
        status: 'cancelled',
        canCancel: false,
        canPay: false,
        cancelledAt: new Date().toISOString(),
      };
      orders = orders.map((candidate) => (candidate.id === order.id ? cancelled : candidate));
      return json(cancelled);
    }
    record('invoice');
    return order ? new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }) : notFound();
  }

  return {
    handle,
    calls,
    callsTo: (call: string) => calls.filter((entry) => entry.call === call),
  };
}
