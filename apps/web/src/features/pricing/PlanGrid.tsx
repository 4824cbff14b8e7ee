import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { PlanCard, type PlanChoice } from './PlanCard.tsx';
import { type BillingPeriod, periodIdOf, planAction } from './plan-pricing.ts';
import type { PlanOption, PlanProductItem, Subscription } from './pricing-api.ts';
import { useBillingTerms } from './use-pricing.ts';

/** Columns for as many plans as there are: a row on a desktop, one column on a phone. */
const columns: Record<number, string> = {
  1: 'mx-auto max-w-sm',
  2: 'sm:grid-cols-2 mx-auto max-w-3xl',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** The plans of a period, with the viewer's subscription over them when there is one. */
export function PlanGrid({
  plans,
  allPlans,
  options,
  period,
  currency,
  subscription,
  onChoose,
  busy,
}: {
  plans: readonly PlanProductItem[];
  allPlans: readonly PlanProductItem[];
  options: readonly PlanOption[];
  period: BillingPeriod;
  currency: string;
  subscription: Subscription | null;
  onChoose: (choice: PlanChoice) => void;
  busy: boolean;
}) {
  return (
    <>
      {subscription && <SubscriptionNote subscription={subscription} />}
      <div
        className={clsx(
          'grid grid-cols-1 gap-x-4 gap-y-8 pt-3 xl:gap-x-3',
          columns[plans.length] ?? 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5',
        )}
      >
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            options={options}
            period={period}
            currency={currency}
            isCurrent={isCurrentPlan(plan, period, subscription)}
            actionFor={(validityPeriodId) =>
              planAction({ plan, validityPeriodId, subscription, plans: allPlans })
            }
            onChoose={onChoose}
            busy={busy}
          />
        ))}
      </div>
    </>
  );
}

/**
 * Whether the card is the viewer's subscription: its plan in its period (a monthly plan is not
 * the yearly card of the same plan, which offers to switch to it); a plan bought forever is its
 * plan's card in either period.
 */
function isCurrentPlan(plan: PlanProductItem, period: BillingPeriod, subscription: Subscription | null) {
  if (subscription?.planId !== plan.id) return false;
  return (
    subscription.validityPeriodId === periodIdOf('forever') ||
    subscription.validityPeriodId === periodIdOf(period)
  );
}

/** The viewer's subscription in a line: its plan, the litres left and what comes next. */
function SubscriptionNote({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const billingTerms = useBillingTerms();
  const cancelled = subscription.stateId === 'subscription_states.cancelled';
  return (
    <p className="mx-auto mb-8 max-w-3xl rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-3 text-center text-sm text-emerald-900">
      {t('pricing.subscription.current', { plan: subscription.planName, count: subscription.litresLeft })}
      {/* A cancelled subscription ends with its term: nothing comes next. */}
      {subscription.nextPlanName && !cancelled && (
        <>
          {' '}
          {t('pricing.subscription.next', {
            plan: subscription.nextPlanName,
            billing: billingTerms(subscription),
          })}
        </>
      )}
      {cancelled && <> {t('pricing.subscription.cancelled')}</>}
    </p>
  );
}
