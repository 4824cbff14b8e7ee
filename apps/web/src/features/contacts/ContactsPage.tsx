import type { Partner } from '@cutout/contracts';
import { ArrowRight, Building, Clock, type LucideIcon, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '../../shared/forms/FeedbackForm.tsx';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';

/**
 * The contacts page (`/{lang}/contacts`): the seller's details from the store info (SPEC §2.4: the
 * same as the footer's), the working hours and the `contact` form beside them; stacked on a phone.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const { partner } = useStoreInfo();
  return (
    <div className="bg-gradient-to-b from-violet-50 via-white to-white">
      <Container className="py-10 sm:py-14">
        <PageHeading title={t('forms.contacts.title')} subtitle={t('forms.contacts.subtitle')} />
        <div className="mt-10 grid items-start gap-8 lg:grid-cols-12 lg:gap-10">
          <div className="flex flex-col gap-6 lg:col-span-5">
            <ContactDetails partner={partner} />
            <BusinessNote />
          </div>
          <FeedbackForm formId="contact" className="lg:col-span-7" />
        </div>
      </Container>
    </div>
  );
}

function ContactDetails({ partner }: { partner: Partner | null }) {
  const { t } = useTranslation();
  const link =
    'font-medium text-violet-700 underline-offset-2 transition hover:text-violet-900 hover:underline';
  return (
    <section
      aria-labelledby="contacts-details"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="contacts-details" className="text-xl font-semibold text-slate-900">
        {t('forms.contacts.detailsTitle')}
      </h2>
      <address className="mt-6 not-italic">
        <ul className="flex flex-col gap-5">
          {partner && (
            <>
              <ContactLine icon={Building} term={t('forms.contacts.seller')}>
                <span className="block font-medium text-slate-900">{partner.name}</span>
                <span className="block text-slate-600">{partner.legalName}</span>
                {partner.taxId && (
                  <span className="block text-sm text-slate-500">
                    {t('forms.contacts.taxId', { value: partner.taxId })}
                  </span>
                )}
              </ContactLine>
              <ContactLine icon={Mail} term={t('forms.contacts.email')}>
                <a href={`mailto:${partner.email}`} className={link}>
                  {partner.email}
                </a>
              </ContactLine>
              <ContactLine icon={Phone} term={t('forms.contacts.phone')}>
                <a href={`tel:${partner.phone.replace(/[^\d+]/g, '')}`} className={link}>
                  {partner.phone}
                </a>
              </ContactLine>
              <ContactLine icon={MapPin} term={t('forms.contacts.address')}>
                <span className="text-slate-700">{partner.address}</span>
              </ContactLine>
            </>
          )}
          <ContactLine icon={Clock} term={t('forms.contacts.hours')}>
            <span className="text-slate-700">{t('forms.contacts.hoursValue')}</span>
          </ContactLine>
        </ul>
      </address>
    </section>
  );
}

function ContactLine({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 break-words">
        <p className="text-sm text-slate-500">{term}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </li>
  );
}

/** Larger work goes to the integration request: a way there and to the API documentation. */
function BusinessNote() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <section
      aria-labelledby="contacts-business"
      className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-violet-600 to-indigo-700 p-6 text-white shadow-lg shadow-violet-700/20 sm:p-8"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 -z-10 size-48 rounded-full bg-fuchsia-400/30 blur-3xl"
      />
      <h2 id="contacts-business" className="text-lg font-semibold">
        {t('forms.contacts.business.title')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-violet-100">{t('forms.contacts.business.text')}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <ButtonLink to={to(paths.integrationOrder)} variant="inverse" size="sm">
          {t('forms.contacts.business.order')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
        <ButtonLink to={to(paths.integrationApi)} variant="glass" size="sm">
          {t('forms.contacts.business.api')}
        </ButtonLink>
      </div>
    </section>
  );
}
