import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { ApplyCodeForm } from './ApplyCodeForm.tsx';
import { giftCardsGroup, VoucherList } from './VoucherList.tsx';

/**
 * The pin codes screen (`/{lang}/user/pincodes`): apply a pin code or a gift card's code, and see
 * the codes bought or applied, copy them and send a gift card by e-mail. A visitor gets the login
 * modal over it, like the account page.
 */
export function PinCodesPage() {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  const to = useLocalizedPath();
  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <PageHeading title={t('vouchers.title')} subtitle={t('vouchers.subtitle')} />
          <Link
            to={to(`${paths.catalog}/${giftCardsGroup}`)}
            className="inline-flex shrink-0 items-center gap-2 self-start text-sm font-semibold text-violet-700 hover:text-violet-900 sm:self-auto"
          >
            <Gift aria-hidden="true" className="size-4" />
            {t('vouchers.buyLink')}
          </Link>
        </div>
        {authorised ? (
          <div className="mt-8 grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
            <div className="lg:sticky lg:top-24">
              <ApplyCodeForm />
            </div>
            <VoucherList />
          </div>
        ) : (
          <SignInPrompt openLogin={!everAuthorised} text={t('vouchers.signInText')} />
        )}
      </Container>
    </div>
  );
}
