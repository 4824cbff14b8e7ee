import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  ArrowDownRight,
  CalendarClock,
  CalendarX,
  Droplets,
  type LucideIcon,
  RotateCcw,
  Sparkles,
  Wallet,
  XCircle,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import { FeedbackForm } from '../../shared/forms/FeedbackForm.tsx';
import { personalAccountApi, personalAccountQueryKeys } from '../../shared/payments/personal-account-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useSession } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { storeOption } from '../../shared/store-info/store-options.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Card } from './Card.tsx';
import { CardError, CardSkeleton } from './CardLoadState.tsx';
import { type Subscription, useCurrentSubscription, useSubscriptionAction } from './subscription-api.ts';

const periodKeys = {
  'validity_periods.month': 'month',
  'validity_periods.year': 'year',
  'validity_periods.forever': 'forever',
} as const;

/**
 * The signed-in user's plan: its litres, when it renews or ends, the next accrual and a waiting
 * downgrade; change (on the pricing page), cancel (asked first) or resume it.
 */
export function SubscriptionCard() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const current = useCurrentSubscription();
  return (
    <Card title={t('accountPlans.subscription.title')} description={t('accountPlans.subscription.text')}>
      {current.isPending ? (
        <CardSkeleton label={t('accountPlans.loading')} />
      ) : current.isError ? (
        <CardError error={current.error} onRetry={() => void current.refetch()} />
      ) : current.data ? (
        <SubscriptionDetails subscription={current.data} />
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-3 text-sm text-slate-700">
            <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-600" />
            {t('accountPlans.subscription.none')}
          </p>
          <ButtonLink to={to(paths.pricing)} size="sm" className="shrink-0">
            {t('accountPlans.subscription.seePlans')}
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatAmount = useFormatAmount();
  const cancelled = subscription.stateId === 'subscription_states.cancelled';
  const live = cancelled || subscription.stateId === 'subscription_states.active';
  const endDate = subscription.expiresAt ? formatDate(subscription.expiresAt) : null;
  // The renewal is of the plan and period to come (a waiting change), at its price for that period.
  const renewalPeriod = periodKeys[subscription.nextValidityPeriodId ?? subscription.validityPeriodId];
  const price =
    subscription.renewalAmount === null
      ? null
      : t(`accountPlans.subscription.price.${renewalPeriod}`, {
          amount: formatAmount(subscription.renewalAmount, subscription.currency),
        });

  const facts: { icon: LucideIcon; text: string }[] = [];
  if (!endDate) facts.push({ icon: CalendarClock, text: t('accountPlans.subscription.forever') });
  else if (cancelled || !live || subscription.renewalAmount === null)
    facts.push({ icon: CalendarX, text: t('accountPlans.subscription.ends', { date: endDate }) });
  else
    facts.push({
      icon: CalendarClock,
      text: t('accountPlans.subscription.renews', { date: endDate, price: price ?? '' }),
    });
  if (subscription.nextAccrualAt)
    facts.push({
      icon: Droplets,
      text: t('accountPlans.subscription.nextAccrual', { date: formatDate(subscription.nextAccrualAt) }),
    });
  // A cancelled subscription ends with its term: no plan comes next, whatever the server still holds.
  if (subscription.nextPlanName && endDate && !cancelled)
    facts.push({
      icon: ArrowDownRight,
      text: t(
        price === null ? 'accountPlans.subscription.nextPlanNoPrice' : 'accountPlans.subscription.nextPlan',
        {
          date: endDate,
          plan: subscription.nextPlanName,
          billing: t(`accountPlans.subscription.billing.${renewalPeriod}`),
          price,
        },
      ),
    });

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-xl font-bold tracking-tight text-slate-900">{subscription.planName}</h3>
            <StateBadge subscription={subscription} />
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {t('accountPlans.subscription.litresPerMonth', { count: subscription.litresPerMonth })}
            {' · '}
            {t(`accountPlans.subscription.period.${periodKeys[subscription.validityPeriodId]}`)}
          </p>
        </div>
        <div className="shrink-0 rounded-2xl bg-violet-50 px-4 py-3 sm:min-w-44 sm:text-right">
          <p className="text-sm font-medium text-violet-900">{t('accountPlans.subscription.litresLeft')}</p>
          <p className="mt-0.5 text-2xl font-bold text-slate-900">
            {t('litres.short', { count: subscription.litresLeft })}
          </p>
        </div>
      </div>

      <ul className="mt-6 grid gap-2.5">
        {facts.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2.5 text-sm text-slate-700">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-600" />
            {text}
          </li>
        ))}
      </ul>

      <p className="mt-4 text-sm leading-relaxed text-slate-500">
        {t('accountPlans.subscription.rollover')}{' '}
        {endDate && live
          ? cancelled
            ? t('accountPlans.subscription.cancelledNote', { date: endDate })
            : t('accountPlans.subscription.renewalNote', { date: endDate })
          : null}
      </p>

      {endDate && live && !cancelled && subscription.renewalAmount !== null && (
        <RenewalShortfall
          subscription={subscription}
          renewalAmount={subscription.renewalAmount}
          date={endDate}
        />
      )}

      <SubscriptionActions subscription={subscription} endDate={endDate} />
    </div>
  );
}

