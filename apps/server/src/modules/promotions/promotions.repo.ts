import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { promoCodeRedemptions, promoCodes } from './promotions.schema.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeRedemptionRow = typeof promoCodeRedemptions.$inferSelect;

/** The promo_codes and promo_code_redemptions tables, on the transaction in progress. */
export function createPromotionsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  return {
    async insert(row: typeof promoCodes.$inferInsert): Promise<void> {
      await db().insert(promoCodes).values(row);
    },

    async findByCode(code: string): Promise<PromoCodeRow | null> {
      const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, code));
      return row ?? null;
    },

    /** The code, locked for the rest of the transaction: redemptions of one code run one after another. */
    async lockByCode(code: string): Promise<PromoCodeRow | null> {
      const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
      return row ?? null;
    },

    /** Redemptions of a code: in all, and by one user. */
    async redemptionCounts(promoCodeId: string, userId: string): Promise<{ total: number; byUser: number }> {
      const counted = async (where: SQL | undefined) =>
        (await db().select({ value: count() }).from(promoCodeRedemptions).where(where))[0]?.value ?? 0;
      const ofCode = eq(promoCodeRedemptions.promoCodeId, promoCodeId);
      return {
        total: await counted(ofCode),
        byUser: await counted(and(ofCode, eq(promoCodeRedemptions.userId, userId))),
      };
    },

    async insertRedemption(row: typeof promoCodeRedemptions.$inferInsert): Promise<void> {
      await db().insert(promoCodeRedemptions).values(row);
    },

    async deleteRedemptionsOf(orderId: string): Promise<void> {
      await db().delete(promoCodeRedemptions).where(eq(promoCodeRedemptions.orderId, orderId));
    },
  };
}

export type PromotionsRepo = ReturnType<typeof createPromotionsRepo>;
