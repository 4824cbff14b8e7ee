import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorDetails, errorMessage } from '../../shared/api/api-error.ts';
import { type PermissionType, usersApi } from '../../shared/api/users.ts';
import { formatPhone, phoneForServer } from '../../shared/format/phone-mask.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import type { ModalProps } from '../../shared/modals/modal-types.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { FormAlert, PasswordField, SubmitButton } from '../../shared/ui/form.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { type Errors, hasErrors, translateErrors } from '../../shared/validation/field-checks.ts';
import { fieldErrorsOf } from './api-errors.ts';
import { authChannels, hasChannelTabs, hasPasswordForm, initialChannel } from './auth-rules.ts';
import { ChannelTabs, ModalFooter, ModalLink, ModalNotice, SocialLinks } from './auth-ui.tsx';
import { AddressField } from './fields.tsx';
import { authModals, useAuthModalState, useOpenAuthModal } from './modal-state.ts';
import { useSignIn } from './use-sign-in.ts';
import { dropFieldError, validateLogin } from './validation.ts';

type Field = 'address' | 'password';

/** The login modal (SPEC §2.3, §4, §5). */
export function LoginModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const channels = authChannels(info);
  const state = useAuthModalState();
  const openModal = useOpenAuthModal();
  const signIn = useSignIn();
  const [notice, setNotice] = useState(state.notice);
  const [channel, setChannel] = useState<PermissionType>(() => initialChannel(channels, state));
  const [email, setEmail] = useState(state.email ?? '');
  const [phone, setPhone] = useState(state.phoneNumber ? formatPhone(state.phoneNumber) : '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const hasForm = hasPasswordForm(channels);

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => dropFieldError(current, field));
  };

  function changeChannel(next: PermissionType) {
    setChannel(next);
    setErrors({});
    setFormError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = channel === 'email' ? email.trim().toLowerCase() : phoneForServer(phone);
    const found = validateLogin({ channel, address, password, tabs: hasChannelTabs(channels) });
    setErrors(translateErrors(found, t));
    setFormError(null);
    focusInvalid();
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      const token = await usersApi.login(
        channel === 'email' ? { email: address, password } : { phoneNumber: address, password },
      );
      // Closed first: once signed in the guard would drop the modal anyway.
      onClose();
      signIn(token);
    } catch (error) {
      if (errorCode(error) === 'PASSWORD_RESET_REQUIRED') {
        const details = errorDetails(error);
        openModal(authModals.resetPassword, {
          notice: 'resetRequired',
          email: typeof details.email === 'string' ? details.email : channel === 'email' ? address : null,
          phoneNumber:
            typeof details.phoneNumber === 'string'
              ? details.phoneNumber
              : channel === 'phone'
                ? address
                : null,
        });
        return;
      }
      const fields = fieldErrorsOf<Field>(error, {
        email: 'address',
        phoneNumber: 'address',
        password: 'password',
      });
      if (hasErrors(fields)) {
        setErrors(fields);
        focusInvalid();
      } else setFormError(errorMessage(error, t));
    } finally {
      setLoading(false);
    }
  }

  // A combined message ('Fill in e-mail and password') shows once, above the button.
  const fieldError = (field: Field) => (errors[field] !== errors.form ? errors[field] : undefined);

  return (
    <Modal title={t('auth.login.title')} onClose={onClose}>
      {notice && (
        <ModalNotice onDismiss={() => setNotice(undefined)}>{t(`auth.notice.${notice}`)}</ModalNotice>
      )}
      {hasForm && (
        <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <ChannelTabs channels={channels.required} value={channel} onChange={changeChannel}>
            {(current) => (
              <AddressField
                channel={current}
                value={current === 'email' ? email : phone}
                onChange={edit('address', current === 'email' ? setEmail : setPhone)}
                error={fieldError('address')}
                invalid={Boolean(errors.address)}
              />
            )}
          </ChannelTabs>
          <PasswordField
            label={t('auth.field.password')}
            autoComplete="current-password"
            value={password}
            onChange={edit('password', setPassword)}
            error={fieldError('password')}
            invalid={Boolean(errors.password)}
          />
          {(errors.form ?? formError) && <FormAlert>{errors.form ?? formError}</FormAlert>}
          <SubmitButton loading={loading}>{t('auth.login.submit')}</SubmitButton>
        </form>
      )}
      <SocialLinks />
      {hasForm && (
        <ModalFooter>
          <p>
            {t('auth.link.noAccount')}{' '}
            <ModalLink to={authModals.registration}>{t('auth.link.signUp')}</ModalLink>
          </p>
          {/* The address typed here goes along: the reset form need not be told it again. */}
          <ModalLink
            to={authModals.resetPassword}
            state={
              channel === 'email'
                ? { email: email.trim() || null }
                : { phoneNumber: phoneForServer(phone) || null }
            }
          >
            {t('auth.link.forgotPassword')}
          </ModalLink>
        </ModalFooter>
      )}
    </Modal>
  );
}
