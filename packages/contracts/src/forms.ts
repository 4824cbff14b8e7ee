import { emailSchema } from './users.ts';
import { z } from './zod.ts';

/**
 * Feedback forms (SPEC §3 form, §5 form rules, §7.6): a form's definition, an answer to it, and the
 * rules an answer is checked by. The same rules run in the browser (to show errors at once) and on
 * the server (which decides).
 */
export const formFieldTypes = [
  'short_text',
  'long_text',
  'drop_down_list',
  'single_option',
  'multiple_option',
  'email',
  'phone',
  'link',
  /** A text shown in the form; it takes no answer. */
  'label',
  'number',
  'date',
  'yes_no',
  /** Where the answer came from (the page's address): filled by the client, not shown. */
  'source',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];
export type FormFieldTypeId = `form_field_types.${FormFieldType}`;
export const formFieldTypeIds = formFieldTypes.map((type) => `form_field_types.${type}` as const);

export const formOptionItemSchema = z.object({ id: z.string(), name: z.string() });

export const formFieldItemSchema = z.object({
  id: z.string(),
  fieldTypeId: z.enum(formFieldTypeIds as [FormFieldTypeId, ...FormFieldTypeId[]]),
  name: z.string(),
  placeholder: z.string().nullable(),
  /** A hint under the field; for a label, its text. */
  description: z.string().nullable(),
  required: z.boolean(),
  optionItems: z.array(formOptionItemSchema),
  /**
   * Bounds of a number field; of a date field, in days from the day the answer is given (0: not
   * before today).
   */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type FormFieldItem = z.infer<typeof formFieldItemSchema>;

/** POST /forms/{id}/fetchForm. */
export const formSchema = z.object({
  id: z.string(),
  /** What the form is for (contact, integration_1c…): an answer names its form by it. */
  tag: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  submitTitle: z.string(),
  afterSubmitTitle: z.string(),
  afterSubmitSubtitle: z.string().nullable(),
  fieldItems: z.array(formFieldItemSchema),
});
export type Form = z.infer<typeof formSchema>;

/** A field's answer as sent: text, option ids, a number, a yes/no, or nothing. */
export const formFieldValueSchema = z.union([
  z.string().max(10_000),
  z.array(z.string().max(200)).max(50),
  z.number(),
  z.boolean(),
  z.null(),
]);
export type FormFieldValue = z.infer<typeof formFieldValueSchema>;

/** POST /forms/answer (and /formAnswers/process). */
export const formAnswerRequestSchema = z.object({
  formId: z.string().max(100).nullish(),
  note: z.string().max(2_000).nullish(),
  fieldItemList: z
    .array(z.object({ fieldId: z.string().max(100), value: formFieldValueSchema }))
    .max(100)
    .default([]),
  /** A field people never see: a bot that fills it is answered as if it had been heard. */
  website: z.string().max(500).nullish(),
});
export type FormAnswerRequest = z.infer<typeof formAnswerRequestSchema>;

export const formAnswerResultSchema = z.object({
  id: z.string(),
  afterSubmitTitle: z.string(),
  afterSubmitSubtitle: z.string().nullable(),
});
export type FormAnswerResult = z.infer<typeof formAnswerResultSchema>;

/** Why a field's answer is refused: the key of its message. */
export type FormFieldError =
  | 'required'
  | 'email'
  | 'phone'
  | 'link'
  | 'number'
  | 'number_min'
  | 'number_max'
  | 'date'
  | 'date_min'
  | 'date_max'
  | 'option'
  | 'too_long';

export const formLimits = { shortText: 200, longText: 5_000, source: 500 } as const;

const isBlank = (value: FormFieldValue | undefined) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const isDate = (text: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/**
 * What "today" may be for the person answering, as dates (YYYY-MM-DD): in the browser the person's
 * own day; on the server any day it is somewhere on Earth at `now` (UTC−12 to UTC+14), so that the
 * server never refuses a date the person's browser allowed.
 */
export interface TodayWindow {
  earliest: string;
  latest: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const HOUR = 3_600_000;

/** Today wherever on Earth it may be at `now`: the server's window. */
export function todayAnywhere(now = new Date()): TodayWindow {
  return {
    earliest: isoDay(new Date(now.getTime() - 12 * HOUR)),
    latest: isoDay(new Date(now.getTime() + 14 * HOUR)),
  };
}

/** Today in this machine's time zone: the browser's window (one day). */
export function todayHere(now = new Date()): TodayWindow {
  const day = isoDay(new Date(now.getTime() - now.getTimezoneOffset() * 60_000));
  return { earliest: day, latest: day };
}

/** The date `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + Math.trunc(days) * 24 * HOUR));
}

/** The first and last dates a date field takes (YYYY-MM-DD, null where unbounded). */
export function dateBounds(
  field: Pick<FormFieldItem, 'min' | 'max'>,
  today: TodayWindow,
): { first: string | null; last: string | null } {
  return {
    first: field.min === null ? null : addDays(today.earliest, field.min),
    last: field.max === null ? null : addDays(today.latest, field.max),
  };
}

const isLink = (text: string) => {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * Why one field's value is refused, or null when it is fine (a blank optional field is fine).
 * `today` bounds date fields (default: the server's window).
 */
export function formFieldError(
  field: FormFieldItem,
  value: FormFieldValue | undefined,
  today: TodayWindow = todayAnywhere(),
): FormFieldError | null {
  const type = field.fieldTypeId.replace('form_field_types.', '') as FormFieldType;
  if (type === 'label') return null;
  if (isBlank(value) || (type === 'yes_no' && field.required && value !== true)) {
    return field.required ? 'required' : null;
  }
  const text = typeof value === 'string' ? value.trim() : null;
  const options = new Set(field.optionItems.map((option) => option.id));
  switch (type) {
    case 'short_text':
      return text === null ? 'required' : text.length > formLimits.shortText ? 'too_long' : null;
    case 'long_text':
      return text === null ? 'required' : text.length > formLimits.longText ? 'too_long' : null;
    case 'source':
      return text === null || text.length > formLimits.source ? 'too_long' : null;
    case 'email':
      return text !== null && emailSchema.safeParse(text).success ? null : 'email';
    case 'phone':
      return text !== null && /^\+?[\d\s()-]+$/.test(text) && /^\d{10,15}$/.test(text.replace(/\D/g, ''))
        ? null
        : 'phone';
    case 'link':
      return text !== null && text.length <= 2_000 && isLink(text) ? null : 'link';
    case 'number': {
      const number =
        typeof value === 'number' ? value : text !== null && text !== '' ? Number(text) : Number.NaN;
      if (!Number.isFinite(number)) return 'number';
      if (field.min !== null && number < field.min) return 'number_min';
      if (field.max !== null && number > field.max) return 'number_max';
      return null;
    }
    case 'date': {
      if (text === null || !isDate(text)) return 'date';
      const { first, last } = dateBounds(field, today);
      if (first !== null && text < first) return 'date_min';
      if (last !== null && text > last) return 'date_max';
      return null;
    }
    case 'yes_no':
      return typeof value === 'boolean' ? null : 'option';
    case 'drop_down_list':
    case 'single_option':
      return text !== null && options.has(text) ? null : 'option';
    case 'multiple_option':
      return Array.isArray(value) &&
        value.every((id) => options.has(id)) &&
        new Set(value).size === value.length
        ? null
        : 'option';
  }
}

/** Every refused field of an answer: field id → why. Empty when the answer may be sent. */
export function formAnswerErrors(
  form: Pick<Form, 'fieldItems'>,
  values: Record<string, FormFieldValue | undefined>,
  today: TodayWindow = todayAnywhere(),
): Record<string, FormFieldError> {
  const errors: Record<string, FormFieldError> = {};
  for (const field of form.fieldItems) {
    const error = formFieldError(field, values[field.id], today);
    if (error) errors[field.id] = error;
  }
  return errors;
}
