import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { digitsOf, phoneComplete, phoneForServer } from '../../shared/format/phone-mask.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { PhoneField } from '../../shared/ui/phone-field.tsx';

type Field = 'fullName' | 'phone' | 'email';

export interface RecipientInput {
  fullName: string;
  phoneNumber: string;
  email: string | null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who receives the order: a name, a phone number (the app's mask, SPEC §9) and an optional e-mail. */
export function RecipientForm({
  onSubmit,
  saving,
}: {
  onSubmit: (recipient: RecipientInput) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const { ref, focusInvalid } = useFocusInvalid();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clear = (field: Field) => setErrors(({ [field]: _dropped, ...rest }) => rest);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!fullName.trim()) found.fullName = t('cart.contactSet.errors.fullName');
    if (!digitsOf(phone)) found.phone = t('cart.contactSet.errors.phone');
    else if (!phoneComplete(phone)) found.phone = t('cart.contactSet.errors.phoneInvalid');
    if (email.trim() && !emailPattern.test(email.trim())) found.email = t('cart.contactSet.errors.email');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusInvalid();
      return;
    }
    onSubmit({ fullName: fullName.trim(), phoneNumber: phoneForServer(phone), email: email.trim() || null });
  }

  return (
    <form ref={ref} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label={t('cart.contactSet.fullName')}
        value={fullName}
        autoComplete="name"
        error={errors.fullName}
        onChange={(value) => {
          setFullName(value);
          clear('fullName');
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PhoneField
          label={t('cart.contactSet.phone')}
          value={phone}
          error={errors.phone}
          onChange={(value) => {
            setPhone(value);
            clear('phone');
          }}
        />
        <TextField
          label={t('cart.contactSet.email')}
          type="email"
          value={email}
          autoComplete="email"
          hint={t('cart.contactSet.optional')}
          error={errors.email}
          onChange={(value) => {
            setEmail(value);
            clear('email');
          }}
        />
      </div>
      <SubmitButton loading={saving} className="sm:w-auto sm:self-start">
        {t('cart.contactSet.saveRecipient')}
      </SubmitButton>
    </form>
  );
}
