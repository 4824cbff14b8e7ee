import { useTranslation } from 'react-i18next';
import { ModalLink } from './auth-ui.tsx';
import { type AuthModalState, authModals } from './modal-state.ts';

/** The registration field whose address already has an account. */
export type TakenAddress = 'email' | 'phoneNumber';

/**
 * The message under an address that already has an account (registration's 409
 * USER_ALREADY_EXISTS): says so and links to logging in or resetting the password, pre-filled.
 */
export function AddressTaken({ channel, state }: { channel: TakenAddress; state: AuthModalState }) {
  const { t } = useTranslation();
  return (
    <span>
      {t(`auth.registration.taken.${channel}`)}{' '}
      <ModalLink to={authModals.login} state={state}>
        {t('auth.registration.taken.logIn')}
      </ModalLink>{' '}
      {t('auth.registration.taken.or')}{' '}
      <ModalLink to={authModals.resetPassword} state={state}>
        {t('auth.registration.taken.reset')}
      </ModalLink>
      .
    </span>
  );
}
