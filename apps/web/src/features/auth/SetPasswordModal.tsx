import { useQuery } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorCode, errorMessage } from '../../shared/api/api-error.ts';
import { type SetPasswordResponse, usersApi } from '../../shared/api/users.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import type { ModalProps } from '../../shared/modals/modal-types.ts';
import { isAuthorised, signOutLocally } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormAlert, SubmitButton } from '../../shared/ui/form.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import {
  checkNewPassword,
  checkRepeatPassword,
  collect,
  type Errors,
  hasErrors,
  translateErrors,
} from '../../shared/validation/field-checks.ts';
import { fieldErrorsOf } from './api-errors.ts';
import { ModalMessage } from './auth-ui.tsx';
import { NewPasswordFields } from './fields.tsx';
import { authModals, useOpenAuthModal } from './modal-state.ts';
import { PasswordChangedKeys } from './PasswordChangedKeys.tsx';

type Field = 'password' | 'repeatPassword';

/**
 * The new password from a reset link (`?modal=set-password&token=…`, SPEC §2.3): the link's token
 * authorises the call in place of an access token. The link is checked as it opens, so that a used
 * or expired one says so, and offers a new one, before anything is typed; a check that fails shows
 * the form all the same (saving checks the link again).
 */
export function SetPasswordModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const openModal = useOpenAuthModal();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [formError, setFormError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(!token);
  const check = useQuery({
    queryKey: ['users', 'resetLink', token],
    queryFn: () => usersApi.checkResetLink({ token }),
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
  const checking = token !== '' && check.isPending;
  const [loading, setLoading] = useState(false);
  /** A changed password whose account has API keys: they are shown before logging in. */
  const [changed, setChanged] = useState<SetPasswordResponse | null>(null);
  const goToLogin = () => openModal(authModals.login, { notice: 'passwordChanged' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = collect<Field>({
      password: checkNewPassword(password),
      repeatPassword: checkRepeatPassword(password, repeatPassword),
    });
    setErrors(translateErrors(found, t));
    focusInvalid();
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      const answer = await usersApi.setPasswordWithLink({ newPassword: password, token });
      if (!answer.result) {
        setFormError(t('error_reset_password'));
        return;
      }
      // The server ends every session of the user: a session of this browser is gone too.
      if (isAuthorised()) signOutLocally();
      if (answer.apiKeys.length > 0) setChanged(answer);
      else goToLogin();
    } catch (error) {
      if (errorCode(error) === 'INVALID_RESET_TOKEN') {
        setInvalidLink(true);
        return;
      }
      const fields = fieldErrorsOf<Field>(error, { newPassword: 'password' });
      if (hasErrors(fields)) {
        setErrors(fields);
        focusInvalid();
      } else setFormError(errorMessage(error, t));
    } finally {
      setLoading(false);
    }
  }

  if (changed) return <PasswordChangedKeys changed={changed} onContinue={goToLogin} onClose={onClose} />;

  if (invalidLink || check.data === false) {
    return (
      <Modal title={t('auth.setPassword.invalidTitle')} onClose={onClose}>
        <ModalMessage icon={LinkIcon} tone="error" role="alert">
          {t('auth.setPassword.invalidText')}
        </ModalMessage>
        <Button size="lg" className="mt-6 w-full" onClick={() => openModal(authModals.resetPassword)}>
          {t('auth.setPassword.requestNew')}
        </Button>
      </Modal>
    );
  }

  return (
    <Modal title={t('auth.setPassword.title')} description={t('auth.setPassword.text')} onClose={onClose}>
      {/* The fields stay open while the link is checked (the focus starts in the first one); only
          saving waits for the answer. */}
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-busy={checking || undefined}
        className="flex flex-col gap-4"
      >
        <NewPasswordFields
          label={t('auth.field.newPassword')}
          password={{ value: password, onChange: setPassword, error: errors.password }}
          repeat={{ value: repeatPassword, onChange: setRepeatPassword, error: errors.repeatPassword }}
        />
        {formError && <FormAlert>{formError}</FormAlert>}
        <SubmitButton loading={loading || checking}>{t('auth.setPassword.submit')}</SubmitButton>
      </form>
    </Modal>
  );
}
