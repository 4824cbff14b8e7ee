import type { FetchOrderListRequest, Language, Order, OrderList } from '@cutout/contracts';
import { listLimits, phoneView } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import { orderStateMachine } from './order.state.ts';
import type { InvoiceRow, OrderItemRow, OrderRow, OrdersRepo } from './orders.repo.ts';
import type { OrderContacts } from './orders.schema.ts';

/** Orders a page (SPEC §9). */
export const ordersPageSize = 6;

export const invoiceNumberOf = (invoice: Pick<InvoiceRow, 'year' | 'sequence'>) =>
  `INV-${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`;

export const orderNameOf = (number: number, language: Language) =>
  language === 'ru' ? `Заказ № ${number}` : `Order No. ${number}`;

/**
 * What paying means for a line of an order, by the product's type: litres credited, a personal
 * account topped up. A line with no fulfiller (goods to deliver; gift cards and pin codes until the
 * codes exist) waits. Each runs in the paying transaction and must be idempotent by the line.
 */
export type Fulfiller = (input: { order: OrderRow; item: OrderItemRow }) => Promise<void>;

/** A part of a whole, as integers: `unused` of `of` (0 ≤ unused ≤ of, of > 0). */
export interface Share {
  unused: number;
  of: number;
}

/** `amount` × the share, rounded down (exact in integers: no float rounding in money). */
export const partOf = (amount: number, share: Share): number =>
  share.of <= 0 ? 0 : Number((BigInt(amount) * BigInt(share.unused)) / BigInt(share.of));

/**
 * The refund of a paid line: takes back what the line gave and is still unused, and answers the
 * unused share of the line, which its money follows. Runs in the refund's transaction and answers
 * the same when run again.
 */
export type Reverser = (input: { order: OrderRow; item: OrderItemRow }) => Promise<Share>;

export interface OrderFulfilment {
  /** The fulfiller of a line, or null when the line waits (delivery, or a later issue's codes). */
  fulfillerOf(item: OrderItemRow): Fulfiller | null;
  /** What undoes a fulfiller (null for a line with none: goods, refunded whole until delivered). */
  reverserOf(item: OrderItemRow): Reverser | null;
  /** What paying the whole order gives besides its lines (the bonus points it earns), once. */
  afterPaid?(order: OrderRow): Promise<void>;
}

