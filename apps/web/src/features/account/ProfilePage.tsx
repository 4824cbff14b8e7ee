import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { withModal } from '../../shared/routing/paths.ts';
import { useOpenModal } from '../../shared/routing/use-open-modal.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store/store-info-context.tsx';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { PreferencesCard } from './PreferencesCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';

/**
 * The account page (`/{lang}/user`): profile, language and currency, password. A visitor gets
 * the login modal over it and lands here once signed in.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const info = useStoreInfo();
  // After a logout here the app is on its way to the root: no login modal then.
  const [everAuthorised, setEverAuthorised] = useState(authorised);
  if (authorised && !everAuthorised) setEverAuthorised(true);

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
            <div className="mt-8 grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
              <AccountSummary user={info.user} />
              <div className="flex min-w-0 flex-col gap-6">
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

/** For a visitor: the login modal opens by itself on arrival; the card can open it again. */
function SignInPrompt({ openLogin }: { openLogin: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const openModal = useOpenModal();
  const modalOpen = params.has('modal');

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival, not after the modal is closed.
  useEffect(() => {
    if (openLogin && !modalOpen) openModal('login', { notice: 'loginRequired' });
  }, []);

  return (
    <section className="mt-8 max-w-xl rounded-3xl border border-slate-200 bg-white p-8 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <LogIn aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{t('profile.signIn.title')}</h2>
      <p className="mt-2 text-slate-600">{t('profile.signIn.text')}</p>
      <ButtonLink to={withModal(location, 'login')} preventScrollReset className="mt-6">
        {t('profile.signIn.action')}
      </ButtonLink>
    </section>
  );
}
