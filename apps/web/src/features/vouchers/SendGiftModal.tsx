import { clsx } from 'clsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../shared/api/api-error.ts';
import { type Language, languages } from '../../shared/i18n/languages.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { FormAlert, SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useGrantText } from './use-grant-text.ts';
import { useSendVoucher } from './use-vouchers.ts';
import type { Voucher } from './vouchers-api.ts';

/**
 * E-mails a gift card's code to someone, in the language they read (the page's by default). The
 * e-mail is checked by the server: its refusal shows under the field, any other inside the dialog.
 */
export function SendGiftModal({ voucher, onClose }: { voucher: Voucher; onClose: () => void }) {
  const { t } = useTranslation();
  const pageLanguage = useLanguage();
  const grantText = useGrantText();
  const [email, setEmail] = useState(voucher.recipientEmail ?? '');
  const [language, setLanguage] = useState<Language>(pageLanguage);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendVoucher(voucher.id, onClose);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) return setFieldError(t('error_email_required'));
    setFieldError(null);
    setFormError(null);
    send.mutate(
      { email: typed, language },
      {
        onError: (failure) => {
          const message = errorMessage(failure, t);
          if (isApiError(failure) && failure.code === 'VALIDATION_ERROR') setFieldError(message);
          else setFormError(message);
        },
      },
    );
  }

  return (
    <Modal
      title={t('vouchers.send.title')}
      description={t('vouchers.send.text', { code: voucher.code, gives: grantText(voucher.grant) })}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextField
          label={t('vouchers.send.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('vouchers.send.emailPlaceholder')}
          value={email}
          maxLength={254}
          error={fieldError ? <span role="alert">{fieldError}</span> : undefined}
          onChange={(value) => {
            setEmail(value);
            if (fieldError) setFieldError(null);
          }}
        />
        <LanguageChoice value={language} onChange={setLanguage} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('vouchers.send.cancel')}
          </Button>
          <SubmitButton loading={send.isPending} size="md" className="sm:w-auto">
            {t('vouchers.send.submit')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** The e-mail's language as two radio pills, named as the store names its languages. */
function LanguageChoice({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const options = languages.map((language) => ({
    language,
    name: info.locales.find((locale) => locale.language === language)?.name ?? language,
  }));
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('vouchers.send.language')}
      </legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.language}
            className={clsx(
              'flex h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold transition',
              'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-violet-100',
              option.language === value
                ? 'bg-white text-violet-700 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name="gift-language"
              value={option.language}
              checked={option.language === value}
              onChange={() => onChange(option.language)}
              className="sr-only"
            />
            <span lang={option.language}>{option.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
