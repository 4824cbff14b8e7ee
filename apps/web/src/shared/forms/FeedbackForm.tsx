import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error.ts';
import { formatDay } from '../format/date.ts';
import { useLanguage } from '../routing/language-context.tsx';
import { SubmitButton } from '../ui/form.tsx';
import { FormField } from './FormField.tsx';
import { AfterSubmit, FormLoadError, FormSkeleton, ToneAlert } from './FormStates.tsx';
import { type FormTone, FormToneContext, useToneStyles } from './form-tone.ts';
import { fieldErrorMessage, fieldTypeOf, summaryKey, takesInput, wideFields } from './form-values.ts';
import { type Form, fetchForm, formsQueryKeys } from './forms-api.ts';
import { type SubmitFailure, useFeedbackForm } from './use-feedback-form.ts';
import { firstControlIn, useFocusInvalid } from './use-focus-invalid.ts';

export interface FeedbackFormProps {
  /** The form's id: contact, integration-1c, integration-order, mobile-app, subscription-feedback. */
  formId: string;
  className?: string;
  /** 'card': the form in a card of its own; 'plain': the form alone, inside its host's block. */
  variant?: 'card' | 'plain';
  /** The surface under the form: 'dark' where it sits on a dark band (the footer). */
  tone?: FormTone;
}

const cardClasses: Record<FormTone, string> = {
  light: 'rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8',
  dark: 'rounded-3xl border border-white/10 bg-white/5 p-6 sm:p-8',
};

/**
 * A feedback form of the store (SPEC §3 form): loads its definition in the page's language, draws
 * every field by its type, checks the answer by the contracts' rules before sending it (SPEC §5),
 * shows the server's refusals on the fields, and once sent shows the form's after-submit texts.
 * Two columns where the form is wide enough (a container query), one otherwise.
 */
export function FeedbackForm({ formId, className, variant = 'card', tone = 'light' }: FeedbackFormProps) {
  const language = useLanguage();
  const query = useQuery({
    queryKey: formsQueryKeys.form(formId, language),
    queryFn: ({ signal }) => fetchForm(formId, signal, language),
    // While the texts of another language load, the form stays, and so does what was typed.
    placeholderData: (previous) => (previous?.id === formId ? previous : undefined),
    staleTime: 10 * 60_000,
  });
  return (
    <FormToneContext value={tone}>
      <div className={clsx('@container', variant === 'card' && cardClasses[tone], className)}>
        {query.data ? (
          <FeedbackFormBody key={query.data.id} form={query.data} variant={variant} />
        ) : query.isError ? (
          <FormLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <FormSkeleton />
        )}
      </div>
    </FormToneContext>
  );
}

const controlSelector = 'input:not([tabindex="-1"]), select, textarea';

function FeedbackFormBody({ form, variant }: { form: Form; variant: 'card' | 'plain' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tone = useToneStyles();
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const state = useFeedbackForm(form, { onFieldsRefused: focusInvalid });
  const focusFirstControl = useRef(false);
  const ids = useId();
  const titleId = `${ids}-title`;
  const shown = form.fieldItems.filter((field) => takesInput(field) || fieldTypeOf(field) === 'label');
  const wide = wideFields(shown);
  const formatNumber = (value: number) => value.toLocaleString(language);
  const formatDayHere = (day: string) => formatDay(day, language);

  useEffect(() => {
    if (state.result || !focusFirstControl.current || !formRef.current) return;
    focusFirstControl.current = false;
    firstControlIn(formRef.current, controlSelector)?.focus();
  }, [state.result, formRef]);

  if (state.result) {
    const again = () => {
      focusFirstControl.current = true;
      state.reset();
    };
    return <AfterSubmit result={state.result} centered={variant === 'card'} onAgain={again} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    state.submit();
  };
  const alert = failureMessage(state.failure, Object.keys(state.errors).length > 0, {
    summary: t(summaryKey(state.errors)),
    server: (error) => errorMessage(error, t),
  });

  return (
    <form ref={formRef} noValidate aria-labelledby={titleId} onSubmit={submit} className="relative">
      <h2
        id={titleId}
        className={clsx(
          'tracking-tight text-balance',
          variant === 'card' ? 'text-xl font-semibold' : 'text-2xl font-bold sm:text-3xl',
          tone.heading,
        )}
      >
        {form.title}
      </h2>
      {form.subtitle && (
        <p className={clsx('mt-2 leading-relaxed text-pretty', tone.text)}>{form.subtitle}</p>
      )}
      {shown.some((field) => field.required) && (
        <p className={clsx('mt-3 text-xs', tone.hint)}>{t('forms.requiredNote')}</p>
      )}
      <div className="mt-6 grid gap-5 @lg:grid-cols-2 @lg:gap-x-4">
        {shown.map((field) => {
          const why = state.errors[field.id];
          return (
            <div key={field.id} className={clsx('min-w-0', wide.has(field.id) && '@lg:col-span-2')}>
              <FormField
                id={`${ids}-field-${field.id}`}
                field={field}
                value={state.draft[field.id]}
                error={
                  why
                    ? fieldErrorMessage(field, why, { t, formatNumber, formatDay: formatDayHere })
                    : undefined
                }
                onChange={(value, options) => state.change(field.id, value, options)}
              />
            </div>
          );
        })}
      </div>
      <Honeypot id={`${ids}-honeypot`} value={state.website} onChange={state.setWebsite} />
      {alert && (
        <div className="mt-6">
          <ToneAlert>{alert}</ToneAlert>
        </div>
      )}
      <SubmitButton loading={state.pending} size="md" className="mt-6 sm:w-auto sm:min-w-40">
        {form.submitTitle}
      </SubmitButton>
    </form>
  );
}

/**
 * The line above the button: the summary of the refused fields while any is left, or the server's
 * message (in the user's language) for a refusal that names no field or fields the form keeps.
 */
function failureMessage(
  failure: SubmitFailure | null,
  fieldsRefused: boolean,
  text: { summary: string; server: (error: unknown) => string },
): string | null {
  if (!failure) return null;
  if (failure.kind === 'fields') return fieldsRefused ? text.summary : null;
  if (failure.hasFieldErrors && !fieldsRefused) return null;
  return text.server(failure.error);
}

/**
 * A text field people never see (SPEC §7.6 `website`): off-screen, hidden from assistive technology,
 * out of the tab order and of autofill. A bot that fills every field gives itself away.
 */
function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-0 -left-[10000px] size-px overflow-hidden"
    >
      <label htmlFor={id}>{t('forms.honeypot')}</label>
      <input
        id={id}
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
