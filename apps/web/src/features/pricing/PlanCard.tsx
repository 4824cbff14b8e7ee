import { clsx } from 'clsx';
import { Check, Infinity as InfinityIcon, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import {
  type BillingPeriod,
  optionCell,
  type PlanAction,
  periodItem,
  perLitre,
  sortedOptions,
} from './plan-pricing.ts';
import type { PlanOption, PlanPeriodItem, PlanProductItem } from './pricing-api.ts';
import { useFormatMinor } from './use-pricing.ts';

export interface PlanChoice {
  plan: PlanProductItem;
  validityPeriodId: PlanPeriodItem['validityPeriodId'];
  action: PlanAction;
}

/** The button text of each action; 'current' and 'scheduled' are disabled. */
const actionKeys: Record<PlanAction, string> = {
  buy: 'pricing.plan.subscribe',
  upgrade: 'pricing.plan.upgrade',
  downgrade: 'pricing.plan.downgrade',
  switch: 'pricing.plan.switch',
  current: 'pricing.plan.currentAction',
  keep: 'pricing.plan.keep',
  scheduled: 'pricing.plan.scheduled',
};

/**
 * One plan: litres a month, the price a month in the chosen period (a year shows its monthly
 * equivalent, the yearly total and the undiscounted total), the price of a litre and its button.
 */
export function PlanCard({
  plan,
  options,
  period,
  currency,
  isCurrent,
  actionFor,
  onChoose,
  busy,
}: {
  plan: PlanProductItem;
  /** The options plans are compared by: the card lists what this plan has of them. */
  options: readonly PlanOption[];
  period: BillingPeriod;
  currency: string;
  /** The viewer's current plan. */
  isCurrent: boolean;
  actionFor: (validityPeriodId: PlanPeriodItem['validityPeriodId']) => PlanAction;
  onChoose: (choice: PlanChoice) => void;
  /** Whether a choice is being sent (every button waits). */
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatMinor();
  const titleId = useId();
  const item = periodItem(plan, period);
  const forever = periodItem(plan, 'forever');
  if (!item) return null;
  const action = actionFor(item.validityPeriodId);
  const litrePrice = perLitre(item.monthlyAmount, plan.quantity);
  const highlighted = plan.featured;
  const included = includedLines(options, plan, i18n.language);

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm transition xl:p-5',
        highlighted
          ? 'border-violet-500 shadow-lg shadow-violet-600/10 ring-1 ring-violet-500'
          : isCurrent
            ? 'border-emerald-400 ring-1 ring-emerald-400'
            : 'border-slate-200 hover:border-slate-300 hover:shadow-md',
      )}
    >
      {(highlighted || isCurrent) && (
        <div className="absolute -top-3 left-6 flex gap-2">
          {isCurrent && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
              <Check aria-hidden="true" className="size-3.5" />
              {t('pricing.plan.current')}
            </span>
          )}
          {highlighted && (
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
              <Sparkles aria-hidden="true" className="size-3.5" />
              {t('pricing.plan.featured')}
            </span>
          )}
        </div>
      )}

      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-3">
        <span className="block text-4xl font-extrabold tracking-tight text-slate-900">{plan.quantity}</span>
        <span className="text-sm text-slate-600">
          {t('pricing.plan.litresPerMonth', { count: plan.quantity })}
        </span>
      </p>

      <div className="mt-5 border-t border-slate-100 pt-5">
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className="text-2xl font-bold tracking-tight text-slate-900">
            {format(item.monthlyAmount, currency)}
          </span>
          <span className="text-sm text-slate-500">{t('pricing.plan.perMonth')}</span>
        </p>
        {period === 'year' ? (
          <p className="mt-1 text-sm text-slate-600">
            {t('pricing.plan.billedYearly', { amount: format(item.amount, currency) })}
            {item.amountWithoutDiscount !== null && item.amountWithoutDiscount > item.amount && (
              <>
                {' '}
                <s aria-hidden="true" className="text-slate-400">
                  {format(item.amountWithoutDiscount, currency)}
                </s>
                <span className="sr-only">
                  {t('pricing.plan.withoutDiscount', {
                    amount: format(item.amountWithoutDiscount, currency),
                  })}
                </span>
              </>
            )}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t('pricing.plan.billedMonthly')}</p>
        )}
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          {litrePrice !== null && (
            <span className="font-medium text-slate-700">
              {t('pricing.plan.perLitre', { price: format(litrePrice, currency) })}
            </span>
          )}
          {item.discountPercent > 0 && (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
              {t('pricing.period.save', { percent: item.discountPercent })}
            </span>
          )}
        </p>
      </div>

      {included.length > 0 && (
        <ul className="mt-5 space-y-2 text-sm text-slate-700">
          {included.map((line) => (
            <li key={line} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {line}
            </li>
          ))}
        </ul>
      )}

      {/* The period's own button last, so that it lines up with the other cards' at the bottom. */}
      <div className="mt-auto pt-6">
        {forever && (
          <ForeverOffer
            plan={plan}
            item={forever}
            currency={currency}
            action={actionFor(forever.validityPeriodId)}
            onChoose={onChoose}
            busy={busy}
          />
        )}
        <Button
          className="w-full"
          variant={(highlighted && action === 'buy') || action === 'upgrade' ? 'primary' : 'secondary'}
          disabled={busy || action === 'current' || action === 'scheduled'}
          onClick={() => onChoose({ plan, validityPeriodId: item.validityPeriodId, action })}
        >
          {t(actionKeys[action])}
        </Button>
      </div>
    </article>
  );
}

/** The 'forever' period: paid once, litres every month for good. */
function ForeverOffer({
  plan,
  item,
  currency,
  action,
  onChoose,
  busy,
}: {
  plan: PlanProductItem;
  item: PlanPeriodItem;
  currency: string;
  action: PlanAction;
  onChoose: (choice: PlanChoice) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatMinor();
  return (
    <div className="mb-4 rounded-2xl bg-slate-50 p-3 text-sm">
      <p className="flex items-start gap-2 text-slate-700">
        <InfinityIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-600" />
        {t('pricing.plan.forever')}
      </p>
      <p className="mt-2 pl-6 font-semibold text-slate-900">{format(item.amount, currency)}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2 w-full"
        disabled={busy || action === 'current' || action === 'scheduled'}
        onClick={() => onChoose({ plan, validityPeriodId: item.validityPeriodId, action })}
      >
        {t(action === 'current' ? 'pricing.plan.currentAction' : 'pricing.plan.foreverBuy')}
      </Button>
    </div>
  );
}

/** What a plan has of the options, as lines: 'API access', 'Images a month: 100'; missing ones left out. */
function includedLines(options: readonly PlanOption[], plan: PlanProductItem, language: string): string[] {
  return sortedOptions(options).flatMap((option) => {
    const cell = optionCell(option, plan, language);
    if (cell.kind === 'boolean') return cell.value ? [option.name] : [];
    return cell.value === '—' || cell.value === '0' ? [] : [`${option.name}: ${afterColon(cell.value)}`];
  });
}

/**
 * A value written after a colon starts with a small letter ('Support: by e-mail'), as Russian asks;
 * the table shows it as a heading of its own. A word that is not a plain capitalised one (E-mail,
 * API) keeps its letters.
 */
function afterColon(value: string): string {
  return /^\p{Lu}\p{Ll}/u.test(value) ? value[0]?.toLocaleLowerCase() + value.slice(1) : value;
}