/**
 * A warning while the personal account holds less than the renewal costs: it renews from there a
 * day ahead, and without the money the plan ends with its term (the renewal is not charged anywhere
 * else). Nothing shows where the store has no personal account, or while its balance loads.
 */
function RenewalShortfall({
  subscription,
  renewalAmount,
  date,
}: {
  subscription: Subscription;
  renewalAmount: number;
  date: string;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formatAmount = useFormatAmount();
  const info = useStoreInfo();
  const { userId } = useSession();
  const allowed = storeOption(info, 'AllowPersonalAccount') === true;
  const account = useQuery({
    queryKey: personalAccountQueryKeys.of({ userId, currency: info.currency.characterCode }),
    queryFn: ({ signal }) => personalAccountApi.fetch(signal),
    enabled: allowed,
  });
  if (!allowed || !account.data) return null;
  // The renewal is charged in the subscription's currency, whichever one the site shows now.
  const { balance, otherBalances = [] } = account.data;
  const held =
    [balance, ...otherBalances].find((money) => money.currency === subscription.currency)?.amountMinor ?? 0;
  if (held >= renewalAmount) return null;
  return (
    <div
      role="note"
      className="mt-4 flex flex-col items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2.5 text-sm text-amber-900">
        <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('accountPlans.subscription.shortfall', {
          balance: formatAmount(held, subscription.currency),
          price: formatAmount(renewalAmount, subscription.currency),
          date,
        })}
      </p>
      <ButtonLink to={to(paths.personalAccount)} size="sm" variant="secondary" className="shrink-0">
        {t('accountPlans.subscription.topUp')}
      </ButtonLink>
    </div>
  );
}

function StateBadge({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const state =
    subscription.stateId === 'subscription_states.active'
      ? 'active'
      : subscription.stateId === 'subscription_states.cancelled'
        ? 'cancelled'
        : 'ended';
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        state === 'active' && 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
        state === 'cancelled' && 'bg-amber-50 text-amber-800 ring-amber-600/25',
        state === 'ended' && 'bg-slate-100 text-slate-600 ring-slate-500/20',
      )}
    >
      {t(`accountPlans.subscription.state.${state}`)}
    </span>
  );
}

function SubscriptionActions({
  subscription,
  endDate,
}: {
  subscription: Subscription;
  endDate: string | null;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const [confirming, setConfirming] = useState(false);
  // Right after cancelling, the subscription feedback form asks why (SPEC §2.5); once, not on every visit.
  const [askWhy, setAskWhy] = useState(false);
  // Cancelled, the Cancel button gives way to Resume: the focus goes there, not to the page.
  const resumeButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  const cancel = useSubscriptionAction('cancel', () => {
    cancelled.current = true;
    setConfirming(false);
    setAskWhy(true);
  });
  const resume = useSubscriptionAction('resume');
  const canCancel = subscription.stateId === 'subscription_states.active' && endDate !== null;
  const canResume = subscription.stateId === 'subscription_states.cancelled';
  useEffect(() => {
    if (canResume && cancelled.current) resumeButton.current?.focus();
  }, [canResume]);
  return (
    <>
      <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-100 pt-6">
        {canResume && (
          <Button
            ref={resumeButton}
            size="sm"
            onClick={() => resume.mutate(subscription.id)}
            disabled={resume.isPending}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('accountPlans.subscription.resume.button')}
          </Button>
        )}
        <ButtonLink to={to(paths.pricing)} variant="secondary" size="sm">
          {t('accountPlans.subscription.changePlan')}
        </ButtonLink>
        {canCancel && (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={{ label: t('accountPlans.subscription.cancel.button'), icon: XCircle }}
            title={t('accountPlans.subscription.cancel.title', { plan: subscription.planName })}
            text={t('accountPlans.subscription.cancel.text', { date: endDate })}
            cancelLabel={t('accountPlans.subscription.cancel.keep')}
            confirmLabel={t('accountPlans.subscription.cancel.confirm')}
            onConfirm={() => cancel.mutate(subscription.id)}
            pending={cancel.isPending}
            returnFocusTo={() => (cancelled.current ? resumeButton.current : null)}
          />
        )}
      </div>
      {askWhy && canResume && (
        <FeedbackForm
          formId="subscription-feedback"
          variant="plain"
          className="mt-6 border-t border-slate-100 pt-6"
        />
      )}
    </>
  );
}
