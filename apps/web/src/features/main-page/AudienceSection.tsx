import { Camera, CodeXml, Megaphone, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Container } from '../../shared/ui/container.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const audiences = [
  { key: 'ecommerce', icon: ShoppingBag, tint: 'bg-violet-50 text-violet-600' },
  { key: 'marketers', icon: Megaphone, tint: 'bg-fuchsia-50 text-fuchsia-600' },
  { key: 'developers', icon: CodeXml, tint: 'bg-indigo-50 text-indigo-600' },
  { key: 'photographers', icon: Camera, tint: 'bg-sky-50 text-sky-600' },
] as const;

/** The 'for whom' block of SPEC §2.5. */
export function AudienceSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="audience-title" className="bg-slate-50 py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="audience-title"
          eyebrow={t('main.audience.eyebrow')}
          title={t('main.audience.title')}
          text={t('main.audience.text')}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.map(({ key, icon: Icon, tint }) => (
            <li
              key={key}
              className="rounded-3xl border border-slate-200 bg-white p-7 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className={`inline-flex size-12 items-center justify-center rounded-2xl ${tint}`}>
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`main.audience.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(`main.audience.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
