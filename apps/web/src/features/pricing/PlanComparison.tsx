import { clsx } from 'clsx';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { optionCell, sortedOptions } from './plan-pricing.ts';
import type { PlanOption, PlanProductItem } from './pricing-api.ts';
import { SectionTitle } from './SectionTitle.tsx';

/**
 * Plans side by side: a row per option (by priority), a column per plan. On a phone the table
 * scrolls sideways inside its own box, never the page.
 */
export function PlanComparison({
  plans,
  options,
}: {
  plans: readonly PlanProductItem[];
  options: readonly PlanOption[];
}) {
  const { t, i18n } = useTranslation();
  if (options.length === 0 || plans.length === 0) return null;
  return (
    <section aria-labelledby="pricing-compare" className="mt-20 sm:mt-24">
      <SectionTitle
        id="pricing-compare"
        title={t('pricing.compare.title')}
        text={t('pricing.compare.text')}
      />
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        aria-label={t('pricing.compare.title')}
        className="mt-8 overflow-x-auto rounded-3xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-violet-500"
      >
        <table className="w-full min-w-[640px] border-collapse text-left text-sm">
          <caption className="sr-only">{t('pricing.compare.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th
                scope="col"
                className="sticky left-0 min-w-44 bg-white px-5 py-4 font-semibold text-slate-500"
              >
                {t('pricing.compare.option')}
              </th>
              {plans.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  className={clsx(
                    'min-w-32 px-4 py-4 text-center font-semibold text-slate-900',
                    plan.featured && 'bg-violet-50 text-violet-800',
                  )}
                >
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sortedOptions(options).map((option) => (
              <tr key={option.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="sticky left-0 bg-white px-5 py-3.5 font-medium text-slate-800">
                  {option.name}
                  {option.description && (
                    <span className="mt-0.5 block text-xs font-normal text-slate-500">
                      {option.description}
                    </span>
                  )}
                </th>
                {plans.map((plan) => {
                  const cell = optionCell(option, plan, i18n.language);
                  return (
                    <td
                      key={plan.id}
                      className={clsx(
                        'px-4 py-3.5 text-center text-slate-700',
                        plan.featured && 'bg-violet-50/60',
                      )}
                    >
                      {cell.kind === 'text' ? (
                        cell.value
                      ) : cell.value ? (
                        <Check
                          role="img"
                          aria-label={t('pricing.compare.included')}
                          className="mx-auto size-5 text-emerald-600"
                        />
                      ) : (
                        <Minus
                          role="img"
                          aria-label={t('pricing.compare.notIncluded')}
                          className="mx-auto size-5 text-slate-300"
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
