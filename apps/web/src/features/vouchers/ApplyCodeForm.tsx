import { CircleCheck, Ticket, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { useGrantText } from './use-grant-text.ts';
import { useApplyPinCode } from './use-vouchers.ts';
import type { AppliedPinCode } from './vouchers-api.ts';

/**
 * Applies a pin code or a gift card's code. An empty field is refused here (SPEC §5); a refusal of
 * the server shows under the field and keeps what was typed; once applied, the field clears and
 * what the code gave stays in view until the next code.
 */
export function ApplyCodeForm() {
  const { t } = useTranslation();
  const grantText = useGrantText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedPinCode | null>(null);
  const apply = useApplyPinCode((result) => {
    setCode('');
    setApplied(result);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setError(t('vouchers.apply.required'));
    setError(null);
    setApplied(null);
    apply.mutate(typed, { onError: (failure) => setError(errorMessage(failure, t)) });
  }

  return (
    <section
      aria-labelledby="apply-code-title"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7"
    >
      <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <Ticket aria-hidden="true" className="size-5.5" />
      </span>
      <h2 id="apply-code-title" className="mt-4 text-lg font-semibold text-slate-900">
        {t('vouchers.apply.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{t('vouchers.apply.text')}</p>
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <TextField
          label={t('vouchers.apply.label')}
          placeholder={t('vouchers.apply.placeholder')}
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={error ? <span role="alert">{error}</span> : undefined}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          className="[&_input]:font-mono [&_input]:tracking-wider"
        />
        <SubmitButton loading={apply.isPending} size="md">
          {t('vouchers.apply.submit')}
        </SubmitButton>
      </form>
      {applied && (
        <div
          role="status"
          className="mt-5 flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/70 p-4"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <div className="min-w-0 flex-1">
            <p className="text-base font-semibold text-slate-900">
              {grantText(applied.voucher.grant, { gained: true })}
            </p>
            <p className="mt-0.5 text-sm break-words text-emerald-800">
              {t('vouchers.apply.applied', { code: applied.voucher.code })}
            </p>
          </div>
          <button
            type="button"
            onClick={() => setApplied(null)}
            aria-label={t('vouchers.apply.dismiss')}
            className="-m-1 rounded-md p-1 text-emerald-700/70 transition hover:bg-emerald-100 hover:text-emerald-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </section>
  );
}
