import { registerModals } from '../../shared/modals/modal-registry.ts';
import { loginGuard, registrationGuard } from './auth-rules.ts';
import { authModals } from './modal-state.ts';

/** The account modals come as one chunk, loaded when the first of them opens. */
const components = () => import('./modal-components.ts');

// The account modals (SPEC §2.3), registered when the app imports this module at start.
registerModals({
  [authModals.login]: { guard: loginGuard, load: async () => (await components()).LoginModal },
  [authModals.registration]: {
    guard: registrationGuard,
    load: async () => (await components()).RegistrationModal,
  },
  [authModals.resetPassword]: {
    guard: registrationGuard,
    load: async () => (await components()).ResetPasswordModal,
  },
  [authModals.registrationSuccess]: { load: async () => (await components()).RegistrationSuccessModal },
  [authModals.setPassword]: { load: async () => (await components()).SetPasswordModal },
});
