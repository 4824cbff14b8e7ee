import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { type BillingPeriod, billingPeriods } from './plan-pricing.ts';

/**
 * Monthly / Yearly as a segmented control. Native radios under the hood: arrow keys move the
 * choice and Tab leaves the group, as a radiogroup should.
 */
export function PeriodSwitch({
  value,
  onChange,
  saving,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  /** The yearly saving in percent; no badge when 0. */
  saving: number;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('pricing.period.label')}
      className="inline-flex rounded-2xl border border-slate-200 bg-white p-1 shadow-sm"
    >
      {billingPeriods.map((period) => {
        const checked = value === period;
        return (
          <label
            key={period}
            className={clsx(
              'relative flex h-11 cursor-pointer items-center gap-2 rounded-xl px-4 text-sm font-semibold transition sm:px-5',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 has-[:focus-visible]:ring-offset-2',
              checked ? 'bg-violet-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name="billing-period"
              value={period}
              checked={checked}
              onChange={() => onChange(period)}
              className="sr-only"
            />
            {t(`pricing.period.${period}`)}
            {period === 'year' && saving > 0 && (
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  checked ? 'bg-white/20 text-white' : 'bg-emerald-100 text-emerald-700',
                )}
              >
                {t('pricing.period.save', { percent: saving })}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
