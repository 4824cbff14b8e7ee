import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';

export function FinalCta() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="cta-title" className="py-20 sm:py-24">
      <Container>
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-gradient-to-br from-violet-600 via-violet-600 to-indigo-700 px-6 py-14 text-center shadow-xl shadow-violet-700/20 sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-fuchsia-400/30 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-24 -z-10 size-72 rounded-full bg-indigo-300/30 blur-3xl"
          />
          <h2
            id="cta-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-white text-balance sm:text-4xl"
          >
            {t('main.cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-violet-100 text-pretty">
            {t('main.cta.text')}
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink
              to={to(paths.removeBackground)}
              variant="inverse"
              size="lg"
              className="w-full sm:w-auto"
            >
              {t('main.cta.button')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ButtonLink to={to(paths.pricing)} variant="glass" size="lg" className="w-full sm:w-auto">
              {t('main.cta.pricing')}
            </ButtonLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
