import { useLocation } from 'react-router';
import { useOpenModal } from '../../shared/routing/use-open-modal.ts';

/** The account modals (SPEC §2.3), by their `?modal=` names. */
export const authModals = {
  login: 'login',
  registration: 'registration',
  resetPassword: 'reset-password',
  registrationSuccess: 'registration-success',
  setPassword: 'set-password',
} as const;
export type AuthModalName = (typeof authModals)[keyof typeof authModals];

/** Notifications an account modal can open with; each is a text under `auth.notice`. */
export const authNotices = [
  'resetRequired',
  'passwordChanged',
  'verifyEmail',
  'registrationComplete',
  'loginRequired',
  'fullSizeSignUp',
  'sessionEnded',
] as const;
export type AuthNotice = (typeof authNotices)[number];

/** What one account modal hands the next through navigation state. */
export interface AuthModalState {
  notice?: AuthNotice;
  email?: string | null;
  phoneNumber?: string | null;
}

/** The navigation state of the modal, read defensively: the history may hold anything. */
export function useAuthModalState(): AuthModalState {
  const state: unknown = useLocation().state;
  if (!state || typeof state !== 'object') return {};
  const { notice, email, phoneNumber } = state as Record<string, unknown>;
  return {
    notice: authNotices.find((known) => known === notice),
    email: typeof email === 'string' ? email : null,
    phoneNumber: typeof phoneNumber === 'string' ? phoneNumber : null,
  };
}

/** Opens another account modal in place of this one. */
export function useOpenAuthModal(): (name: AuthModalName, state?: AuthModalState) => void {
  return useOpenModal();
}
