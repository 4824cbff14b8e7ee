import type { Order } from '@cutout/contracts';

export type TimelineStep = {
  id: 'placed' | 'paid' | 'awaitingPayment' | 'fulfilled' | 'notFulfilled' | 'cancelled' | 'refunded';
  /** `current`: the step the order waits on now (payment, then fulfilment); `pending`: one to come. */
  state: 'done' | 'current' | 'pending' | 'stopped';
  at?: string | null;
  /** The money a refund returned (minor units of the order's currency). */
  amount?: number | null;
};

/**
 * The steps an order goes through: placed, paid, fulfilled; a cancelled order stops after being
 * placed, and a refunded one after being paid (with the money it returned). Each step done has
 * its time.
 */
export function timelineOf(
  order: Pick<
    Order,
    'status' | 'periodAt' | 'paidAt' | 'fulfilledAt' | 'cancelledAt' | 'refundedAt' | 'refundAmount'
  >,
): TimelineStep[] {
  const placed: TimelineStep = { id: 'placed', state: 'done', at: order.periodAt };
  const paid = order.paidAt !== null || ['paid', 'fulfilled', 'refunded'].includes(order.status);
  const payment: TimelineStep = paid
    ? { id: 'paid', state: 'done', at: order.paidAt }
    : { id: 'awaitingPayment', state: 'current' };
  switch (order.status) {
    case 'cancelled':
      return [
        placed,
        ...(paid ? [payment] : []),
        { id: 'cancelled', state: 'stopped', at: order.cancelledAt },
      ];
    case 'refunded':
      return [
        placed,
        payment,
        { id: 'refunded', state: 'stopped', at: order.refundedAt, amount: order.refundAmount },
      ];
    case 'fulfilled':
      return [placed, payment, { id: 'fulfilled', state: 'done', at: order.fulfilledAt }];
    default:
      return [placed, payment, { id: 'notFulfilled', state: paid ? 'current' : 'pending' }];
  }
}
