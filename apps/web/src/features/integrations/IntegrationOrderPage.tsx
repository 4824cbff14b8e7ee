import {
  ArrowRight,
  Code,
  Database,
  Globe,
  type LucideIcon,
  ShoppingBag,
  ShoppingCart,
  Store,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink, buttonClasses } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { HeroIntro } from './HeroIntro.tsx';
import { RequestSection } from './RequestSection.tsx';

/** What we connect to, in the order a seller meets them; texts are `…order.platforms.<key>`. */
const platforms: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'oneC', icon: Database },
  { key: 'bitrix', icon: Globe },
  { key: 'woocommerce', icon: ShoppingCart },
  { key: 'shopify', icon: ShoppingBag },
  { key: 'marketplaces', icon: Store },
  { key: 'own', icon: Code },
];

const steps = ['describe', 'estimate', 'connect'] as const;

const formAnchor = 'integration-request';

/**
 * Ordering an integration (`/{lang}/integration/order`): what we connect background removal to,
 * the three steps from a request to a working integration, and the `integration-order` form.
 */
export function IntegrationOrderPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const text = (key: string) => t(`forms.integrations.order.${key}`);
  return (
    <div className="bg-gradient-to-b from-violet-50 via-white to-white">
      <Container className="py-12 sm:py-16">
        <HeroIntro title={text('title')} text={text('text')} centered>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a href={`#${formAnchor}`} className={buttonClasses({ size: 'lg' })}>
              {text('describe')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </a>
            <ButtonLink to={to(paths.integrationApi)} variant="secondary" size="lg">
              {text('api')}
            </ButtonLink>
          </div>
        </HeroIntro>

        <ul
          aria-label={text('platformsLabel')}
          className="mt-14 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6"
        >
          {platforms.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-violet-50 text-violet-600">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <p className="mt-3 font-semibold text-slate-900">{text(`platforms.${key}.name`)}</p>
              <p className="mt-1 text-sm leading-snug text-slate-600">{text(`platforms.${key}.text`)}</p>
            </li>
          ))}
        </ul>

        <section aria-labelledby="integration-steps" className="mt-20 sm:mt-24">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-violet-600 uppercase">
              {text('steps.eyebrow')}
            </p>
            <h2
              id="integration-steps"
              className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl"
            >
              {text('steps.title')}
            </h2>
          </div>
          <ol className="mt-10 grid gap-4 md:grid-cols-3 md:gap-6">
            {steps.map((step, index) => (
              <li key={step} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-indigo-600 text-sm font-bold text-white shadow-md shadow-violet-600/25">
                  {index + 1}
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{text(`steps.${step}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text(`steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <RequestSection
          id={formAnchor}
          formId="integration-order"
          title={text('request.title')}
          points={['reply', 'estimate', 'litres'].map((point) => text(`request.points.${point}`))}
        />
      </Container>
    </div>
  );
}
