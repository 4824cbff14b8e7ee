import { type ComponentType, lazy } from 'react';
import { guardedModal, loginGuard, registrationGuard } from '../../features/auth/auth-guards.tsx';

export interface ModalProps {
  /** Closes the modal: removes `?modal=` from the address and keeps the page. */
  onClose: () => void;
}

const auth = () => import('../../features/auth/auth-modals.ts');

/**
 * The modals that can open over any page with `?modal=<name>` (SPEC §2.3). Each loads on first
 * use; the guards run before, so a refused modal costs no download.
 */
export const modalRegistry: Record<string, ComponentType<ModalProps>> = {
  login: guardedModal(
    loginGuard,
    lazy(async () => ({ default: (await auth()).LoginModal })),
  ),
  registration: guardedModal(
    registrationGuard,
    lazy(async () => ({ default: (await auth()).RegistrationModal })),
  ),
  'reset-password': guardedModal(
    registrationGuard,
    lazy(async () => ({ default: (await auth()).ResetPasswordModal })),
  ),
  'registration-success': guardedModal(
    null,
    lazy(async () => ({ default: (await auth()).RegistrationSuccessModal })),
  ),
  'set-password': guardedModal(
    null,
    lazy(async () => ({ default: (await auth()).SetPasswordModal })),
  ),
};
