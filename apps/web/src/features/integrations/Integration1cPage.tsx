import { ArrowRight, Camera, Clock, Database } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { ExtensionDescription } from './ExtensionDescription.tsx';
import { HeroIntro } from './HeroIntro.tsx';
import { OneCFlow } from './OneCFlow.tsx';
import { RequestSection } from './RequestSection.tsx';

const facts = [
  { key: 'configuration', icon: Database },
  { key: 'cameras', icon: Camera },
  { key: 'time', icon: Clock },
] as const;

const descriptionAnchor = 'how-it-works';
const formAnchor = 'extension-request';

/**
 * The 1C extension (`/{lang}/integration/1c`): a hero for the extension to 1C:Trade Management 11.4
 * (it shoots goods with a Canon or Nikon camera and whitens the background), the `integration-1c`
 * store page that describes it, and the `integration-1c` request form.
 */
export function Integration1cPage() {
  const { t } = useTranslation();
  const text = (key: string) => t(`forms.integrations.oneC.${key}`);
  return (
    // The flow's glow reaches past the column: clipped, so that a phone does not scroll sideways.
    <div className="overflow-x-clip bg-gradient-to-b from-violet-50 via-white to-white">
      <Container className="py-12 sm:py-16">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-16">
          <HeroIntro title={text('title')} text={text('text')}>
            <ul aria-label={text('factsLabel')} className="mt-6 flex flex-wrap gap-2">
              {facts.map(({ key, icon: Icon }) => (
                <li
                  key={key}
                  className="inline-flex items-center gap-2 rounded-full border border-violet-100 bg-white/80 px-3.5 py-1.5 text-sm text-slate-700"
                >
                  <Icon aria-hidden="true" className="size-4 text-violet-600" />
                  {text(`facts.${key}`)}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href={`#${formAnchor}`} className={buttonClasses({ size: 'lg' })}>
                {text('request')}
                <ArrowRight aria-hidden="true" className="size-5" />
              </a>
              <a
                href={`#${descriptionAnchor}`}
                className={buttonClasses({ size: 'lg', variant: 'secondary' })}
              >
                {text('more')}
              </a>
            </div>
          </HeroIntro>
          <OneCFlow />
        </div>

        <ExtensionDescription id={descriptionAnchor} />

        <RequestSection
          id={formAnchor}
          formId="integration-1c"
          title={text('requestSection.title')}
          points={['file', 'setup', 'support'].map((point) => text(`requestSection.points.${point}`))}
        />
      </Container>
    </div>
  );
}
