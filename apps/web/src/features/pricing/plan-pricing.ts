import type { PlanOption, PlanPeriodItem, PlanProductItem, Subscription } from './pricing-api.ts';

/** The billing periods the switch offers; 'forever' is a line of its own on the card that has it. */
export const billingPeriods = ['month', 'year'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** The URL's `plan` param ('year' / 'month'); anything else is the monthly view. */
export function billingPeriodFrom(param: string | null): BillingPeriod {
  return param === 'year' ? 'year' : 'month';
}

export const periodIdOf = (period: BillingPeriod | 'forever') => `validity_periods.${period}` as const;

export function periodItem(plan: PlanProductItem, period: BillingPeriod | 'forever'): PlanPeriodItem | null {
  return plan.periodItemList.find((item) => item.validityPeriodId === periodIdOf(period)) ?? null;
}

/** The plans priced for a period, smallest first (by priority, then litres). */
export function plansFor(plans: readonly PlanProductItem[], period: BillingPeriod): PlanProductItem[] {
  return plans
    .filter((plan) => periodItem(plan, period))
    .sort((a, b) => a.priority - b.priority || a.quantity - b.quantity);
}

/** The best yearly saving on offer, for the switch's badge (0 when there is none). */
export function bestSaving(plans: readonly PlanProductItem[]): number {
  return Math.max(0, ...plans.map((plan) => periodItem(plan, 'year')?.discountPercent ?? 0));
}

/**
 * What a plan's button does for this viewer: a visitor or a user without a subscription buys it; with
 * one, a bigger plan is an upgrade (bought through the cart, now), a smaller one a downgrade and the
 * same plan for another period a switch (both changePlan, from the next term). While a change waits,
 * the current plan and period offer to keep them ('keep': changePlan to them takes the change back);
 * a cancelled subscription has no change waiting, whatever the server still holds.
 */
export type PlanAction = 'buy' | 'upgrade' | 'downgrade' | 'switch' | 'current' | 'keep' | 'scheduled';

export function planAction(options: {
  plan: PlanProductItem;
  validityPeriodId: PlanPeriodItem['validityPeriodId'];
  subscription: Subscription | null;
  plans: readonly PlanProductItem[];
}): PlanAction {
  const { plan, validityPeriodId, subscription, plans } = options;
  if (!subscription) return 'buy';
  const waiting =
    subscription.stateId !== 'subscription_states.cancelled' && subscription.nextPlanId !== null;
  if (
    waiting &&
    subscription.nextPlanId === plan.id &&
    subscription.nextValidityPeriodId === validityPeriodId
  )
    return 'scheduled';
  if (plan.id === subscription.planId && validityPeriodId === subscription.validityPeriodId)
    return waiting ? 'keep' : 'current';
  if (plan.id === subscription.planId) return 'switch';
  const current = plans.find((candidate) => candidate.id === subscription.planId);
  const bigger = current
    ? plan.quantity > current.quantity ||
      (plan.quantity === current.quantity && plan.priority > current.priority)
    : plan.quantity > subscription.litresPerMonth;
  return bigger ? 'upgrade' : 'downgrade';
}

/** A price per litre in minor units (fractional: formatting rounds it). */
export const perLitre = (amountMinor: number, litres: number) => (litres > 0 ? amountMinor / litres : null);

/** One cell of the comparison table: a tick or a dash for a boolean, a text otherwise. */
export type OptionCell = { kind: 'boolean'; value: boolean } | { kind: 'text'; value: string };

export function optionCell(option: PlanOption, plan: PlanProductItem, language: string): OptionCell {
  const raw = plan.optionItems.find((item) => item.optionId === option.id)?.value ?? option.valueAtZero;
  if (option.typeId === 'value_types.boolean') return { kind: 'boolean', value: raw === 'true' };
  if (raw === null || raw === '') return { kind: 'text', value: '—' };
  if (option.typeId === 'value_types.number' && Number.isFinite(Number(raw)))
    return { kind: 'text', value: new Intl.NumberFormat(language).format(Number(raw)) };
  return { kind: 'text', value: raw };
}

/** The comparison rows, lower priority first. */
export const sortedOptions = (options: readonly PlanOption[]) =>
  [...options].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
