import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MobileAppTeaser } from '../../shared/forms/MobileAppTeaser.tsx';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { offerPath, paths, paymentInfoPath } from '../../shared/routing/paths.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { Wordmark } from '../../shared/ui/logo.tsx';

// A long link wraps inside its half of a phone's footer (the Russian privacy policy's carries a soft
// hyphen where the browser has no hyphenation of its own).
const linkClasses = 'text-sm text-slate-400 transition wrap-break-word hyphens-auto hover:text-white';
const headingClasses = 'text-sm font-semibold text-white';

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className={headingClasses}>{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClasses}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer (SPEC §2.4): product and information links, the seller's contact details, copyright. */
export function Footer() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const language = useLanguage();
  const to = useLocalizedPath();
  const partner = info.partner;

  const productLinks = [
    { label: t('nav.removeBackground'), to: to(paths.removeBackground) },
    { label: t('nav.pricing'), to: to(paths.pricing) },
    { label: t('footer.apiDocs'), to: to(paths.integrationApi) },
    { label: t('footer.catalog'), to: to(paths.catalog) },
    { label: t('nav.blog'), to: to(paths.blog) },
  ];
  const informationLinks = [
    { label: t('footer.offer'), to: to(offerPath(language)) },
    { label: t('footer.payment'), to: to(paymentInfoPath(language)) },
    { label: t('footer.privacyPolicy'), to: to(paths.privacyPolicy) },
    { label: t('footer.cookies'), to: to(paths.cookies) },
    { label: t('footer.contactUs'), to: to(paths.contacts) },
  ];
  // The main page shows the mobile app's block itself: one notify-me form a page.
  const onMainPage = /^\/[a-z]{2}\/?$/.test(useLocation().pathname);

  return (
    <footer className="bg-slate-950 text-slate-300">
      {!onMainPage && (
        <Container className="pt-14">
          <MobileAppTeaser variant="compact" deferred />
        </Container>
      )}
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-12 lg:gap-10">
        <div className="col-span-2 lg:col-span-4">
          <Wordmark name={info.name} tone="light" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">{t('footer.tagline')}</p>
        </div>
        <div className="lg:col-span-2">
          <FooterLinks title={t('footer.product')} links={productLinks} />
        </div>
        <div className="lg:col-span-2">
          <FooterLinks title={t('footer.information')} links={informationLinks} />
        </div>
        {partner && (
          <address className="col-span-2 not-italic lg:col-span-4">
            <h2 className={headingClasses}>{t('footer.contacts')}</h2>
            <div className="mt-4 space-y-3 text-sm text-slate-400">
              <p>
                <span className="block font-medium text-slate-200">{partner.name}</span>
                {partner.legalName}
                {partner.taxId && (
                  <span className="block">{t('footer.taxId', { value: partner.taxId })}</span>
                )}
              </p>
              <p className="flex items-start gap-2.5">
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <a href={`mailto:${partner.email}`} className="transition hover:text-white">
                  {partner.email}
                </a>
              </p>
              <p className="flex items-start gap-2.5">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <a
                  href={`tel:${partner.phone.replace(/[^\d+]/g, '')}`}
                  className="transition hover:text-white"
                >
                  {partner.phone}
                </a>
              </p>
              <p className="flex items-start gap-2.5">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <span>{partner.address}</span>
              </p>
            </div>
          </address>
        )}
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-2 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright', { year: new Date().getFullYear(), name: info.name })}</p>
          <p>{t('footer.madeFor')}</p>
        </Container>
      </div>
    </footer>
  );
}
