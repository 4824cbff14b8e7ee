import { Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { Container } from '../../shared/ui/container.tsx';
import { BeforeAfterVisual } from './BeforeAfterVisual.tsx';
import { UploadDropZone } from './UploadDropZone.tsx';

export function Hero() {
  const { t } = useTranslation();
  const perks = [
    t('main.hero.perkPreviews'),
    t('main.hero.perkFree', { count: uiConstants.freeLitresPerMonth }),
    t('main.hero.perkFormats'),
  ];
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-violet-50 via-white to-white"
      />
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-200/50 via-indigo-200/40 to-fuchsia-200/40 blur-3xl"
      />
      <Container className="grid items-center gap-12 pt-12 pb-10 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:pt-20 lg:pb-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-white/80 px-3.5 py-1.5 text-sm font-medium text-violet-700 shadow-sm">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('main.hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-slate-900 text-balance sm:text-5xl lg:text-6xl"
          >
            {t('main.hero.titleStart')}{' '}
            <span className="bg-gradient-to-r from-violet-600 to-indigo-600 bg-clip-text text-transparent">
              {t('main.hero.titleAccent')}
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600 text-pretty">
            {t('main.hero.subtitle')}
          </p>
          <div className="mt-8 max-w-xl">
            <UploadDropZone />
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-emerald-500" />
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <BeforeAfterVisual />
      </Container>
    </section>
  );
}
