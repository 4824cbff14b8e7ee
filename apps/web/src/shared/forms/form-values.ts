import {
  dateBounds,
  type Form,
  type FormFieldError,
  type FormFieldItem,
  type FormFieldType,
  type FormFieldValue,
  formAnswerErrors,
  formLimits,
  type TodayWindow,
  todayHere,
} from '@cutout/contracts';
import { isApiError } from '../api/api-error.ts';

/**
 * A feedback form's answer while it is being filled, and the way from it to the request: the draft
 * holds what the controls show (a number as typed), the answer holds what the server takes (a
 * number as a number, the page's path for the source). Both sides check it by the contracts'
 * `formAnswerErrors`, so the browser refuses what the server would.
 */

/** What a control holds: text (a number as typed too), the ids of ticked options, or a yes/no. */
export type DraftValue = string | string[] | boolean;
export type Draft = Record<string, DraftValue>;
export type FieldErrors = Record<string, FormFieldError>;

export const fieldTypeOf = (field: FormFieldItem): FormFieldType =>
  field.fieldTypeId.replace('form_field_types.', '') as FormFieldType;

/** A label is only text and the source is the page's path: neither has a control. */
export const takesInput = (field: FormFieldItem) => !['label', 'source'].includes(fieldTypeOf(field));

/** The empty draft of a form: nothing typed, nothing chosen, nothing ticked. */
export function emptyDraft(form: Pick<Form, 'fieldItems'>): Draft {
  const draft: Draft = {};
  for (const field of form.fieldItems.filter(takesInput)) {
    const type = fieldTypeOf(field);
    draft[field.id] = type === 'multiple_option' ? [] : type === 'yes_no' ? false : '';
  }
  return draft;
}

/** The value a field is sent with: blank text as null, a number as a number, the source as `sourcePath`. */
function answerValue(
  field: FormFieldItem,
  value: DraftValue | undefined,
  sourcePath: string,
): FormFieldValue {
  const type = fieldTypeOf(field);
  if (type === 'source') return sourcePath;
  if (value === undefined) return null;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  return type === 'number' ? Number(value) : value;
}

/** Every field's answer but the labels', by field id. */
export function answerValues(
  form: Pick<Form, 'fieldItems'>,
  draft: Draft,
  sourcePath: string,
): Record<string, FormFieldValue> {
  const values: Record<string, FormFieldValue> = {};
  for (const field of form.fieldItems) {
    if (fieldTypeOf(field) !== 'label') values[field.id] = answerValue(field, draft[field.id], sourcePath);
  }
  return values;
}

/**
 * Why each field is refused, by the contracts' rules. A number field the browser could not read
 * (`badNumbers`: its text is not a number, so the input reports it empty) is refused as 'number'
 * instead of passing for blank.
 */
export function draftErrors(
  form: Pick<Form, 'fieldItems'>,
  values: Record<string, FormFieldValue>,
  badNumbers: ReadonlySet<string>,
): FieldErrors {
  const errors = formAnswerErrors(form, values, todayHere());
  for (const id of badNumbers) errors[id] = 'number';
  return errors;
}

const fieldErrorKeys: Record<FormFieldError, true> = {
  required: true,
  email: true,
  phone: true,
  link: true,
  number: true,
  number_min: true,
  number_max: true,
  date: true,
  date_min: true,
  date_max: true,
  option: true,
  too_long: true,
};

const isFieldError = (value: unknown): value is FormFieldError =>
  typeof value === 'string' && Object.hasOwn(fieldErrorKeys, value);

/**
 * The field errors of a refused answer (400 FORM_REQUIRED_FIELDS / FORM_FIELD_INVALID with
 * details.fields), kept for the fields the form shows; null for any other failure.
 */
export function serverFieldErrors(form: Pick<Form, 'fieldItems'>, error: unknown): FieldErrors | null {
  if (!isApiError(error) || !['FORM_REQUIRED_FIELDS', 'FORM_FIELD_INVALID'].includes(error.code)) return null;
  const details = error.details;
  const fields =
    details && typeof details === 'object' ? (details as { fields?: unknown }).fields : undefined;
  const errors: FieldErrors = {};
  if (!fields || typeof fields !== 'object') return errors;
  for (const field of form.fieldItems.filter(takesInput)) {
    const why = (fields as Record<string, unknown>)[field.id];
    if (isFieldError(why)) errors[field.id] = why;
  }
  return errors;
}

/** The line above the submit button (SPEC §5): missing fields first, else fields to correct. */
export const summaryKey = (errors: FieldErrors) =>
  Object.values(errors).includes('required') ? 'forms.errors.summaryRequired' : 'forms.errors.summaryInvalid';

/** A field's message in the user's language: a missing choice or tick reads differently from a missing text. */
export function fieldErrorMessage(
  field: FormFieldItem,
  error: FormFieldError,
  options: {
    t: (key: string, values?: Record<string, unknown>) => string;
    formatNumber: (n: number) => string;
    /** A date (YYYY-MM-DD) in the page's language. */
    formatDay: (day: string) => string;
    /** Today's window for date bounds (default: today here). */
    today?: TodayWindow;
  },
): string {
  const { t, formatNumber, formatDay, today = todayHere() } = options;
  const type = fieldTypeOf(field);
  switch (error) {
    case 'required':
      if (type === 'yes_no') return t('forms.errors.requiredCheck');
      if (['drop_down_list', 'single_option', 'multiple_option'].includes(type))
        return t('forms.errors.requiredChoice');
      return t('forms.errors.required');
    case 'number_min':
      return t('forms.errors.number_min', { min: formatNumber(field.min ?? 0) });
    case 'number_max':
      return t('forms.errors.number_max', { max: formatNumber(field.max ?? 0) });
    case 'date_min':
    case 'date_max': {
      const { first, last } = dateBounds(field, today);
      const day = error === 'date_min' ? first : last;
      return day ? t(`forms.errors.${error}`, { date: formatDay(day) }) : t('forms.errors.date');
    }
    case 'too_long':
      return t('forms.errors.too_long', {
        limit: formatNumber(type === 'long_text' ? formLimits.longText : formLimits.shortText),
      });
    default:
      return t(`forms.errors.${error}`);
  }
}

/** One-line controls; two of them share a row where the form is wide enough. */
const compactTypes: ReadonlySet<FormFieldType> = new Set([
  'short_text',
  'email',
  'phone',
  'link',
  'number',
  'date',
  'drop_down_list',
]);

/**
 * Which shown fields take the whole row: all but one-line controls, which pair up with the one-line
 * control beside them; the odd one at the end of a run takes the row, so that no row is half empty.
 */
export function wideFields(fields: FormFieldItem[]): Set<string> {
  const wide = new Set<string>();
  let run: string[] = [];
  const closeRun = () => {
    if (run.length % 2 === 1) wide.add(run.at(-1) ?? '');
    run = [];
  };
  for (const field of fields) {
    if (compactTypes.has(fieldTypeOf(field))) {
      run.push(field.id);
      continue;
    }
    closeRun();
    wide.add(field.id);
  }
  closeRun();
  return wide;
}
