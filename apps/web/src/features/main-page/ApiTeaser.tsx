import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function curlExample(origin: string): string {
  return [
    `curl -X POST ${origin}/api/v1/removebg \\`,
    '  -H "X-Api-Key: $CUTOUT_API_KEY" \\',
    '  -F "image_file=@photo.jpg" \\',
    '  -F "size=full" \\',
    '  -o photo-cutout.png',
  ].join('\n');
}

/** The public API in a nutshell: the key header and one request. */
export function ApiTeaser() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const points = [t('main.api.pointKey'), t('main.api.pointFormats'), t('main.api.pointOptions')];
  return (
    <section aria-labelledby="api-title" className="px-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl overflow-hidden rounded-[2rem] bg-slate-950 shadow-2xl shadow-slate-900/20">
        <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="api-title"
              align="left"
              tone="dark"
              eyebrow={t('main.api.eyebrow')}
              title={t('main.api.title')}
              text={t('main.api.text')}
            />
            <ul className="mt-8 space-y-3 text-slate-300">
              {points.map((point) => (
                <li key={point} className="flex items-start gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-400" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <ButtonLink to={to(paths.integrationApi)} variant="inverse" size="lg" className="mt-10">
              {t('main.api.cta')}
            </ButtonLink>
          </div>
          <figure className="min-w-0 overflow-hidden rounded-2xl bg-slate-900 ring-1 ring-white/10">
            <div className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
              <span aria-hidden="true" className="size-3 rounded-full bg-rose-400/80" />
              <span aria-hidden="true" className="size-3 rounded-full bg-amber-400/80" />
              <span aria-hidden="true" className="size-3 rounded-full bg-emerald-400/80" />
              <figcaption className="ml-2 text-xs font-medium text-slate-400">
                {t('main.api.codeLabel')}
              </figcaption>
            </div>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways must be reachable by keyboard.
              tabIndex={0}
              className="overflow-x-auto p-5 font-mono text-xs leading-relaxed sm:text-[13px] text-slate-200 sm:p-6"
            >
              <code>{curlExample(window.location.origin)}</code>
            </pre>
          </figure>
        </Container>
      </div>
    </section>
  );
}
