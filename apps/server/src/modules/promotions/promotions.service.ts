import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import type { PromoCodeRow, PromotionsRepo } from './promotions.repo.ts';

/** Why a promo code does not apply: expected failures, answered, not thrown. */
export type PromoCodeRefusal =
  | 'unknown'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'already_used'
  | 'not_applicable';

const refusalCodes: Record<PromoCodeRefusal, ErrorCode> = {
  unknown: 'PROMO_CODE_UNKNOWN',
  not_started: 'PROMO_CODE_NOT_STARTED',
  expired: 'PROMO_CODE_EXPIRED',
  used_up: 'PROMO_CODE_USED_UP',
  already_used: 'PROMO_CODE_ALREADY_USED',
  not_applicable: 'PROMO_CODE_NOT_APPLICABLE',
};

/** The domain error a refusal is shown as, when a caller must refuse the whole request. */
export const promoCodeError = (refusal: PromoCodeRefusal) => new DomainError(refusalCodes[refusal]);

/** A priced line of the cart the code may apply to. */
export interface PromoLine {
  id: string;
  productId: string | null;
  /** Price × quantity, in minor units. */
  amount: number;
}

export interface LineDiscount {
  amount: number;
  percent: number;
}

export type PromoEvaluation =
  | { ok: true; code: string; discounts: Map<string, LineDiscount> }
  | { ok: false; refusal: PromoCodeRefusal };

/** How a code is typed, and stored: trimmed, upper-case. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** A percent off each line, to the kopeck (half up). */
function percentOff(lines: PromoLine[], percent: number): Map<string, LineDiscount> {
  return new Map(
    lines.map((line) => [line.id, { amount: Math.round((line.amount * percent) / 100), percent }]),
  );
}

/**
 * A fixed amount split over the lines in proportion to their amounts (largest remainder, so the
 * parts add up to the amount exactly), never more than the lines cost.
 */
export function splitFixed(lines: PromoLine[], fixed: number): Map<string, LineDiscount> {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const off = Math.min(fixed, total);
  const parts = lines.map((line) => {
    const exact = total === 0 ? 0 : (off * line.amount) / total;
    return { line, amount: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = off - parts.reduce((sum, part) => sum + part.amount, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break;
    part.amount += 1;
    left -= 1;
  }
  return new Map(
    parts.map(({ line, amount }) => [
      line.id,
      { amount, percent: line.amount === 0 ? 0 : Math.round((amount * 100) / line.amount) },
    ]),
  );
}

/** Promo codes (issue 15): checked when applied, priced with the cart, redeemed at checkout. */
export function createPromotionsService(deps: {
  repo: PromotionsRepo;
  transactor: Pick<Transactor, 'run'>;
  now: () => Date;
}) {
  const { repo } = deps;

  /** Whether the code can be used by the user now, by its dates and limits. */
  async function usable(promo: PromoCodeRow | null, userId: string): Promise<PromoCodeRefusal | null> {
    if (!promo?.active) return 'unknown';
    const now = deps.now();
    if (now < promo.validFrom) return 'not_started';
    if (promo.validUntil && now > promo.validUntil) return 'expired';
    if (promo.totalLimit === null && promo.perUserLimit === null) return null;
    const counts = await repo.redemptionCounts(promo.id, userId);
    if (promo.totalLimit !== null && counts.total >= promo.totalLimit) return 'used_up';
    if (promo.perUserLimit !== null && counts.byUser >= promo.perUserLimit) return 'already_used';
    return null;
  }

  function discountsOf(promo: PromoCodeRow, lines: PromoLine[], currency: string) {
    const applicable = lines.filter(
      (line) =>
        line.amount > 0 &&
        line.productId !== null &&
        (promo.productIds.length === 0 || promo.productIds.includes(line.productId)),
    );
    if (applicable.length === 0) return null;
    if (promo.kind === 'percent') return percentOff(applicable, promo.percent ?? 0);
    // A fixed code without an amount in the cart's currency does not apply to this cart.
    const fixed = promo.fixedAmounts[currency];
    return fixed ? splitFixed(applicable, fixed) : null;
  }

  return {
    /** The discount of each line the code applies to, or why it does not apply. */
    async evaluate(input: {
      code: string;
      userId: string;
      currency: string;
      lines: PromoLine[];
    }): Promise<PromoEvaluation> {
      const code = normalizePromoCode(input.code);
      const promo = code ? await repo.findByCode(code) : null;
      const refusal = await usable(promo, input.userId);
      if (refusal || !promo) return { ok: false, refusal: refusal ?? 'unknown' };
      const discounts = discountsOf(promo, input.lines, input.currency);
      return discounts ? { ok: true, code, discounts } : { ok: false, refusal: 'not_applicable' };
    },

    /**
     * Redeems the code for an order, in the checkout's transaction: the code's row is locked, so
     * concurrent checkouts count the redemptions one after another and a limit holds. Answers the
     * code as it is stored, for the order to name.
     */
    async redeem(input: {
      code: string;
      userId: string;
      orderId: string;
      currency: string;
      discountMinor: number;
    }): Promise<{ ok: true; code: string } | { ok: false; refusal: PromoCodeRefusal }> {
      return deps.transactor.run(async () => {
        const promo = await repo.lockByCode(normalizePromoCode(input.code));
        const refusal = await usable(promo, input.userId);
        if (refusal || !promo) return { ok: false, refusal: refusal ?? 'unknown' };
        await repo.insertRedemption({
          id: randomUUID(),
          promoCodeId: promo.id,
          userId: input.userId,
          orderId: input.orderId,
          currency: input.currency,
          discountMinor: input.discountMinor,
          redeemedAt: deps.now(),
        });
        return { ok: true, code: promo.code };
      });
    },

    /** A cancelled order gives its code back: the redemption no longer counts. */
    async release(orderId: string): Promise<void> {
      await repo.deleteRedemptionsOf(orderId);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
