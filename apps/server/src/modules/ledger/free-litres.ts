import { litreRules } from '@cutout/contracts';

/** An account as the free grant judges it: the caller (users) passes its flags; the ledger reads no users. */
export interface LitreHolder {
  id: string;
  anonymous: boolean;
  emailVerified: boolean;
  phoneNumberVerified: boolean;
}

/** A grant a holder is due: posted once under its key, counted until it expires. */
export interface DueGrant {
  key: string;
  amount: number;
  expiresAt: Date | null;
}

/** Which free litres a holder is due at a moment: the one policy of free litres. */
export interface FreeLitresStrategy {
  grantDue(holder: LitreHolder, now: Date): DueGrant | null;
}

/** The calendar month of a moment, in UTC: the period of free litres. */
export const periodOf = (moment: Date): string => moment.toISOString().slice(0, 7);

/**
 * The monthly free litres go only to accounts with a verified e-mail or phone: an anonymous account
 * (made for a checkout, SPEC §4) or an unverified one costs nothing to make, so it gets none.
 */
export const freeLitresFor = (holder: LitreHolder): number =>
  !holder.anonymous && (holder.emailVerified || holder.phoneNumberVerified) ? litreRules.freePerMonth : 0;

/**
 * The default strategy: `litreRules.freePerMonth` litres each calendar month (UTC), posted lazily as
 * a grant keyed by holder and month, expiring at the month's end: not carried over.
 */
export const monthlyFreeLitres: FreeLitresStrategy = {
  grantDue(holder, now) {
    const amount = freeLitresFor(holder);
    if (amount === 0) return null;
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return { key: `grant:free:${holder.id}:${periodOf(now)}`, amount, expiresAt: nextMonth };
  },
};
