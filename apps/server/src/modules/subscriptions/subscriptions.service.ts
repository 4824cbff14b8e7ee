import { randomUUID } from 'node:crypto';
import type { Language, Subscription } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { moneyAccount } from '../ledger/accounts.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { litreAccount } from '../ledger/litres.service.ts';
import { monthsOf, periodId, priceOf, storedPeriod } from './plans.service.ts';
import { subscriptionStateMachine } from './subscription.state.ts';
import type { PlanRecord, SubscriptionRow, SubscriptionsRepo } from './subscriptions.repo.ts';
import type { ValidityPeriod } from './subscriptions.schema.ts';

export const subscriptionPolicy = {
  /**
   * A term is renewed this long before it ends (from the personal account), so that the plan's
   * litres roll over into the next term before they expire. A renewal that cannot be paid is tried
   * again every run until the term ends.
   */
  renewAheadMs: 24 * 3_600_000,
};

/** `date` plus `months` calendar months (UTC), the day kept or cut to the month's last. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The end of a term that starts at `start`; null: forever. */
export const termEnd = (start: Date, period: ValidityPeriod): Date | null => {
  const months = monthsOf[period];
  return months === null ? null : addMonths(start, months);
};

/** Every plan litre lot of a user is keyed under this prefix: a carry-over moves them all. */
const planLotPrefix = 'plan:';
const accrualKey = (subscriptionId: string, n: number) => `plan:accrual:${subscriptionId}:${n}`;
const carryKey = (subscriptionId: string, term: number) => `plan:carry:${subscriptionId}:${term}`;

/**
 * The unused part of a term's price, credited against an upgrade: the term's amount times the
 * share of the term still ahead, rounded down to the minor unit. Nothing for a forever term.
 */
export function unusedCredit(subscription: SubscriptionRow, now: Date): number {
  if (!subscription.paidUntil) return 0;
  const length = subscription.paidUntil.getTime() - subscription.termStartedAt.getTime();
  const ahead = subscription.paidUntil.getTime() - now.getTime();
  if (length <= 0 || ahead <= 0) return 0;
  return Math.floor((subscription.termAmountMinor * Math.min(ahead, length)) / length);
}

/** A plan bought: what fulfilment passes when an order line of a plan is paid. */
export interface PlanPurchase {
  userId: string;
  /** Names the term: `order-item:<line>` for a paid order line, `voucher:<id>` for a code. */
  key: string;
  productId: string;
  period: ValidityPeriod;
  currency: string;
  amountMinor: number;
}

/**
 * Subscriptions (issue 15): started or renewed by a paid order line, credited each month, renewed
 * from the personal account at the end of a term, cancelled, resumed and changed by their owner.
 * README.md beside this file has the rules.
 */
