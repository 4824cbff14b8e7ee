import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionType } from '../../shared/api/users.ts';
import { PasswordField, TextField } from '../../shared/ui/form.tsx';
import { PhoneField } from '../../shared/ui/phone-field.tsx';

interface FieldState {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  invalid?: boolean;
}

/** The address of one channel: an e-mail input, or a phone input with the mask. */
export function AddressField({ channel, ...field }: FieldState & { channel: PermissionType }) {
  const { t } = useTranslation();
  return channel === 'email' ? (
    <TextField label={t('auth.field.email')} type="email" autoComplete="email" {...field} />
  ) : (
    <PhoneField label={t('auth.field.phone')} {...field} />
  );
}

/** A new password and its repetition. */
export function NewPasswordFields({
  label,
  password,
  repeat,
}: {
  label: string;
  password: FieldState;
  repeat: FieldState;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" {...password} />
      <PasswordField label={t('auth.field.repeatPassword')} autoComplete="new-password" {...repeat} />
    </>
  );
}
