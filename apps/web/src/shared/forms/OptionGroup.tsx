import { clsx } from 'clsx';
import { controlAria, FieldMessages, type FormFieldProps, fieldIds, RequiredMark } from './field-parts.tsx';
import { useToneStyles } from './form-tone.ts';

/**
 * Options as a group of native radios (one answer) or checkboxes (several: the value is the ticked
 * ids, in the form's order). The fieldset's legend is the group's label; a radio group carries
 * aria-required itself, a checkbox group (role group cannot) says "required" in its legend.
 */
export function OptionGroup({
  field,
  value,
  error,
  onChange,
  id,
  multiple,
}: FormFieldProps & { multiple: boolean }) {
  const tone = useToneStyles();
  const { hintId, errorId, describedBy } = fieldIds(id, { hint: Boolean(field.description), error: !!error });
  const chosen = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];

  const toggle = (optionId: string, checked: boolean) => {
    if (!multiple) return onChange(optionId);
    const next = new Set(chosen);
    if (checked) next.add(optionId);
    else next.delete(optionId);
    onChange(field.optionItems.map((option) => option.id).filter((candidate) => next.has(candidate)));
  };

  return (
    <fieldset
      id={id}
      role={multiple ? undefined : 'radiogroup'}
      {...controlAria({ required: field.required && !multiple, invalid: Boolean(error), describedBy })}
      className="min-w-0"
    >
      <legend className={clsx('mb-2 text-sm font-medium', tone.label)}>
        {field.name}
        {field.required && <RequiredMark spoken={multiple} />}
      </legend>
      <div className="flex flex-wrap gap-2">
        {field.optionItems.map((option) => {
          const checked = chosen.includes(option.id);
          return (
            <label
              key={option.id}
              className={clsx(
                'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3.5 py-2 text-sm transition',
                checked ? tone.optionChecked : error ? tone.optionInvalid : tone.option,
              )}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                value={option.id}
                checked={checked}
                onChange={(event) => toggle(option.id, event.target.checked)}
                className={clsx('size-4 shrink-0 cursor-pointer', tone.control)}
              />
              {option.name}
            </label>
          );
        })}
      </div>
      <FieldMessages hint={field.description} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
}
