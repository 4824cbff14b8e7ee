import { dateBounds, type FormFieldItem, type FormFieldType, todayHere } from '@cutout/contracts';
import { clsx } from 'clsx';
import { ChevronDown, Info } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentText } from './ConsentText.tsx';
import {
  controlAria,
  FieldMessages,
  type FormFieldProps,
  fieldIds,
  LabelledControl,
  RequiredMark,
  useControlClasses,
} from './field-parts.tsx';
import { useToneStyles } from './form-tone.ts';
import { fieldTypeOf } from './form-values.ts';
import { OptionGroup } from './OptionGroup.tsx';

/** Autofill hints by type, and for the fields every form names the same way (WCAG 1.3.5). */
const inputAttributes: Partial<Record<FormFieldType, InputHTMLAttributes<HTMLInputElement>>> = {
  short_text: { type: 'text' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', spellCheck: false },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  link: { type: 'url', inputMode: 'url', autoComplete: 'url', spellCheck: false },
  number: { type: 'number', inputMode: 'decimal', step: 'any' },
  date: { type: 'date' },
};
const autoCompleteById: Record<string, string> = { name: 'name', company: 'organization' };

/** One field of a feedback form, drawn by its type; a source field draws nothing. */
export function FormField(props: FormFieldProps) {
  const type = fieldTypeOf(props.field);
  switch (type) {
    case 'source':
      return null;
    case 'label':
      return <LabelBlock field={props.field} />;
    case 'single_option':
    case 'multiple_option':
      return <OptionGroup {...props} multiple={type === 'multiple_option'} />;
    case 'yes_no':
      return <YesNoField {...props} />;
    case 'long_text':
      return <TextAreaField {...props} />;
    case 'drop_down_list':
      return <SelectField {...props} />;
    default:
      return <InputField {...props} type={type} />;
  }
}

function InputField({ field, value, error, onChange, id, type }: FormFieldProps & { type: FormFieldType }) {
  const classes = useControlClasses(Boolean(error));
  const bounds = inputBounds(field, type);
  return (
    <LabelledControl field={field} id={id} error={error}>
      {(control) => (
        <input
          autoComplete={autoCompleteById[field.id]}
          {...inputAttributes[type]}
          {...control}
          min={bounds.min}
          max={bounds.max}
          placeholder={field.placeholder ?? undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value, { badInput: event.target.validity.badInput })}
          className={clsx(classes, 'h-11')}
        />
      )}
    </LabelledControl>
  );
}

/** A number's bounds as they are; a date's as the days they fall on from today here (the picker greys out the rest). */
function inputBounds(
  field: FormFieldItem,
  type: FormFieldType,
): { min?: number | string; max?: number | string } {
  if (type === 'number') return { min: field.min ?? undefined, max: field.max ?? undefined };
  if (type !== 'date') return {};
  const { first, last } = dateBounds(field, todayHere());
  return { min: first ?? undefined, max: last ?? undefined };
}

function TextAreaField({ field, value, error, onChange, id }: FormFieldProps) {
  const classes = useControlClasses(Boolean(error));
  return (
    <LabelledControl field={field} id={id} error={error}>
      {(control) => (
        <textarea
          rows={5}
          {...control}
          placeholder={field.placeholder ?? undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          className={clsx(classes, 'min-h-32 resize-y py-2.5 leading-relaxed')}
        />
      )}
    </LabelledControl>
  );
}

/** A native select: the platform's own picker; its first, empty option is the placeholder. */
function SelectField({ field, value, error, onChange, id }: FormFieldProps) {
  const { t } = useTranslation();
  const tone = useToneStyles();
  const classes = useControlClasses(Boolean(error));
  return (
    <LabelledControl field={field} id={id} error={error}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            className={clsx(classes, 'h-11 appearance-none pr-10')}
          >
            <option value="">{field.placeholder ?? t('forms.choose')}</option>
            {field.optionItems.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className={clsx(
              'pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2',
              tone.hint,
            )}
          />
        </div>
      )}
    </LabelledControl>
  );
}

/** A tick: yes or no; a required one (a consent) must be ticked. */
function YesNoField({ field, value, error, onChange, id }: FormFieldProps) {
  const tone = useToneStyles();
  const { hintId, errorId, describedBy } = fieldIds(id, { hint: Boolean(field.description), error: !!error });
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          {...controlAria({ required: field.required, invalid: Boolean(error), describedBy })}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          className={clsx('mt-0.5 size-4.5 shrink-0 cursor-pointer rounded', tone.control)}
        />
        <label htmlFor={id} className={clsx('cursor-pointer text-sm leading-relaxed', tone.label)}>
          <ConsentText text={field.name} />
          {field.required && <RequiredMark />}
        </label>
      </div>
      <div className="pl-7.5">
        <FieldMessages hint={field.description} error={error} hintId={hintId} errorId={errorId} />
      </div>
    </div>
  );
}

/** Text inside the form: its name as a small heading, its description under it; it takes no answer. */
function LabelBlock({ field }: { field: FormFieldItem }) {
  const tone = useToneStyles();
  return (
    <div className={clsx('flex items-start gap-3 rounded-2xl p-4 ring-1', tone.note)}>
      <Info aria-hidden="true" className={clsx('mt-0.5 size-5 shrink-0', tone.noteIcon)} />
      <div className="min-w-0">
        <h3 className={clsx('text-sm font-semibold', tone.heading)}>{field.name}</h3>
        {field.description && (
          <p className={clsx('mt-1 text-sm leading-relaxed', tone.text)}>{field.description}</p>
        )}
      </div>
    </div>
  );
}