export function createSubscriptionsService(deps: {
  repo: SubscriptionsRepo;
  transactor: Pick<Transactor, 'run'>;
  ledger: Pick<LedgerService, 'credit' | 'carryOver' | 'debit' | 'balance' | 'takeBack'>;
  catalog: Pick<CatalogService, 'offersByIds'>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function planOf(id: string): Promise<PlanRecord> {
    const [plan] = await repo.plansByIds([id]);
    if (!plan) throw new Error(`subscription plan ${id} is gone`);
    return plan;
  }

  /** Credits every accrual due by now, in order, each once (keyed by subscription and month). */
  async function accrue(subscription: SubscriptionRow): Promise<SubscriptionRow> {
    const now = deps.now();
    let { accruals, nextAccrualAt } = subscription;
    if (!nextAccrualAt || nextAccrualAt > now) return subscription;
    const plan = await planOf(subscription.planId);
    while (nextAccrualAt && nextAccrualAt <= now) {
      await deps.ledger.credit({
        account: litreAccount(subscription.userId),
        kind: 'purchase',
        amount: plan.litresPerMonth,
        key: accrualKey(subscription.id, accruals),
        expiresAt: subscription.paidUntil,
      });
      accruals += 1;
      nextAccrualAt = nextAccrualAfter(subscription, accruals);
    }
    return repo.update(subscription.id, { accruals, nextAccrualAt, updatedAt: now });
  }

  /** The n-th accrual's moment, or null when the paid term ends first. */
  function nextAccrualAfter(
    subscription: Pick<SubscriptionRow, 'anchorAt' | 'paidUntil'>,
    accruals: number,
  ): Date | null {
    const next = addMonths(subscription.anchorAt, accruals);
    return subscription.paidUntil && next >= subscription.paidUntil ? null : next;
  }

  /** Extends a subscription by a term that starts where the paid one ends; its litres roll over. */
  async function extend(
    subscription: SubscriptionRow,
    term: { key: string; plan: PlanRecord; period: ValidityPeriod; amount: number; currency: string },
  ): Promise<SubscriptionRow> {
    const now = deps.now();
    const startsAt = subscription.paidUntil ?? now;
    const paidUntil = termEnd(startsAt, term.period);
    const number = subscription.term + 1;
    await repo.insertTerm({
      id: randomUUID(),
      subscriptionId: subscription.id,
      term: number,
      key: term.key,
      planId: term.plan.id,
      period: term.period,
      amountMinor: term.amount,
      currency: term.currency,
      startsAt,
      endsAt: paidUntil,
      createdAt: now,
    });
    await deps.ledger.carryOver({
      account: litreAccount(subscription.userId),
      keyPrefix: planLotPrefix,
      expiresAt: paidUntil,
      key: carryKey(subscription.id, number),
      // Renewed after its end (the server was off): the litres that expired with it still move.
      ...(subscription.paidUntil &&
        subscription.paidUntil <= now && { asOf: new Date(subscription.paidUntil.getTime() - 1) }),
    });
    const extended = await repo.update(subscription.id, {
      planId: term.plan.id,
      period: term.period,
      state: 'active',
      currency: term.currency,
      termAmountMinor: term.amount,
      term: number,
      termStartedAt: startsAt,
      paidUntil,
      nextAccrualAt: nextAccrualAfter({ anchorAt: subscription.anchorAt, paidUntil }, subscription.accruals),
      nextPlanId: null,
      nextPeriod: null,
      updatedAt: now,
    });
    return accrue(extended);
  }

  /** Starts a subscription now; an earlier live one is replaced and its plan litres move over. */
  async function start(input: {
    userId: string;
    key: string;
    plan: PlanRecord;
    period: ValidityPeriod;
    amount: number;
    currency: string;
    replacing: SubscriptionRow | null;
  }): Promise<SubscriptionRow> {
    const now = deps.now();
    const id = randomUUID();
    if (input.replacing) {
      subscriptionStateMachine.transition(input.replacing.state, 'replaced');
      await repo.update(input.replacing.id, {
        state: 'replaced',
        endedAt: now,
        nextAccrualAt: null,
        updatedAt: now,
      });
    }
    const paidUntil = termEnd(now, input.period);
    await repo.insert({
      id,
      userId: input.userId,
      planId: input.plan.id,
      period: input.period,
      state: 'active',
      currency: input.currency,
      termAmountMinor: input.amount,
      term: 1,
      startedAt: now,
      termStartedAt: now,
      paidUntil,
      anchorAt: now,
      accruals: 0,
      nextAccrualAt: now,
      replacesId: input.replacing?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertTerm({
      id: randomUUID(),
      subscriptionId: id,
      term: 1,
      key: input.key,
      planId: input.plan.id,
      period: input.period,
      amountMinor: input.amount,
      currency: input.currency,
      startsAt: now,
      endsAt: paidUntil,
      createdAt: now,
    });
    if (input.replacing) {
      await deps.ledger.carryOver({
        account: litreAccount(input.userId),
        keyPrefix: planLotPrefix,
        expiresAt: paidUntil,
        key: carryKey(id, 1),
      });
    }
    const created = await repo.byId(id);
    if (!created) throw new Error(`subscription ${id} was not written`);
    return accrue(created);
  }

  /**
   * The end of a term: an active subscription renews from the personal account (the next plan if a
   * change waits), a cancelled one, or one that cannot be paid by the end, expires.
   */
  async function endTerm(subscription: SubscriptionRow): Promise<SubscriptionRow> {
    const now = deps.now();
    if (!subscription.paidUntil) return subscription;
    if (subscription.state === 'active') {
      const plan = await planOf(subscription.nextPlanId ?? subscription.planId);
      const period = subscription.nextPeriod ?? subscription.period;
      const amount = priceOf(plan, period, subscription.currency);
      const key = `renewal:${subscription.id}:${subscription.term + 1}`;
      if (amount !== null && (await payFromPersonalAccount(subscription, amount, key))) {
        return extend(subscription, { key, plan, period, amount, currency: subscription.currency });
      }
    }
    if (subscription.paidUntil > now) return subscription;
    subscriptionStateMachine.transition(subscription.state, 'expired');
    return repo.update(subscription.id, {
      state: 'expired',
      endedAt: subscription.paidUntil,
      nextAccrualAt: null,
      updatedAt: now,
    });
  }

  /** Takes a renewal's price from the personal account in its currency; false when it holds less. */
  async function payFromPersonalAccount(subscription: SubscriptionRow, amount: number, key: string) {
    if (amount === 0) return true;
    try {
      await deps.ledger.debit({
        account: moneyAccount(subscription.userId, subscription.currency),
        amount,
        key,
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') return false;
      throw error;
    }
  }

  async function ownLive(userId: string, id: string): Promise<SubscriptionRow> {
    const subscription = await repo.byId(id, true);
    if (!subscription || subscription.userId !== userId) throw new DomainError('NOT_FOUND');
    return subscription;
  }

  async function present(subscription: SubscriptionRow, language: Language): Promise<Subscription> {
    const planIds = [subscription.planId, ...(subscription.nextPlanId ? [subscription.nextPlanId] : [])];
    const plans = await repo.plansByIds(planIds);
    const offers = await deps.catalog.offersByIds(
      plans.map((plan) => plan.tradeOfferId),
      {
        language,
        currency: { id: subscription.currency, characterCode: subscription.currency },
        userId: null,
      },
    );
    const nameOf = (planId: string | null) => {
      const plan = plans.find((candidate) => candidate.id === planId);
      return offers.find((offer) => offer.id === plan?.tradeOfferId)?.product.name ?? planId;
    };
    const live = subscription.state === 'active' || subscription.state === 'cancelled';
    const { lots } = live
      ? await deps.ledger.balance(litreAccount(subscription.userId))
      : { lots: [] as Array<{ key: string; rest: number }> };
    const nextPlan = plans.find((plan) => plan.id === (subscription.nextPlanId ?? subscription.planId));
    const renewalAmount =
      subscription.period === 'forever' || !nextPlan
        ? null
        : priceOf(nextPlan, subscription.nextPeriod ?? subscription.period, subscription.currency);
    const plan = plans.find((candidate) => candidate.id === subscription.planId);
    return {
      id: subscription.id,
      planId: subscription.planId,
      planName: nameOf(subscription.planId) ?? subscription.planId,
      litresPerMonth: plan?.litresPerMonth ?? 0,
      validityPeriodId: periodId(subscription.period),
      stateId: `subscription_states.${subscription.state}`,
      startedAt: subscription.startedAt.toISOString(),
      expiresAt: subscription.paidUntil?.toISOString() ?? null,
      // A monthly term's next litres come with its renewal, at the end of the term.
      nextAccrualAt:
        (
          subscription.nextAccrualAt ?? (subscription.state === 'active' ? subscription.paidUntil : null)
        )?.toISOString() ?? null,
      litresLeft: lots
        .filter((lot) => lot.key.startsWith(planLotPrefix))
        .reduce((sum, lot) => sum + lot.rest, 0),
      nextPlanId: subscription.nextPlanId,
      nextPlanName: subscription.nextPlanId ? nameOf(subscription.nextPlanId) : null,
      nextValidityPeriodId: subscription.nextPeriod ? periodId(subscription.nextPeriod) : null,
      renewalAmount,
      currency: subscription.currency,
    };
  }

  return {
    present,

    /** The user's live subscription, or null. */
    async current(userId: string, language: Language): Promise<Subscription | null> {
      const subscription = await repo.liveOf(userId);
      return subscription ? present(subscription, language) : null;
    },

    /**
     * A paid order line of a plan: the same plan and period as the live subscription extends it by
     * a term from where it ends; any other plan or period replaces it now (an upgrade: its price was
     * lowered by the unused part of the old term in the cart); no live subscription starts one. Once
     * per order line.
     */
    async fulfil(purchase: PlanPurchase): Promise<void> {
      await deps.transactor.run(async () => {
        const { key } = purchase;
        if (await repo.termByKey(key)) return;
        const [plan] = await repo.plansByProductIds([purchase.productId]);
        if (!plan) throw new Error(`product ${purchase.productId} is not a subscription plan`);
        const live = await repo.liveOf(purchase.userId, true);
        const term = {
          key,
          plan,
          period: purchase.period,
          amount: purchase.amountMinor,
          currency: purchase.currency,
        };
        if (live && live.planId === plan.id && live.period === purchase.period && live.paidUntil) {
          await extend(live, term);
        } else {
          await start({ userId: purchase.userId, replacing: live, ...term });
        }
      });
    },

    /**
     * Starts a plan given by a code (a pin code or a gift card; nothing is paid), or extends the same
     * plan and period by a term. While another plan, or the same plan for another period, runs it is
     * refused with PIN_CODE_PLAN_CONFLICT: a code never ends a term someone paid for.
     */
    async activate(input: { userId: string; productId: string; period: 'month' | 'year'; key: string }) {
      await deps.transactor.run(async () => {
        if (await repo.termByKey(input.key)) return;
        const [plan] = await repo.plansByProductIds([input.productId]);
        if (!plan) throw new Error(`product ${input.productId} is not a subscription plan`);
        const live = await repo.liveOf(input.userId, true);
        if (live && !(live.planId === plan.id && live.period === input.period && live.paidUntil)) {
          throw new DomainError('PIN_CODE_PLAN_CONFLICT');
        }
        const currency = live?.currency ?? (Object.keys(plan.periods[0]?.prices ?? {})[0] || 'RUB');
        const term = { key: input.key, plan, period: input.period, amount: 0, currency };
        if (live) await extend(live, term);
        else await start({ userId: input.userId, replacing: null, ...term });
      });
    },

    /** The name of the plan sold as a catalogue product, in a language; null when it is no plan. */
    async planName(productId: string, language: Language): Promise<string | null> {
      const [plan] = await repo.plansByProductIds([productId]);
      if (!plan) return null;
      const [offer] = await deps.catalog.offersByIds([plan.tradeOfferId], {
        language,
        currency: { id: 'RUB', characterCode: 'RUB' },
        userId: null,
      });
      return offer?.product.name ?? null;
    },

    /**
     * A plan's price for a period in a currency (null: not sold so) and the credit of the buyer's
     * live subscription it would replace (the unused part of its term, in the same currency; none
     * when the same plan and period renews it); null when the product is not a plan.
     */
    async quote(input: {
      userId: string;
      productId: string;
      validityPeriodId: string | null;
      currency: string;
    }): Promise<{ price: number | null; credit: number } | null> {
      const [plan] = await repo.plansByProductIds([input.productId]);
      if (!plan) return null;
      const period = input.validityPeriodId ? storedPeriod(input.validityPeriodId) : null;
      const price = period ? priceOf(plan, period, input.currency) : null;
      if (price === null || !period) return { price, credit: 0 };
      const live = await repo.liveOf(input.userId);
      const renews = live?.planId === plan.id && live.period === period && live.paidUntil !== null;
      const credit = !live || renews || live.currency !== input.currency ? 0 : unusedCredit(live, deps.now());
      return { price, credit: Math.min(credit, price) };
    },

    /**
     * The refund of the order line that paid for a term. When that term is the user's live
     * subscription's current one, the subscription ends now, its plan litres are taken back (what
     * is left of them), and the answer is the term's unused share: the smaller of the share
     * of its time ahead and the share of its litres neither spent nor credited yet. A forever plan
     * counts its first month's litres only: after them it is used. Any other term (passed, credited
     * against an upgrade, paid ahead of the current one) answers 0 and changes nothing. Once: the
     * ended subscription is no longer live.
     */
    async refundTerm(input: { userId: string; key: string }): Promise<{ unused: number; of: number }> {
      return deps.transactor.run(async () => {
        const term = await repo.termByKey(input.key);
        const live = await repo.liveOf(input.userId, true);
        if (!term || !live || term.subscriptionId !== live.id || term.term !== live.term) {
          return { unused: 0, of: 1 };
        }
        const now = deps.now();
        const plan = await planOf(live.planId);
        const account = litreAccount(live.userId);
        const ownLots = [`plan:accrual:${live.id}:`, `plan:carry:${live.id}:`];
        const lots = (await deps.ledger.balance(account)).lots.filter((lot) =>
          ownLots.some((prefix) => lot.key.startsWith(prefix)),
        );
        // The term's own accruals: those that fall within it (the carried litres were paid before).
        const inTerm = (n: number) => {
          const at = addMonths(live.anchorAt, n);
          return at >= live.termStartedAt && (live.paidUntil === null || at < live.paidUntil);
        };
        let credited = 0;
        let left = 0;
        for (let n = 0; n < live.accruals; n++) {
          if (!inTerm(n)) continue;
          credited += 1;
          left += lots.find((lot) => lot.key === accrualKey(live.id, n))?.rest ?? 0;
        }
        let share: { unused: number; of: number };
        if (live.paidUntil === null) {
          share = credited <= 1 ? { unused: left, of: plan.litresPerMonth } : { unused: 0, of: 1 };
        } else {
          const months = monthsOf[live.period] ?? 1;
          const litres = {
            unused: (months - credited) * plan.litresPerMonth + left,
            of: months * plan.litresPerMonth,
          };
          const time = {
            unused: Math.max(0, live.paidUntil.getTime() - now.getTime()),
            of: live.paidUntil.getTime() - live.termStartedAt.getTime(),
          };
          // The smaller of the two (compared crosswise: integers, exact).
          share = litres.unused * time.of <= time.unused * litres.of ? litres : time;
        }
        for (const lot of lots) {
          await deps.ledger.takeBack({ lotKey: lot.key, key: `refund:${lot.key}` });
        }
        subscriptionStateMachine.transition(live.state, 'expired');
        await repo.update(live.id, { state: 'expired', endedAt: now, nextAccrualAt: null, updatedAt: now });
        return { unused: Math.min(share.unused, share.of), of: share.of };
      });
    },

    /** Cancels: the subscription runs to the end of its paid term and does not renew. */
    async cancel(userId: string, id: string, language: Language): Promise<Subscription> {
      const subscription = await deps.transactor.run(async () => {
        const found = await ownLive(userId, id);
        if (found.state === 'cancelled') return found;
        if (found.period === 'forever' || !subscriptionStateMachine.can(found.state, 'cancelled')) {
          throw new DomainError('SUBSCRIPTION_CHANGE_REFUSED', { details: { state: found.state } });
        }
        return repo.update(id, { state: 'cancelled', updatedAt: deps.now() });
      });
      return present(subscription, language);
    },

    /** Takes a cancellation back before the term ends. */
    async resume(userId: string, id: string, language: Language): Promise<Subscription> {
      const subscription = await deps.transactor.run(async () => {
        const found = await ownLive(userId, id);
        if (found.state === 'active') return found;
        if (!subscriptionStateMachine.can(found.state, 'active')) {
          throw new DomainError('SUBSCRIPTION_CHANGE_REFUSED', { details: { state: found.state } });
        }
        return repo.update(id, { state: 'active', updatedAt: deps.now() });
      });
      return present(subscription, language);
    },

    /**
     * A downgrade (a plan with fewer litres) or another period of the same plan, from the next
     * term; asking for the current plan and period takes a waiting change back. A bigger plan is
     * an upgrade: it is bought through the cart and starts at once.
     */
    async changePlan(
      userId: string,
      id: string,
      request: { planId: string; period: ValidityPeriod },
      language: Language,
    ): Promise<Subscription> {
      const subscription = await deps.transactor.run(async () => {
        const found = await ownLive(userId, id);
        const refuse = (reason: string) =>
          new DomainError('SUBSCRIPTION_CHANGE_REFUSED', { details: { reason } });
        if (found.state !== 'active' && found.state !== 'cancelled') throw refuse('ended');
        if (found.period === 'forever' || request.period === 'forever') throw refuse('forever');
        // One after another: inside the transaction both would wait for its one connection anyway.
        const current = await planOf(found.planId);
        const [plan] = await repo.plansByIds([request.planId]);
        if (!plan?.active) throw new DomainError('NOT_FOUND', { details: { field: 'planId' } });
        if (priceOf(plan, request.period, found.currency) === null) throw refuse('not_sold_in_currency');
        if (plan.litresPerMonth > current.litresPerMonth) throw refuse('upgrade_through_cart');
        const same = plan.id === found.planId && request.period === found.period;
        return repo.update(id, {
          nextPlanId: same ? null : plan.id,
          nextPeriod: same ? null : request.period,
          // Choosing what comes next is choosing to go on.
          state: 'active',
          updatedAt: deps.now(),
        });
      });
      return present(subscription, language);
    },

    /**
     * The scheduler's run: credits the accruals due and ends (renews or expires) the terms due.
     * Each subscription is handled under its row lock in a transaction of its own, so a run that
     * overlaps another, or that catches up after the server was off, posts each accrual once.
     */
    async runDue(): Promise<{ accrued: number; renewed: number; expired: number }> {
      const now = deps.now();
      const counts = { accrued: 0, renewed: 0, expired: 0 };
      for (const id of await repo.dueTermEnds(new Date(now.getTime() + subscriptionPolicy.renewAheadMs))) {
        await deps.transactor.run(async () => {
          const subscription = await repo.byId(id, true);
          if (!subscription?.paidUntil || !['active', 'cancelled'].includes(subscription.state)) return;
          if (subscription.paidUntil.getTime() - subscriptionPolicy.renewAheadMs > now.getTime()) return;
          const ended = await endTerm(subscription);
          if (ended.state === 'expired') counts.expired += 1;
          else if (ended.term > subscription.term) counts.renewed += 1;
        });
      }
      for (const id of await repo.dueAccruals(now)) {
        await deps.transactor.run(async () => {
          const subscription = await repo.byId(id, true);
          if (!subscription || !['active', 'cancelled'].includes(subscription.state)) return;
          const accrued = await accrue(subscription);
          counts.accrued += accrued.accruals - subscription.accruals;
        });
      }
      return counts;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
