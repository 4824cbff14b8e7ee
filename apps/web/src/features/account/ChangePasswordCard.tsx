import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../shared/api/api-error.ts';
import { usersApi } from '../../shared/api/users.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { FormAlert, PasswordField, SubmitButton } from '../../shared/ui/form.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import {
  checkCurrentPassword,
  checkNewPassword,
  checkRepeatPassword,
  collect,
  type Errors,
  hasErrors,
  translateErrors,
} from '../../shared/validation/field-checks.ts';
import { Card } from './Card.tsx';

type Field = 'password' | 'newPassword' | 'repeatPassword';

/** Change password: the current one, the new one twice (/changePassword). */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    newPassword: '',
    repeatPassword: '',
  });
  const [errors, setErrors] = useState<Errors<Field>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = collect<Field>({
      password: checkCurrentPassword(values.password),
      newPassword:
        checkNewPassword(values.newPassword) ??
        (values.newPassword === values.password ? 'error_password_unchanged' : null),
      repeatPassword: checkRepeatPassword(values.newPassword, values.repeatPassword),
    });
    setErrors(translateErrors(found, t));
    focusInvalid();
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      await usersApi.changePassword({ password: values.password, newPassword: values.newPassword });
      setValues({ password: '', newPassword: '', repeatPassword: '' });
      toast.success(t('profile.password.changed'));
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_CREDENTIALS') {
        setErrors({ password: t('profile.password.wrongCurrent') });
        focusInvalid();
      } else {
        setFormError(errorMessage(error, t));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('profile.password.title')}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          value={values.password}
          onChange={edit('password')}
          error={errors.password}
          className="sm:max-w-[calc(50%-0.5rem)]"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label={t('profile.password.new')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={edit('newPassword')}
            error={errors.newPassword}
          />
          <PasswordField
            label={t('profile.password.repeat')}
            autoComplete="new-password"
            value={values.repeatPassword}
            onChange={edit('repeatPassword')}
            error={errors.repeatPassword}
          />
        </div>
        {formError && <FormAlert>{formError}</FormAlert>}
        <div>
          <SubmitButton loading={saving} size="md" className="sm:w-auto">
            {t('profile.password.submit')}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
