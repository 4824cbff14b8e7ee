import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { onAuthorizationLost } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { type AuthModalState, authModals } from './modal-state.ts';

/**
 * Reactions of the shell to session events: a failed external sign-in comes back as
 * `?passport_error=<CODE>` and is shown as an error; a session the server refuses (401
 * AUTHORIZATION_REQUIRED, already forgotten by the API client) sends the user to the root (SPEC §4),
 * with the login window open saying that the session has ended.
 */
export function AuthEvents() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const passportError = params.get('passport_error');
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!passportError || shown.current === passportError) return;
    shown.current = passportError;
    toast.error(t('auth.social.failed'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('passport_error');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [passportError, setParams, toast, t]);

  // At the root, the login window says why it is there: the page under it was the account's.
  useEffect(
    () =>
      onAuthorizationLost(() => {
        const state: AuthModalState = { notice: 'sessionEnded' };
        navigate(`${to(paths.main)}?modal=${authModals.login}`, { replace: true, state });
      }),
    [navigate, to],
  );

  return null;
}
