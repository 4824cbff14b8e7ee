import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalytics } from '../../shared/analytics/analytics-context.tsx';
import { usersApi } from '../../shared/api/users.ts';
import { phoneForServer } from '../../shared/format/phone-mask.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import type { ModalProps } from '../../shared/modals/modal-types.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { getSession } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { FormAlert, SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { type Errors, hasErrors, translateErrors } from '../../shared/validation/field-checks.ts';
import { AddressTaken, type TakenAddress } from './AddressTaken.tsx';
import { authChannels, codeRequired } from './auth-rules.ts';
import { ModalFooter, ModalLink, ModalNotice, SocialLinks } from './auth-ui.tsx';
import { AddressField, NewPasswordFields } from './fields.tsx';
import { authModals, useAuthModalState, useOpenAuthModal } from './modal-state.ts';
import {
  type RegistrationFormField,
  registrationPayload,
  registrationRefusal,
} from './registration-request.ts';
import { useSignIn } from './use-sign-in.ts';
import { useVerificationCode } from './use-verification-code.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { checkVerification, dropFieldError, validateRegistration } from './validation.ts';

type Field = RegistrationFormField;

/** The registration modal (SPEC §2.3, §4, §5): the channels the store requires, each with its code. */
export function RegistrationModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const language = useLanguage();
  const analytics = useAnalytics();
  const channels = authChannels(info);
  const openModal = useOpenAuthModal();
  const signIn = useSignIn();
  // Why the window opened (a full size asked for by a visitor), when it says.
  const opened = useAuthModalState();
  const [notice, setNotice] = useState(opened.notice);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [formError, setFormError] = useState<string | null>(null);
  /** The address the server says has an account already (409 USER_ALREADY_EXISTS). */
  const [taken, setTaken] = useState<TakenAddress | null>(null);
  const [loading, setLoading] = useState(false);
  const emailAddress = email.trim().toLowerCase();
  const phoneNumber = phoneForServer(phone);
  const emailCode = useVerificationCode({ typeId: 'email', purpose: 'user_verify', address: emailAddress });
  const phoneCode = useVerificationCode({ typeId: 'phone', purpose: 'user_verify', address: phoneNumber });
  const verifyEmail = codeRequired(channels, 'email');
  const verifyPhone = codeRequired(channels, 'phone');

  const dropError = (field: Field) => setErrors((current) => dropFieldError(current, field));
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    dropError(field);
    if (field === taken) setTaken(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    // A complete code not yet approved (the pause has not passed) is approved now.
    const emailItem = verifyEmail ? await emailCode.approveNow() : null;
    const phoneItem = verifyPhone ? await phoneCode.approveNow() : null;
    const now = Date.now();
    const found = validateRegistration({
      email: channels.email ? emailAddress : null,
      emailCode: verifyEmail
        ? checkVerification({ typeId: 'email', item: emailItem, code: emailCode.code, now })
        : null,
      phoneNumber: channels.phone ? phoneNumber : null,
      phoneCode: verifyPhone
        ? checkVerification({ typeId: 'phone', item: phoneItem, code: phoneCode.code, now })
        : null,
      password,
      repeatPassword,
    });
    setErrors(translateErrors(found, t));
    setTaken(null);
    focusInvalid();
    if (hasErrors(found)) return;
    emailCode.clearErrors();
    phoneCode.clearErrors();

    setLoading(true);
    try {
      const result = await usersApi.register(
        registrationPayload({
          channels,
          email: emailAddress,
          phoneNumber,
          password,
          fullName,
          codes: [emailItem, phoneItem],
          redirectUrl: `${window.location.origin}/${language}?modal=${authModals.registrationSuccess}`,
          session: getSession(),
        }),
      );
      analytics.reachGoal('sign_up');
      const [token] = result.accessTokens;
      if (token) {
        onClose();
        signIn(token, 'auth.registration.success');
        return;
      }
      const complete = result.emailVerified || !verifyEmail;
      openModal(authModals.login, {
        notice: complete ? 'registrationComplete' : 'verifyEmail',
        email: channels.email ? emailAddress : null,
      });
    } catch (error) {
      const refusal = registrationRefusal(error, { channels, verifyEmail, verifyPhone, t });
      if (refusal.type === 'taken') setTaken(refusal.address);
      else if (refusal.type === 'fields') {
        setErrors(refusal.errors);
        focusInvalid();
      } else setFormError(refusal.message);
    } finally {
      setLoading(false);
    }
  }

  // A combined message ('Fill in e-mail and password') shows once, above the button; the fields it
  // names are only marked.
  const message = (field: Field) => (errors[field] !== errors.form ? errors[field] : undefined);
  const takenMessage = (channel: TakenAddress) =>
    taken === channel ? (
      <AddressTaken
        channel={channel}
        state={{
          email: channels.email ? emailAddress : null,
          phoneNumber: channels.phone ? phoneNumber : null,
        }}
      />
    ) : undefined;

  return (
    <Modal title={t('auth.registration.title')} onClose={onClose}>
      {notice && (
        <ModalNotice onDismiss={() => setNotice(undefined)}>{t(`auth.notice.${notice}`)}</ModalNotice>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {channels.email && (
          <>
            <AddressField
              channel="email"
              value={email}
              onChange={edit('email', setEmail)}
              error={takenMessage('email') ?? message('email') ?? emailCode.addressError}
              invalid={Boolean(errors.email)}
            />
            {verifyEmail && (
              <VerificationCodeField
                verification={emailCode}
                label={t('auth.field.emailCode')}
                error={message('emailCode')}
                onEdit={() => dropError('emailCode')}
              />
            )}
          </>
        )}
        {channels.phone && (
          <>
            <AddressField
              channel="phone"
              value={phone}
              onChange={edit('phoneNumber', setPhone)}
              error={takenMessage('phoneNumber') ?? message('phoneNumber') ?? phoneCode.addressError}
              invalid={Boolean(errors.phoneNumber)}
            />
            {verifyPhone && (
              <VerificationCodeField
                verification={phoneCode}
                label={t('auth.field.phoneCode')}
                error={message('phoneCode')}
                onEdit={() => dropError('phoneCode')}
              />
            )}
          </>
        )}
        <NewPasswordFields
          label={t('auth.field.password')}
          password={{
            value: password,
            onChange: edit('password', setPassword),
            error: message('password'),
            invalid: Boolean(errors.password),
          }}
          repeat={{
            value: repeatPassword,
            onChange: edit('repeatPassword', setRepeatPassword),
            error: message('repeatPassword'),
          }}
        />
        <TextField
          label={t('auth.field.fullName')}
          hint={t('auth.field.optional')}
          autoComplete="name"
          value={fullName}
          onChange={edit('fullName', setFullName)}
          error={message('fullName')}
        />
        {(errors.form ?? formError) && <FormAlert>{errors.form ?? formError}</FormAlert>}
        <SubmitButton loading={loading}>{t('auth.registration.submit')}</SubmitButton>
      </form>
      <SocialLinks />
      <ModalFooter>
        <p>
          {t('auth.link.haveAccount')} <ModalLink to={authModals.login}>{t('auth.link.logIn')}</ModalLink>
        </p>
        <ModalLink to={authModals.resetPassword}>{t('auth.link.forgotPassword')}</ModalLink>
      </ModalFooter>
    </Modal>
  );
}