/** A user's orders (SPEC §7.4): list, detail, cancel; paying is the payments module's, fulfilling here. */
export function createOrdersService(deps: {
  repo: OrdersRepo;
  transactor: Pick<Transactor, 'run'>;
  fulfilment: OrderFulfilment;
  /** Puts a cancelled order's goods back in stock. */
  returnStock: (lines: Array<{ tradeOfferId: string; quantity: number }>) => Promise<void>;
  /** Gives a cancelled order's promo code back: its use no longer counts against the limits. */
  returnPromoCode: (orderId: string) => Promise<void>;
  /** Gives back the bonus points a cancelled order was paid with (once per order). */
  returnBonusPoints?: (order: OrderRow) => Promise<void>;
  /**
   * Where an order goes, in the reader's language (its pickup point or address as the cart module
   * names them); null keeps the line written at checkout, in the checkout's language.
   */
  placeLine?: (contacts: OrderContacts, language: Language) => Promise<string | null>;
  /** Told after an order became paid (its transaction committed): the 'order paid' mail. */
  onPaid?: (order: OrderRow) => void;
  now: () => Date;
}) {
  const { repo } = deps;

  function present(
    order: OrderRow,
    items: OrderItemRow[],
    invoice: InvoiceRow | undefined,
    language: Language,
    place: string | null,
  ): Order {
    const text = (value: Record<string, string> | null) => (value ? localized(value, language) : null);
    const lines = items.filter((item) => item.orderId === order.id);
    return {
      id: order.id,
      number: order.number,
      defaultName: orderNameOf(order.number, language),
      periodAt: order.placedAt.toISOString(),
      status: order.status,
      currency: order.currency,
      productItems: lines.map((item) => ({
        id: item.id,
        typeId: `shopping_cart_product_types.${item.type}`,
        productId: item.productId,
        tradeOfferId: item.tradeOfferId,
        name: localized(item.name, language),
        optionName: text(item.optionName),
        article: item.article,
        unitId: item.unitId,
        quantity: item.quantity,
        price: item.unitPriceMinor,
        amount: item.amountMinor,
        vatRatePercent: item.vatRatePercent,
        vatAmount: item.vatMinor,
        productSetId: item.productSetId,
        litres: item.litres,
      })),
      amount: order.amountMinor,
      amountWithoutDiscount: order.amountWithoutDiscountMinor,
      discountAmount: order.discountMinor,
      upgradeCreditAmount: order.upgradeCreditMinor,
      promoCode: order.promoCode,
      vatAmount: order.vatMinor,
      deliveryAmount: order.deliveryMinor,
      paymentOptionId: order.paymentOptionId,
      contacts: {
        deliveryOptionName: text(order.contacts.deliveryOptionName),
        deliveryAddress: place,
        address: order.contacts.address,
        recipientName: order.contacts.recipientName,
        recipientPhone: order.contacts.recipientPhone && phoneView(order.contacts.recipientPhone),
      },
      paidAt: order.paidAt?.toISOString() ?? null,
      fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      refundedAt: order.refundedAt?.toISOString() ?? null,
      refundAmount: order.refundMinor,
      invoiceNumber: invoice ? invoiceNumberOf(invoice) : null,
      canCancel: orderStateMachine.can(order.status, 'cancelled'),
      canPay: orderStateMachine.can(order.status, 'paid') && order.amountMinor > 0,
      deleted: order.deleted,
    };
  }

  async function presentAll(rows: OrderRow[], language: Language): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [items, invoices, places] = await Promise.all([
      repo.itemsOf(ids),
      repo.invoicesOf(ids),
      Promise.all(rows.map((row) => placeIn(row.contacts, language))),
    ]);
    return rows.map((row, index) =>
      present(
        row,
        items,
        invoices.find((invoice) => invoice.orderId === row.id),
        language,
        places[index] ?? null,
      ),
    );
  }

  /** Where the order goes in `language`; the line written at checkout where it cannot be read again. */
  async function placeIn(contacts: OrderContacts, language: Language): Promise<string | null> {
    return (await deps.placeLine?.(contacts, language)) ?? contacts.deliveryAddress;
  }

  async function ownOrThrow(userId: string, id: string): Promise<OrderRow> {
    const order = await repo.findOwn(userId, id);
    if (!order || order.deleted) throw new DomainError('NOT_FOUND');
    return order;
  }

  return {
    presentAll,

    async list(userId: string, request: FetchOrderListRequest, language: Language): Promise<OrderList> {
      const filter = request.filter ?? {};
      const status = filter.where?.status;
      const query = {
        userId,
        statuses: status === undefined ? undefined : [status].flat(),
        search: request.search,
        newestFirst: filter.order !== 'periodAt asc',
        skip: filter.skip ?? 0,
        limit: Math.min(filter.limit ?? ordersPageSize, listLimits.maxPageSize),
      };
      const [rows, totalCount] = await Promise.all([repo.list(query), repo.count(query)]);
      const output = await presentAll(rows, language);
      return { output, outputInfo: { count: output.length }, totalCount };
    },

    async get(userId: string, id: string, language: Language): Promise<Order> {
      const [order] = await presentAll([await ownOrThrow(userId, id)], language);
      if (!order) throw new DomainError('NOT_FOUND');
      return order;
    },

    /** The user's order as stored, for paying it again and printing it. */
    ownOrThrow,
    placeIn,
    itemsOf: (orderId: string) => repo.itemsOf([orderId]),
    async invoiceOf(orderId: string): Promise<InvoiceRow | null> {
      return (await repo.invoicesOf([orderId]))[0] ?? null;
    },

    /** Cancels an unpaid order of the user, puts its goods back in stock and gives its promo code back. */
    async cancel(userId: string, id: string, language: Language): Promise<Order> {
      await deps.transactor.run(async () => {
        await ownOrThrow(userId, id);
        const order = await repo.lock(id);
        if (!order || !orderStateMachine.can(order.status, 'cancelled'))
          throw new DomainError('ORDER_NOT_CANCELLABLE');
        await repo.update(id, { status: 'cancelled', cancelledAt: deps.now(), updatedAt: deps.now() });
        // What checkout took (an order placed before that was kept took its lines whole).
        const goods =
          order.stockTaken ??
          (await repo.itemsOf([id])).flatMap((item) =>
            item.tradeOfferId && item.type === 'regular'
              ? [{ tradeOfferId: item.tradeOfferId, quantity: item.quantity }]
              : [],
          );
        await deps.returnStock(goods);
        await deps.returnPromoCode(id);
        await deps.returnBonusPoints?.(order);
      });
      return this.get(userId, id, language);
    },

    /**
     * SPEC §7.4 makePosted: 'post' confirms a placed order (it then awaits payment, or is paid when
     * there is nothing to pay); 'unpost' takes an unpaid order back, which cancels it.
     */
    async makePosted(
      userId: string,
      id: string,
      mode: 'post' | 'unpost',
      language: Language,
    ): Promise<Order> {
      if (mode === 'unpost') return this.cancel(userId, id, language);
      await deps.transactor.run(async () => {
        await ownOrThrow(userId, id);
        const order = await repo.lock(id);
        if (order?.status === 'placed' && order.amountMinor > 0) {
          await repo.update(id, { status: 'awaiting_payment', updatedAt: deps.now() });
        }
      });
      return this.get(userId, id, language);
    },

    /** SPEC §4 make-deleted: hides a cancelled order from the list ('delete') or shows it again ('restore'). */
    async makeDeleted(userId: string, id: string, mode: 'delete' | 'restore'): Promise<void> {
      const order = await repo.findOwn(userId, id);
      if (!order) throw new DomainError('NOT_FOUND');
      if (order.status !== 'cancelled') throw new DomainError('ORDER_NOT_CANCELLABLE');
      await repo.update(id, { deleted: mode === 'delete', updatedAt: deps.now() });
    },

    /** A payment was started for the order: it now awaits payment (once; later attempts change nothing). */
    async awaitPayment(orderId: string, paymentOptionId: string): Promise<void> {
      await deps.transactor.run(async () => {
        const order = await repo.lock(orderId);
        if (!order) throw new DomainError('NOT_FOUND');
        const status = order.status === 'placed' ? 'awaiting_payment' : order.status;
        await repo.update(orderId, { status, paymentOptionId, updatedAt: deps.now() });
      });
    },

    /**
     * The order is paid: it becomes paid and each line is fulfilled, in the transaction in progress
     * (the payment's settlement). An order paid twice (a second attempt) is not fulfilled again;
     * a paid order that was cancelled meanwhile stays cancelled and is logged for a refund.
     */
    async markPaid(orderId: string): Promise<{ changed: boolean; order: OrderRow }> {
      return deps.transactor.run(async () => {
        const order = await repo.lock(orderId);
        if (!order) throw new DomainError('NOT_FOUND');
        if (!orderStateMachine.can(order.status, 'paid')) return { changed: false, order };
        const now = deps.now();
        const items = await repo.itemsOf([orderId]);
        let waiting = order.needsDelivery;
        for (const item of items) {
          const fulfil = item.type === 'regular' ? deps.fulfilment.fulfillerOf(item) : null;
          if (fulfil) await fulfil({ order, item });
          else if (item.type === 'regular') waiting = true;
        }
        await deps.fulfilment.afterPaid?.(order);
        // Paid, and fulfilled at once when nothing is left to deliver or to wait for.
        const paid = orderStateMachine.transition(order.status, 'paid');
        const status = waiting ? paid : orderStateMachine.transition(paid, 'fulfilled');
        await repo.update(orderId, {
          status,
          paidAt: now,
          ...(status === 'fulfilled' && { fulfilledAt: now }),
          updatedAt: now,
        });
        return { changed: true, order: { ...order, status, paidAt: now } };
      });
    },

    notifyPaid(order: OrderRow): void {
      deps.onPaid?.(order);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
