import type { CurrencyCode, Money } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { LedgerAccount, LedgerService } from './ledger.service.ts';

/** A user's bonus points. */
export const bonusAccount = (userId: string): LedgerAccount => ({ userId, unit: 'bonus_point' });

/** A user's money on the personal account, in one currency (minor units). */
export const moneyAccount = (userId: string, currency: string): LedgerAccount => ({
  userId,
  unit: `money:${currency as CurrencyCode}`,
});

/** An order as the bonus points of it are keyed: by the order, on its buyer's account. */
interface OrderRef {
  id: string;
  userId: string;
}

/**
 * Bonus points and the personal account on the ledger (issue 15): every key their entries are
 * posted under is written here, so that an order's points are spent, earned, given back and taken
 * back once each, whichever module asks.
 */
export function createAccountsService(
  ledger: Pick<LedgerService, 'balance' | 'credit' | 'debit' | 'takeBack'>,
) {
  return {
    bonusPoints: {
      balance: async (userId: string) => (await ledger.balance(bonusAccount(userId))).total,

      /** Points paying for an order at checkout (INSUFFICIENT_BALANCE when the user has fewer). */
      async spend(order: OrderRef, points: number): Promise<void> {
        await ledger.debit({
          account: bonusAccount(order.userId),
          amount: points,
          key: `bonus:outcome:${order.id}`,
        });
      },

      /** What a paid order earns (5 % of what was paid), once. */
      async earn(order: OrderRef, points: number): Promise<void> {
        if (points <= 0) return;
        await ledger.credit({
          account: bonusAccount(order.userId),
          kind: 'grant',
          amount: points,
          key: `bonus:income:${order.id}`,
        });
      },

      /**
       * Gives back points an order was paid with: all of them when the unpaid order is cancelled,
       * its refunded share when it is refunded. Once per order and occasion.
       */
      async giveBack(order: OrderRef, points: number, occasion: 'cancel' | 'refund'): Promise<void> {
        if (points <= 0) return;
        await ledger.credit({
          account: bonusAccount(order.userId),
          kind: 'adjustment',
          amount: points,
          key: occasion === 'cancel' ? `bonus:return:${order.id}` : `bonus:refund:${order.id}`,
        });
      },

      /** Takes back at most `points` of those a refunded order earned; answers how many were left to take. */
      async takeBackEarned(order: OrderRef, points: number): Promise<number> {
        const lotKey = `bonus:income:${order.id}`;
        return (await ledger.takeBack({ lotKey, key: `refund:${lotKey}`, atMost: points })).taken;
      },
    },

    personalAccount: {
      balance: async (userId: string, currency: string) =>
        (await ledger.balance(moneyAccount(userId, currency))).total,

      /** Pays from the account: INSUFFICIENT_FUNDS when it holds less; the same key again pays once. */
      async take(input: { userId: string; amount: Money; key: string }): Promise<void> {
        try {
          await ledger.debit({
            account: moneyAccount(input.userId, input.amount.currency),
            amount: input.amount.amountMinor,
            key: input.key,
          });
        } catch (error) {
          if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
            throw new DomainError('INSUFFICIENT_FUNDS');
          }
          throw error;
        }
      },

      /** Puts money back (a refund of what was paid from it), once per key. */
      async giveBack(input: { userId: string; amount: Money; key: string }): Promise<void> {
        await ledger.credit({
          account: moneyAccount(input.userId, input.amount.currency),
          kind: 'adjustment',
          amount: input.amount.amountMinor,
          key: input.key,
        });
      },
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
