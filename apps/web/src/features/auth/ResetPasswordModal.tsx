import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../shared/api/api-error.ts';
import { type PermissionType, type SetPasswordResponse, usersApi } from '../../shared/api/users.ts';
import { formatPhone, phoneForServer } from '../../shared/format/phone-mask.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import type { ModalProps } from '../../shared/modals/modal-types.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { FormAlert, SubmitButton } from '../../shared/ui/form.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import {
  checkAddress,
  checkNewPassword,
  checkRepeatPassword,
  collect,
  type Errors,
  hasErrors,
  translateErrors,
} from '../../shared/validation/field-checks.ts';
import { fieldErrorsOf } from './api-errors.ts';
import { authChannels, initialChannel } from './auth-rules.ts';
import { ChannelTabs, ModalFooter, ModalLink, ModalMessage, ModalNotice } from './auth-ui.tsx';
import { AddressField, NewPasswordFields } from './fields.tsx';
import { authModals, useAuthModalState, useOpenAuthModal } from './modal-state.ts';
import { PasswordChangedKeys } from './PasswordChangedKeys.tsx';
import { ResetLinkRequest } from './ResetLinkRequest.tsx';
import { useVerificationCode } from './use-verification-code.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { checkVerification, dropFieldError } from './validation.ts';

type Field = 'address' | 'code' | 'password' | 'repeatPassword';

/**
 * Password recovery (SPEC §2.3, §4): a code to the e-mail or phone, then a new password; or, in
 * the storefront variant, a one-time link by e-mail that opens the set-password modal
 * (ResetLinkRequest).
 */
export function ResetPasswordModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const channels = authChannels(info);
  const state = useAuthModalState();
  const openModal = useOpenAuthModal();
  const [notice, setNotice] = useState(state.notice);
  const [channel, setChannel] = useState<PermissionType>(() => initialChannel(channels, state));
  const [email, setEmail] = useState(state.email ?? '');
  const [phone, setPhone] = useState(state.phoneNumber ? formatPhone(state.phoneNumber) : '');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  /** A changed password whose account has API keys: they are shown before logging in. */
  const [changed, setChanged] = useState<SetPasswordResponse | null>(null);
  const emailAddress = email.trim().toLowerCase();
  const phoneNumber = phoneForServer(phone);
  const emailCode = useVerificationCode({
    typeId: 'email',
    purpose: 'user_reset_password',
    address: emailAddress,
  });
  const phoneCode = useVerificationCode({
    typeId: 'phone',
    purpose: 'user_reset_password',
    address: phoneNumber,
  });
  const verification = channel === 'email' ? emailCode : phoneCode;
  const address = channel === 'email' ? emailAddress : phoneNumber;

  const dropError = (field: Field) => setErrors((current) => dropFieldError(current, field));
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    dropError(field);
  };

  function changeChannel(next: PermissionType) {
    setChannel(next);
    setErrors({});
    setFormError(null);
  }

  async function recover(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const item = await verification.approveNow();
    const found = collect<Field>({
      address: checkAddress(channel, address),
      code: checkVerification({ typeId: channel, item, code: verification.code, now: Date.now() }),
      password: checkNewPassword(password),
      repeatPassword: checkRepeatPassword(password, repeatPassword),
    });
    setErrors(translateErrors(found, t));
    focusInvalid();
    if (hasErrors(found) || !item) return;
    verification.clearErrors();
    setLoading(true);
    try {
      const answer = await usersApi.setPasswordWithCodes({
        newPassword: password,
        permissionItemList: [{ id: item.id }],
      });
      if (!answer.result) {
        setFormError(t('error_reset_password'));
        return;
      }
      if (answer.apiKeys.length > 0) setChanged(answer);
      else goToLogin();
    } catch (error) {
      const code = errorCode(error);
      if (code === 'VERIFICATION_REQUIRED' || code === 'CODE_EXPIRED' || code === 'CODE_NOT_VALID') {
        setErrors({ code: errorMessage(error, t) });
        focusInvalid();
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

  function goToLogin() {
    openModal(authModals.login, {
      notice: 'passwordChanged',
      email: channel === 'email' ? emailAddress : null,
      phoneNumber: channel === 'phone' ? phoneNumber : null,
    });
  }

  /** The link asked for checks the e-mail alone: the code form's other messages go. */
  function checkLinkAddress(message: string | null) {
    setFormError(null);
    setErrors(message ? { address: message } : {});
    focusInvalid();
  }

  if (changed) return <PasswordChangedKeys changed={changed} onContinue={goToLogin} onClose={onClose} />;

  return (
    <Modal title={t('auth.reset.title')} onClose={onClose}>
      {linkSentTo ? (
        <ModalMessage icon={MailCheck} tone="success" role="status" title={t('auth.reset.linkSentTitle')}>
          {t('auth.reset.linkSentText', { email: linkSentTo })}
        </ModalMessage>
      ) : (
        <>
          {notice && (
            <ModalNotice onDismiss={() => setNotice(undefined)}>{t(`auth.notice.${notice}`)}</ModalNotice>
          )}
          <p className="-mt-2 mb-5 text-sm leading-relaxed text-slate-500">
            {t(`auth.reset.intro.${channel}`)}
          </p>
          <form ref={formRef} noValidate onSubmit={recover} className="flex flex-col gap-4">
            <ChannelTabs channels={channels.required} value={channel} onChange={changeChannel}>
              {(current) => (
                <AddressField
                  channel={current}
                  value={current === 'email' ? email : phone}
                  onChange={edit('address', current === 'email' ? setEmail : setPhone)}
                  error={errors.address ?? verification.addressError}
                />
              )}
            </ChannelTabs>
            <VerificationCodeField
              verification={verification}
              label={t(channel === 'email' ? 'auth.field.emailCode' : 'auth.field.phoneCode')}
              error={errors.code}
              onEdit={() => dropError('code')}
            />
            <NewPasswordFields
              label={t('auth.field.newPassword')}
              password={{ value: password, onChange: edit('password', setPassword), error: errors.password }}
              repeat={{
                value: repeatPassword,
                onChange: edit('repeatPassword', setRepeatPassword),
                error: errors.repeatPassword,
              }}
            />
            {formError && <FormAlert>{formError}</FormAlert>}
            <SubmitButton loading={loading}>{t('auth.reset.submit')}</SubmitButton>
          </form>
          {channel === 'email' && (
            <ResetLinkRequest
              email={emailAddress}
              onAddressChecked={checkLinkAddress}
              onSent={setLinkSentTo}
            />
          )}
        </>
      )}
      <ModalFooter>
        <p>
          {t('auth.link.noAccount')}{' '}
          <ModalLink to={authModals.registration}>{t('auth.link.signUp')}</ModalLink>
        </p>
        <p>
          {t('auth.link.rememberPassword')}{' '}
          <ModalLink to={authModals.login}>{t('auth.link.logIn')}</ModalLink>
        </p>
      </ModalFooter>
    </Modal>
  );
}
