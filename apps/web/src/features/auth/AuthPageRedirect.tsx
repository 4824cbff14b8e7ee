import { Navigate, useSearchParams } from 'react-router';
import { type Language, languageFromPath } from '../../shared/i18n/languages.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { localizedPath, paths, withModal } from '../../shared/routing/paths.ts';
import { safeReturnPath } from '../../shared/routing/return-path.ts';
import { type AuthModalName, authModals } from './modal-state.ts';

/** The user auth pages of SPEC §2.1 and the modal each opens. */
export const authPages = {
  'user/login': authModals.login,
  'user/registration': authModals.registration,
  'user/reset-password': authModals.resetPassword,
  'user/set-password': authModals.setPassword,
} as const satisfies Record<string, AuthModalName>;

/**
 * Where an auth page leads: the page of `returnTo` (a safe path of this site; one without a
 * language goes under `language`), else the language's main page, with the modal open over it.
 * A reset link's token goes along to the set-password modal.
 */
export function authPageTarget(options: {
  language: Language;
  modal: AuthModalName;
  returnTo: string | null;
  token: string | null;
}): string {
  const returnPath = safeReturnPath(options.returnTo) ?? localizedPath(options.language, paths.main);
  const url = new URL(returnPath, window.location.origin);
  const pathname = languageFromPath(url.pathname)
    ? url.pathname
    : localizedPath(options.language, url.pathname === '/' ? '' : url.pathname);
  const target = withModal({ pathname, search: url.search }, options.modal);
  const token =
    options.modal === authModals.setPassword && options.token
      ? `&${new URLSearchParams({ token: options.token })}`
      : '';
  return `${target}${token}${url.hash}`;
}

/** An auth page: shows its modal over the return path instead of a page of its own. */
export function AuthPageRedirect({ modal }: { modal: AuthModalName }) {
  const language = useLanguage();
  const [params] = useSearchParams();
  const to = authPageTarget({
    language,
    modal,
    returnTo: params.get('returnTo'),
    token: params.get('token'),
  });
  return <Navigate replace to={to} />;
}
