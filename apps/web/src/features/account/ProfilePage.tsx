import { useQuery } from '@tanstack/react-query';
import { KeyRound, type LucideIcon, Package, Ticket, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { personalAccountApi, personalAccountQueryKeys } from '../../shared/payments/personal-account-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised, useSession } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { storeOption } from '../../shared/store-info/store-options.ts';
import { Container } from '../../shared/ui/container.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { LitresCard } from './LitresCard.tsx';
import { PreferencesCard } from './PreferencesCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

/**
 * The account page (`/{lang}/user`): subscription, litres, profile, language and currency,
 * password. A visitor gets the login modal over it and lands here once signed in.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const info = useStoreInfo();
  const to = useLocalizedPath();
  // After a logout here the app is on its way to the root: no login modal then.
  const everAuthorised = useEverAuthorised(authorised);

  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('account.myAccount')}
        </h1>
        {!authorised ? (
          <SignInPrompt openLogin={!everAuthorised} />
        ) : !info.user ? (
          <p role="status" className="mt-8 text-slate-500">
            {t('profile.loading')}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-500">{t('profile.subtitle')}</p>
            {/* minmax(0, 1fr): a long e-mail wraps instead of widening the column past the screen. */}
            <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
              <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-24">
                <AccountSummary user={info.user} />
                <SectionLink
                  to={to(paths.userOrders)}
                  icon={Package}
                  title={t('orders.title')}
                  text={t('orders.linkText')}
                />
                <SectionLink
                  to={to(paths.userApi)}
                  icon={KeyRound}
                  title={t('apiKeys.title')}
                  text={t('apiKeys.linkText')}
                />
                <SectionLink
                  to={to(paths.userPincodes)}
                  icon={Ticket}
                  title={t('vouchers.title')}
                  text={t('vouchers.linkText')}
                />
                {storeOption(info, 'AllowPersonalAccount') && (
                  <PersonalAccountLink to={to(paths.personalAccount)} />
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-6">
                <SubscriptionCard />
                <LitresCard />
                <ProfileCard user={info.user} />
                <PreferencesCard />
                {info.user.hasPassword && <ChangePasswordCard />}
              </div>
            </div>
          </>
        )}
      </Container>
    </div>
  );
}

/** A card leading to another part of the account area. */
function SectionLink({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-violet-300 hover:bg-violet-50/40"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{text}</span>
      </span>
    </Link>
  );
}

/** The link to the personal account, with its balance once known (SPEC §2.5 user summary). */
function PersonalAccountLink({ to }: { to: string }) {
  const { t, i18n } = useTranslation();
  const { userId } = useSession();
  const currency = useStoreInfo().currency.characterCode;
  const formatAmount = useFormatAmount();
  const account = useQuery({
    queryKey: personalAccountQueryKeys.of({ userId, currency }),
    queryFn: ({ signal }) => personalAccountApi.fetch(signal),
  });
  // Money held in other currencies is named too: "$0.00" alone reads as an empty account.
  const balancesText = (data: NonNullable<typeof account.data>) => {
    const held = (data.otherBalances ?? []).filter((other) => other.amountMinor > 0);
    const amounts = [data.balance, ...held].map((money) => formatAmount(money.amountMinor, money.currency));
    return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(amounts);
  };
  return (
    <SectionLink
      to={to}
      icon={Wallet}
      title={t('personalAccount.title')}
      text={
        account.data
          ? t('personalAccount.linkBalance', { amount: balancesText(account.data) })
          : t('personalAccount.linkText')
      }
    />
  );
}
