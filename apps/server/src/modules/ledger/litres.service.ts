import type { LitreSource, LitreSummary } from '@cutout/contracts';
import { type FreeLitresStrategy, type LitreHolder, monthlyFreeLitres, periodOf } from './free-litres.ts';
import type { LedgerEntry } from './ledger.repo.ts';
import type { LedgerAccount, LedgerService } from './ledger.service.ts';

export type { LitreHolder } from './free-litres.ts';

export interface LitreBalance {
  /** What is left of the free grants (this month's). */
  free: number;
  /** What is left of bought and adjusted litres. */
  paid: number;
  total: number;
}

/**
 * Where a lot of litres came from, by its natural key: the monthly grant (`grant:free:`), a plan
 * (`plan:`), an order line (`purchase:order-item:`, a bundle), a code (`code:`).
 */
export function litreSourceOf(key: string): LitreSource {
  if (key.startsWith('grant:free:')) return 'free';
  if (key.startsWith('plan:')) return 'plan';
  if (key.startsWith('purchase:order-item:')) return 'bundle';
  if (key.startsWith('code:')) return 'code';
  return 'other';
}

/** The litre account of a user. */
export const litreAccount = (userId: string): LedgerAccount => ({ userId, unit: 'litre' });

/**
 * Litres on the ledger: the free grant a holder is due is posted before its balance is read or
 * drawn from, and the balance is split into the free and the paid part for store info and the API.
 */
export function createLitreService(deps: {
  ledger: LedgerService;
  now: () => Date;
  freeLitres?: FreeLitresStrategy;
}) {
  const strategy = deps.freeLitres ?? monthlyFreeLitres;

  async function postDueGrant(holder: LitreHolder) {
    const due = strategy.grantDue(holder, deps.now());
    if (due) await deps.ledger.credit({ account: litreAccount(holder.id), kind: 'grant', ...due });
  }

  async function balance(holder: LitreHolder): Promise<LitreBalance> {
    await postDueGrant(holder);
    const { total, lots } = await deps.ledger.balance(litreAccount(holder.id));
    const free = lots.filter((lot) => lot.kind === 'grant').reduce((sum, lot) => sum + lot.rest, 0);
    return { free, paid: total - free, total };
  }

  return {
    balance,

    /** The litres that count now, by where they came from, soonest to expire first (issue 15). */
    async summary(holder: LitreHolder): Promise<LitreSummary> {
      await postDueGrant(holder);
      const { total, lots } = await deps.ledger.balance(litreAccount(holder.id));
      return {
        total,
        lots: lots
          .filter((lot) => lot.rest > 0)
          .map((lot) => ({
            source: litreSourceOf(lot.key),
            quantity: lot.rest,
            expiresAt: lot.expiresAt?.toISOString() ?? null,
          })),
      };
    },

    /** The partner actions of store info: one per bucket, their quantities summing to the balance. */
    async partnerActions(holder: LitreHolder) {
      const litres = await balance(holder);
      return [
        { id: `free-${periodOf(deps.now())}`, quantity: litres.free },
        { id: 'paid', quantity: litres.paid },
      ];
    },

    /** Holds litres for a charge in flight (free ones first: they expire soonest), once per key. */
    async hold(input: { holder: LitreHolder; amount: number; key: string }): Promise<LedgerEntry> {
      await postDueGrant(input.holder);
      return deps.ledger.hold({
        account: litreAccount(input.holder.id),
        amount: input.amount,
        key: input.key,
      });
    },

    capture: (hold: { id: string }) => deps.ledger.capture(hold),
    release: (hold: { id: string }) => deps.ledger.release(hold),
  };
}

export type LitreService = ReturnType<typeof createLitreService>;
