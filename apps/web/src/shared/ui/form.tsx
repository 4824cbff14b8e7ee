import { clsx } from 'clsx';
import { ChevronDown, CircleAlert, Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx';

const inputClasses =
  'block h-11 w-full min-w-0 rounded-xl border bg-white px-3.5 text-[15px] text-slate-900 shadow-xs transition ' +
  'placeholder:text-slate-400 focus:outline-none focus-visible:outline-none focus:ring-4 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

/** A text input that cannot be edited (a confirmed code) looks it; a select matches :read-only too. */
const readOnlyInputClasses = 'read-only:bg-slate-50 read-only:text-slate-500';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  /**
   * A translated message shown under the field (text, or text with links); the field is marked
   * invalid while it is set.
   */
  error?: ReactNode;
  /** Marks the field invalid without a message of its own (a form-wide message names it). */
  invalid?: boolean;
  hint?: ReactNode;
  /** Shown inside the field at its end (a check mark, a show-password button). */
  inside?: ReactNode;
  /** Shown beside the field (a get-code button). */
  aside?: ReactNode;
  onChange: (value: string) => void;
  /** The input element itself (a masked field places the caret). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error message. */
export function TextField({
  label,
  error,
  invalid,
  hint,
  inside,
  aside,
  onChange,
  className,
  id,
  ...input
}: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={inputId}
            aria-invalid={error || invalid ? true : undefined}
            aria-describedby={describedBy || undefined}
            className={clsx(
              inputClasses,
              readOnlyInputClasses,
              inside && 'pr-11',
              error || invalid
                ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-100'
                : 'border-slate-200 hover:border-slate-300 focus:border-violet-500 focus:ring-violet-100',
            )}
            onChange={(event) => onChange(event.target.value)}
            {...input}
          />
          {inside && <div className="absolute inset-y-0 right-1 flex items-center">{inside}</div>}
        </div>
        {aside}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={messageId} className="mt-1.5 flex items-start gap-1.5 text-sm text-rose-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a button that shows what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'inside'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      inside={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
          className="inline-flex size-9 items-center justify-center rounded-lg text-slate-400 transition hover:bg-slate-100 hover:text-slate-700"
        >
          <Icon aria-hidden="true" className="size-4.5" />
        </button>
      }
    />
  );
}

/** A form-wide error, announced as an alert. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-rose-200 bg-rose-50 px-3.5 py-3 text-sm text-rose-700"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">{children}</div>
    </div>
  );
}

/** A submit button that shows a spinner and refuses clicks while its form is being sent. */
export function SubmitButton({
  loading,
  children,
  variant,
  size = 'lg',
  className,
  type = 'submit',
  onClick,
  disabled,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <Button
      type={type}
      variant={variant}
      size={size}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      onClick={onClick}
      className={clsx('w-full', className)}
    >
      {loading && <LoaderCircle aria-hidden="true" className="size-4.5 animate-spin" />}
      {children}
    </Button>
  );
}

/** A labelled native select: the platform's own picker on every device. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  disabled,
  className,
}: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={clsx(
            inputClasses,
            'appearance-none border-slate-200 pr-10 hover:border-slate-300 focus:border-violet-500 focus:ring-violet-100',
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-slate-400"
        />
      </div>
    </div>
  );
}
