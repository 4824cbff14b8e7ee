/** The account modals, loaded together as one chunk when the first of them opens. */
export { LoginModal } from './LoginModal.tsx';
export { RegistrationModal } from './RegistrationModal.tsx';
export { RegistrationSuccessModal } from './RegistrationSuccessModal.tsx';
export { ResetPasswordModal } from './ResetPasswordModal.tsx';
export { SetPasswordModal } from './SetPasswordModal.tsx';
