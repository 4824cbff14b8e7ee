import type { AccountsService } from '../ledger/accounts.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { litreAccount } from '../ledger/litres.service.ts';
import { storedPeriod } from '../subscriptions/plans.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { VouchersService } from '../vouchers/vouchers.service.ts';
import type { OrderFulfilment } from './orders.service.ts';

/**
 * What paying delivers online, by the line's product: a litre bundle credits its litres, a
 * personal-account top-up credits the account's money in the order's currency. Each credit is keyed
 * by the order line, so settling a payment again, or another payment of the same order, credits
 * nothing more. A subscription plan starts, renews or replaces the buyer's subscription (once per
 * order line, in the subscriptions module). A pin code or a gift card issues one code per unit
 * (the vouchers module, keyed by the line and the unit): litres when the product has them, else the
 * unit's price before discounts (its face value) as money on the personal account. Goods wait for delivery.
 */
export function createOrderFulfilment(deps: {
  ledger: Pick<LedgerService, 'credit' | 'takeBack'>;
  bonusPoints: Pick<AccountsService['bonusPoints'], 'earn'>;
  subscriptions: Pick<SubscriptionsService, 'fulfil' | 'refundTerm'>;
  vouchers: Pick<VouchersService, 'issue' | 'voidUnused'>;
}): OrderFulfilment {
  /** Takes back what is left of the line's credit: the share left is what was not spent. */
  const takeBackCredit = async (item: { id: string }) => {
    const lotKey = `purchase:order-item:${item.id}`;
    const { credited, taken } = await deps.ledger.takeBack({ lotKey, key: `refund:${lotKey}` });
    return { unused: taken, of: credited };
  };

  return {
    /**
     * The refund of a line, by what paying gave: litres or account money unspent are taken back,
     * codes never applied are cancelled, a plan's current term ends (its unused share, see
     * `refundTerm`). Goods have no reverser: the refund decides by delivery.
     */
    reverserOf(item) {
      if (item.productType === 'pin_code' || item.productType === 'gift_card') {
        return async () => {
          const { issued, voided } = await deps.vouchers.voidUnused(item.id);
          return { unused: voided, of: issued };
        };
      }
      if (item.productType === 'subscription_plan' && item.productId) {
        return ({ order }) =>
          deps.subscriptions.refundTerm({ userId: order.userId, key: `order-item:${item.id}` });
      }
      if ((item.productType === 'goods' && item.litres) || item.productType === 'personal_account') {
        return () => takeBackCredit(item);
      }
      return null;
    },

    /** The bonus points a paid order earns (5 % of what was paid for its lines), credited once. */
    afterPaid: (order) => deps.bonusPoints.earn(order, order.bonusPointIncome),

    fulfillerOf(item) {
      if (item.productType === 'pin_code' || item.productType === 'gift_card') {
        return async ({ order }) => {
          await deps.vouchers.issue({
            kind: item.productType as 'pin_code' | 'gift_card',
            grant: item.litres
              ? { type: 'litres', litres: item.litres }
              : { type: 'money', amount: item.unitPriceMinor, currency: order.currency },
            quantity: item.quantity,
            keyPrefix: `order-item:${item.id}`,
            orderItemId: item.id,
            buyerId: order.userId,
            productName: item.name,
          });
        };
      }
      if (item.productType === 'subscription_plan' && item.productId) {
        const period = storedPeriod(item.validityPeriodId ?? '');
        if (!period) throw new Error(`order item ${item.id}: a plan without a period`);
        return async ({ order }) => {
          await deps.subscriptions.fulfil({
            userId: order.userId,
            key: `order-item:${item.id}`,
            productId: item.productId!,
            period,
            currency: order.currency,
            amountMinor: item.amountMinor,
          });
        };
      }
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
