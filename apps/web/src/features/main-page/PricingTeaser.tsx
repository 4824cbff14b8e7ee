import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { SectionHeading } from './SectionHeading.tsx';

/** The litre in three facts: free litres every month, a litre per full-size image, free previews. */
export function PricingTeaser() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const facts = [
    {
      value: String(uiConstants.freeLitresPerMonth),
      label: t('main.pricing.free', { count: uiConstants.freeLitresPerMonth }),
    },
    { value: t('litres.short', { count: uiConstants.litreCostFull }), label: t('main.pricing.litre') },
    { value: '0', label: t('main.pricing.previews') },
  ];
  return (
    <section aria-labelledby="pricing-title" className="py-20 sm:py-24">
      <Container className="grid items-center gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading
            id="pricing-title"
            align="left"
            eyebrow={t('main.pricing.eyebrow')}
            title={t('main.pricing.title')}
            text={t('main.pricing.text')}
          />
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={to(paths.pricing)} size="lg">
              {t('main.pricing.cta')}
            </ButtonLink>
            <ButtonLink to={to(paths.removeBackground)} variant="secondary" size="lg">
              {t('main.pricing.try')}
            </ButtonLink>
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-3 lg:col-span-3">
          {facts.map((fact) => (
            <div
              key={fact.label}
              className="flex flex-row-reverse items-center justify-end gap-5 rounded-3xl border border-violet-100 bg-gradient-to-b from-violet-50 to-white px-6 py-5 sm:flex-col-reverse sm:items-start sm:justify-end sm:gap-3 sm:p-7"
            >
              <dt className="text-sm leading-relaxed text-slate-600">{fact.label}</dt>
              <dd className="w-16 shrink-0 text-4xl font-extrabold tracking-tight text-violet-700 sm:w-auto">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
