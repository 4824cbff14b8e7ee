import type { FormFieldItem } from '@cutout/contracts';
import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToneStyles } from './form-tone.ts';
import type { DraftValue } from './form-values.ts';

export interface FormFieldProps {
  field: FormFieldItem;
  value: DraftValue | undefined;
  /** Why the value is refused, in the user's language. */
  error?: string;
  /** `badInput`: a number input holds text the browser cannot read as a number. */
  onChange: (value: DraftValue, options?: { badInput?: boolean }) => void;
  /** The control's id (a group's, for options); unique on the page. */
  id: string;
}

/** The ids that tie a control to its hint and its error message. */
export function fieldIds(id: string, parts: { hint: boolean; error: boolean }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [parts.error ? errorId : null, parts.hint ? hintId : null].filter(Boolean).join(' ');
  return { hintId, errorId, describedBy: describedBy || undefined };
}

/** The attributes of a control that tell assistive technology it is required, refused and why. */
export function controlAria(options: { required: boolean; invalid: boolean; describedBy?: string }) {
  return {
    'aria-required': options.required || undefined,
    'aria-invalid': options.invalid || undefined,
    'aria-describedby': options.describedBy,
  };
}

/**
 * The visible mark of a required field. Screen readers learn it from aria-required (or, for a group
 * of checkboxes, which cannot carry it, from the hidden word), so the star itself is hidden from them.
 */
export function RequiredMark({ spoken = false }: { spoken?: boolean }) {
  const { t } = useTranslation();
  const tone = useToneStyles();
  return (
    <>
      <span aria-hidden="true" className={clsx('ml-0.5 font-semibold', tone.mark)}>
        *
      </span>
      {spoken && (
        <>
          {' '}
          <span className="sr-only">({t('forms.required')})</span>
        </>
      )}
    </>
  );
}

/** The label above a control. */
function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required: boolean;
  children: ReactNode;
}) {
  const tone = useToneStyles();
  return (
    <label htmlFor={htmlFor} className={clsx('mb-1.5 block text-sm font-medium', tone.label)}>
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

/** The attributes that make a control its field's: its id, and what ties it to its hint and error. */
export type ControlProps = { id: string } & ReturnType<typeof controlAria>;

/**
 * A one-control field: its label (with the required mark), the control the render function draws
 * with the props that tie it to the label, hint and error, then the hint and the error.
 */
export function LabelledControl({
  field,
  id,
  error,
  children,
}: {
  field: FormFieldItem;
  id: string;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const { hintId, errorId, describedBy } = fieldIds(id, { hint: Boolean(field.description), error: !!error });
  return (
    <div>
      <FieldLabel htmlFor={id} required={field.required}>
        {field.name}
      </FieldLabel>
      {children({ id, ...controlAria({ required: field.required, invalid: Boolean(error), describedBy }) })}
      <FieldMessages hint={field.description} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

/** The hint and the error under a control, with the ids its aria-describedby names. */
export function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint?: string | null;
  error?: string;
  hintId: string;
  errorId: string;
}) {
  const tone = useToneStyles();
  return (
    <>
      {hint && (
        <p id={hintId} className={clsx('mt-1.5 text-xs leading-relaxed', tone.hint)}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={clsx('mt-1.5 flex items-start gap-1.5 text-sm', tone.error)}>
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </>
  );
}

/** The classes of a one-line input, a select or a text area. */
export function useControlClasses(invalid: boolean) {
  const tone = useToneStyles();
  return clsx(
    'block w-full min-w-0 rounded-xl border px-3.5 text-[15px] shadow-xs transition',
    'focus:ring-4 focus:outline-none focus-visible:outline-none',
    'disabled:cursor-not-allowed disabled:opacity-60',
    invalid ? tone.inputInvalid : tone.input,
  );
}
