import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { withModal } from '../routing/paths.ts';
import { useOpenModal } from '../routing/use-open-modal.ts';
import { ButtonLink } from '../ui/button.tsx';

/**
 * For a visitor on a page of the account area: the login modal opens by itself on arrival (unless
 * the visitor has just logged out here); the card can open it again.
 */
export function SignInPrompt({ openLogin, text }: { openLogin: boolean; text?: string }) {
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
      <p className="mt-2 text-slate-600">{text ?? t('profile.signIn.text')}</p>
      <ButtonLink to={withModal(location, 'login')} preventScrollReset className="mt-6">
        {t('profile.signIn.action')}
      </ButtonLink>
    </section>
  );
}

/** Whether the visitor was signed in at some point on this page (then no login modal after a logout). */
export function useEverAuthorised(authorised: boolean): boolean {
  const [ever, setEver] = useState(authorised);
  if (authorised && !ever) setEver(true);
  return ever;
}
