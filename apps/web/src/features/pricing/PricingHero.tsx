import { Eye, Gift, Image } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';

/** The page's title, the litre in one line and the three facts that make the price. */
export function PricingHero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const facts = [
    { icon: Image, text: t('pricing.hero.factLitre') },
    { icon: Eye, text: t('pricing.hero.factPreviews') },
    { icon: Gift, text: t('pricing.hero.factFree', { count: uiConstants.freeLitresPerMonth }) },
  ];
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold tracking-wide text-violet-600 uppercase">
        {t('pricing.hero.eyebrow')}
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {t('pricing.hero.title')}
      </h1>
      <p className="mt-4 text-base leading-relaxed text-pretty text-slate-600 sm:text-lg">
        {t('pricing.hero.text', { count: uiConstants.freeLitresPerMonth })}
      </p>
      {/* The line above says the same: the chips are for a wide screen. */}
      <ul className="mt-6 hidden flex-wrap justify-center gap-2 sm:flex">
        {facts.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="inline-flex items-center gap-2 rounded-full border border-violet-100 bg-white/80 px-3.5 py-1.5 text-sm text-slate-700"
          >
            <Icon aria-hidden="true" className="size-4 text-violet-600" />
            {text}
          </li>
        ))}
      </ul>
      {children && <div className="mt-8 flex justify-center">{children}</div>}
    </div>
  );
}
