import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AccountsService } from '../ledger/accounts.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { orderStateMachine } from './order.state.ts';
import type { OrderRow, OrdersRepo } from './orders.repo.ts';
import { type OrderFulfilment, partOf } from './orders.service.ts';

/** What a refund did, as the operator's call answers it. */
export interface RefundOutcome {
  orderId: string;
  number: number;
  currency: string;
  /** The money returned (minor units): 0 for an order paid with nothing, or with nothing left. */
  amount: number;
  /** Bonus points given back (those the order was paid with) and taken back (those it earned). */
  bonusPointsReturned: number;
  bonusPointsTakenBack: number;
  /** The refund at the payment provider; null when no money goes back. */
  refund: { status: 'pending' | 'succeeded' | 'failed'; failureReason: string | null } | null;
}

/**
 * Refunds (issue 15): an order is refunded once, for what it has left unused. Each line's share
 * left unused is taken back (its reverser) and its money follows the share, rounded down; goods and
 * delivery go back whole while the order waits for delivery. The bonus points the order was paid
 * with come back, and those it earned are taken back, in the share of its products' money refunded;
 * earned points already spent are kept from the money. All of it, and the order becoming refunded,
 * commit together; the money then goes to the provider (or straight back to the personal account).
 * README.md beside this file has the rule in words.
 */
export function createRefundsService(deps: {
  repo: OrdersRepo;
  transactor: Pick<Transactor, 'run'>;
  fulfilment: OrderFulfilment;
  payments: Pick<PaymentsService, 'openRefund' | 'sendRefund' | 'refundOfOrder'>;
  bonusPoints: Pick<AccountsService['bonusPoints'], 'giveBack' | 'takeBackEarned'>;
  /** A point's worth in minor units of a currency. */
  pointValue: (currency: string) => number;
  /** Gives the order's promo code back (a whole refund only). */
  returnPromoCode: (orderId: string) => Promise<void>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function outcomeOf(order: OrderRow, points: { returned: number; takenBack: number }) {
    const refund = (order.refundMinor ?? 0) > 0 ? await deps.payments.sendRefund(order.id) : null;
    return {
      orderId: order.id,
      number: order.number,
      currency: order.currency,
      amount: order.refundMinor ?? 0,
      bonusPointsReturned: points.returned,
      bonusPointsTakenBack: points.takenBack,
      refund: refund && { status: refund.status, failureReason: refund.failureReason },
    } satisfies RefundOutcome;
  }

  return {
    /**
     * Refunds what the order left unused. Refused with ORDER_NOT_REFUNDABLE when it is not paid
     * (reason not_paid), when it was refunded (already_refunded: the call then only sends a refund
     * still pending at the provider again), or when everything it gave is used (all_used).
     */
    async refund(orderId: string, reason: string): Promise<RefundOutcome> {
      const done = await deps.transactor.run(async () => {
        const order = await repo.lock(orderId);
        if (!order) throw new DomainError('NOT_FOUND');
        if (order.status === 'refunded') return { order, points: null };
        if (order.status !== 'paid' && order.status !== 'fulfilled') {
          throw new DomainError('ORDER_NOT_REFUNDABLE', { details: { reason: 'not_paid' } });
        }
        const delivered = order.status === 'fulfilled';
        let products = 0;
        let productsBack = 0;
        let deliveryBack = 0;
        for (const item of await repo.itemsOf([orderId])) {
          if (item.type === 'delivery') {
            if (!delivered) deliveryBack += item.amountMinor;
            continue;
          }
          const reverse = deps.fulfilment.reverserOf(item);
          const share = reverse ? await reverse({ order, item }) : { unused: delivered ? 0 : 1, of: 1 };
          products += item.amountMinor;
          productsBack += partOf(item.amountMinor, share);
        }
        const whole = products > 0 && productsBack === products;
        // The points follow the share of the products' money that goes back.
        const fraction = products === 0 ? { unused: 0, of: 1 } : { unused: productsBack, of: products };
        const returned = partOf(order.bonusPointOutcome, fraction);
        const due = partOf(order.bonusPointIncome, fraction);
        const takenBack = due > 0 ? await deps.bonusPoints.takeBackEarned(order, due) : 0;
        const kept = (due - takenBack) * deps.pointValue(order.currency);
        const amount = Math.max(0, productsBack + deliveryBack - kept);
        if (productsBack + deliveryBack === 0 && returned === 0) {
          throw new DomainError('ORDER_NOT_REFUNDABLE', { details: { reason: 'all_used' } });
        }
        await deps.bonusPoints.giveBack(order, returned, 'refund');
        if (whole) await deps.returnPromoCode(orderId);
        const now = deps.now();
        await repo.update(orderId, {
          status: orderStateMachine.transition(order.status, 'refunded'),
          refundedAt: now,
          refundMinor: amount,
          updatedAt: now,
        });
        if (amount > 0) await deps.payments.openRefund({ orderId, amount, reason });
        return {
          order: { ...order, status: 'refunded' as const, refundedAt: now, refundMinor: amount },
          points: { returned, takenBack },
        };
      });
      if (!done.points && (await deps.payments.refundOfOrder(orderId))?.status !== 'pending') {
        throw new DomainError('ORDER_NOT_REFUNDABLE', { details: { reason: 'already_refunded' } });
      }
      return outcomeOf(done.order, done.points ?? { returned: 0, takenBack: 0 });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
