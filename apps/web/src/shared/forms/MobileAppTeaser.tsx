import { Smartphone } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { Container } from '../ui/container.tsx';
import { ComingSoonBadges } from './ComingSoonBadges.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import { PhoneIllustration } from './PhoneIllustration.tsx';

/**
 * "The mobile app is coming soon" with the `mobile-app` form (notify me): the form's own title and
 * subtitle head the block, so that the store edits them in one place. 'section' is a band of the
 * main page; 'compact' sits on the footer's dark background (bg-slate-950).
 */
export function MobileAppTeaser({
  variant,
  deferred = false,
}: {
  variant: 'section' | 'compact';
  /** Load the form only once the block comes near the viewport (the footer: on every page). */
  deferred?: boolean;
}) {
  const { t } = useTranslation();
  const block = useRef<HTMLElement>(null);
  const near = useNearViewport(block);
  const showForm = !deferred || near;
  const phone = (className: string) => (
    <PhoneIllustration
      label={t('forms.mobileApp.illustration')}
      badge={t('forms.mobileApp.screenBadge')}
      className={className}
    />
  );

  if (variant === 'compact') {
    return (
      <section
        ref={block}
        aria-label={t('forms.mobileApp.region')}
        className="relative isolate overflow-hidden rounded-3xl bg-white/[0.04] p-6 ring-1 ring-white/10 sm:p-8"
      >
        <div
          aria-hidden="true"
          className="absolute -top-20 -left-20 -z-10 size-64 rounded-full bg-violet-600/20 blur-3xl"
        />
        <div className="grid gap-8 lg:grid-cols-12 lg:items-center lg:gap-10">
          {showForm ? (
            <FeedbackForm
              formId="mobile-app"
              variant="plain"
              tone="dark"
              className="max-w-xl lg:col-span-7"
            />
          ) : (
            <div aria-hidden="true" className="h-48 max-w-xl lg:col-span-7" />
          )}
          <div className="flex items-center gap-6 lg:col-span-5 lg:justify-center">
            {phone('hidden w-32 shrink-0 drop-shadow-xl lg:block')}
            <ComingSoonBadges tone="dark" className="lg:flex-col" />
          </div>
        </div>
      </section>
    );
  }

  return (
    <section ref={block} aria-label={t('forms.mobileApp.region')} className="py-20 sm:py-24">
      <Container>
        <div className="relative isolate overflow-hidden rounded-[2rem] border border-violet-100 bg-gradient-to-br from-violet-50 via-white to-indigo-50 px-6 py-12 shadow-sm sm:px-10 sm:py-14 lg:px-16 lg:py-16">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-violet-200/50 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-32 left-1/3 -z-10 size-80 rounded-full bg-indigo-200/40 blur-3xl"
          />
          <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-16">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-violet-100 px-3 py-1 text-sm font-semibold text-violet-800">
                <Smartphone aria-hidden="true" className="size-4" />
                {t('forms.mobileApp.eyebrow')}
              </p>
              {showForm ? (
                <FeedbackForm formId="mobile-app" variant="plain" className="mt-5 max-w-xl" />
              ) : (
                <div aria-hidden="true" className="mt-5 h-64 max-w-xl" />
              )}
              <ComingSoonBadges tone="light" className="mt-8" />
            </div>
            {phone('mx-auto w-52 drop-shadow-2xl sm:w-60 lg:w-72')}
          </div>
        </div>
      </Container>
    </section>
  );
}
