import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { usersApi } from '../../shared/api/users.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { FormAlert, SubmitButton } from '../../shared/ui/form.tsx';
import { checkEmail } from '../../shared/validation/field-checks.ts';
import { fieldErrorsOf } from './api-errors.ts';
import { authModals } from './modal-state.ts';

/**
 * The storefront variant of recovery (SPEC §2.3): a one-time link to the e-mail, leading to the
 * set-password modal. Its refusal (too many requests) shows beside its own button, not above the
 * code form's, which it does not hold back.
 */
export function ResetLinkRequest({
  email,
  onAddressChecked,
  onSent,
}: {
  /** The e-mail of the recovery form, as the server takes it. */
  email: string;
  /** The message about the e-mail (null when it is fine), shown on the form's e-mail field. */
  onAddressChecked: (message: string | null) => void;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);

  // The button is disabled while the request runs, which drops the keyboard to the dialog; after a
  // refusal it goes back to the button once it is drawn enabled again.
  useEffect(() => {
    if (refusals > 0) box.current?.querySelector('button')?.focus();
  }, [refusals]);

  async function send() {
    setError(null);
    const key = checkEmail(email);
    onAddressChecked(key ? t(key) : null);
    if (key) return;
    setLoading(true);
    try {
      await usersApi.requestResetLink({
        email,
        callbackUrl: `${window.location.origin}/${language}?modal=${authModals.setPassword}`,
      });
      onSent(email);
    } catch (refusal) {
      const fields = fieldErrorsOf<'address'>(refusal, { email: 'address' });
      if (fields.address) onAddressChecked(fields.address);
      else {
        setError(errorMessage(refusal, t));
        setRefusals((count) => count + 1);
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <div ref={box} className="mt-5 flex flex-col gap-3 rounded-2xl bg-slate-50 p-4">
      <p className="text-sm leading-relaxed text-slate-600">{t('auth.reset.linkIntro')}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <SubmitButton type="button" variant="secondary" size="md" loading={loading} onClick={() => void send()}>
        {t('auth.reset.sendLink')}
      </SubmitButton>
    </div>
  );
}
