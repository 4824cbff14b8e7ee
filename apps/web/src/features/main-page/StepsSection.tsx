import { Download, ImageUp, WandSparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Container } from '../../shared/ui/container.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const steps = [
  { key: 'select', icon: ImageUp },
  { key: 'process', icon: WandSparkles },
  { key: 'download', icon: Download },
] as const;

/** The three steps of SPEC §2.5: select an image, send it to processing, download. */
export function StepsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="steps-title" className="py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="steps-title"
          eyebrow={t('main.steps.eyebrow')}
          title={t('main.steps.title')}
          text={t('main.steps.text')}
        />
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute top-17 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-violet-200 via-indigo-300 to-violet-200 md:block"
          />
          <ol className="relative grid gap-6 md:grid-cols-3">
            {steps.map(({ key, icon: Icon }, index) => (
              <li
                key={key}
                className="relative rounded-3xl border border-slate-200 bg-white p-7 text-center shadow-sm"
              >
                <span className="relative mx-auto inline-flex size-20 items-center justify-center rounded-3xl bg-gradient-to-br from-violet-500 to-indigo-600 text-white shadow-lg shadow-violet-600/25">
                  <Icon aria-hidden="true" className="size-9" />
                  <span className="absolute -top-2 -right-2 inline-flex size-8 items-center justify-center rounded-full bg-white text-sm font-bold text-violet-700 shadow ring-1 ring-violet-100">
                    {index + 1}
                  </span>
                </span>
                <h3 className="mt-6 text-lg font-semibold text-slate-900">{t(`main.steps.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(`main.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </Container>
    </section>
  );
}
