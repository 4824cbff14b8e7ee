import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from './SectionTitle.tsx';

/** The questions, in the order a buyer asks them; each is `pricing.faq.<id>.question` / `.answer`. */
const questions = [
  'litre',
  'previews',
  'free',
  'rollover',
  'cancel',
  'change',
  'api',
  'refund',
  'payment',
] as const;

/** Frequently asked questions as native disclosure widgets (keyboard and screen readers for free). */
export function PricingFaq() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto mt-20 max-w-3xl sm:mt-24">
      <SectionTitle id="pricing-faq" title={t('pricing.faq.title')} />
      <div className="mt-8 divide-y divide-slate-200 rounded-3xl border border-slate-200 bg-white shadow-sm">
        {questions.map((id) => (
          <details key={id} className="group px-5 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {t(`pricing.faq.${id}.question`)}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-400 transition group-open:rotate-180"
              />
            </summary>
            <p className="pb-5 leading-relaxed text-slate-600">{t(`pricing.faq.${id}.answer`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
