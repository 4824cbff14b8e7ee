import type { FormFieldType } from '@cutout/contracts';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../store/store.schema.ts';
import { users } from '../users/users.schema.ts';

/** A feedback form (SPEC §3 form): its texts per language and its fields. */
export const forms = pgTable('forms', {
  id: text('id').primaryKey(),
  /** What the form is for: contact, integration_1c, integration_order, mobile_app, subscription_feedback. */
  tag: text('tag').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  subtitle: jsonb('subtitle').$type<LocalizedText>(),
  submitTitle: jsonb('submit_title').$type<LocalizedText>().notNull(),
  afterSubmitTitle: jsonb('after_submit_title').$type<LocalizedText>().notNull(),
  afterSubmitSubtitle: jsonb('after_submit_subtitle').$type<LocalizedText>(),
  active: boolean('active').notNull().default(true),
});

export interface StoredFormOption {
  id: string;
  name: LocalizedText;
}

/** A field of a form, in its order. */
export const formFields = pgTable(
  'form_fields',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    type: text('type').$type<FormFieldType>().notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    placeholder: jsonb('placeholder').$type<LocalizedText>(),
    description: jsonb('description').$type<LocalizedText>(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<StoredFormOption[]>().notNull().default([]),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
  },
  (t) => [primaryKey({ columns: [t.formId, t.id] })],
);

/** One field's answer as kept: the field's name when it was answered, and the value. */
export interface StoredAnswerValue {
  fieldId: string;
  name: string;
  value: string | string[] | number | boolean;
}

export const formAnswerStatuses = ['new', 'processed'] as const;

/** An answer to a form (SPEC §3 form answer): kept, and mailed to the store's address. */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: text('id').primaryKey(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    values: jsonb('values').$type<StoredAnswerValue[]>().notNull(),
    note: text('note'),
    status: text('status', { enum: formAnswerStatuses }).notNull().default('new'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_answers_form_created_idx').on(t.formId, t.createdAt)],
);
