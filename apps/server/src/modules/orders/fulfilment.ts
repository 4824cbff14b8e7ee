import type { LedgerService } from '../ledger/ledger.service.ts';
import { litreAccount } from '../ledger/litres.service.ts';
import type { OrderFulfilment } from './orders.service.ts';

/**
 * What paying delivers online, by the line's product: a litre bundle credits its litres, a
 * personal-account top-up credits the account's money in the order's currency. Each credit is keyed
 * by the order line, so settling a payment again, or another payment of the same order, credits
 * nothing more. Gift cards and pin codes get their codes from the promotions module (the next
 * issue); goods wait for delivery.
 */
export function createOrderFulfilment(deps: { ledger: Pick<LedgerService, 'credit'> }): OrderFulfilment {
  return {
    fulfillerOf(item) {
      if (item.productType === 'goods' && item.litres) {
        return async ({ order }) => {
          await deps.ledger.credit({
            account: litreAccount(order.userId),
            kind: 'purchase',
            amount: item.litres! * item.quantity,
            key: `purchase:order-item:${item.id}`,
          });
        };
      }
      if (item.productType === 'personal_account') {
        return async ({ order }) => {
          await deps.ledger.credit({
            account: { userId: order.userId, unit: `money:${order.currency as 'RUB'}` },
            kind: 'purchase',
            amount: item.amountMinor,
            key: `purchase:order-item:${item.id}`,
          });
        };
      }
      return null;
    },
  };
}
