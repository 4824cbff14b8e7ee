import type { FormFieldItem, FormFieldType } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { answerValues, draftErrors, emptyDraft, serverFieldErrors, wideFields } from './form-values.ts';

const field = (id: string, type: FormFieldType, overrides: Partial<FormFieldItem> = {}): FormFieldItem => ({
  id,
  fieldTypeId: `form_field_types.${type}`,
  name: id,
  placeholder: null,
  description: null,
  required: false,
  optionItems: [],
  min: null,
  max: null,
  ...overrides,
});

describe('form values', () => {
  const form = {
    fieldItems: [
      field('about', 'label'),
      field('name', 'short_text', { required: true }),
      field('items', 'number', { min: 1, max: 10 }),
      field('platforms', 'multiple_option'),
      field('consent', 'yes_no'),
      field('source', 'source'),
    ],
  };

  it('starts empty and sends blank text as null, a number as a number and the source as the path', () => {
    const draft = emptyDraft(form);
    expect(draft).toEqual({ name: '', items: '', platforms: [], consent: false });
    expect(answerValues(form, draft, '/en/contacts')).toEqual({
      name: null,
      items: null,
      platforms: [],
      consent: false,
      source: '/en/contacts',
    });
    expect(answerValues(form, { ...draft, name: ' Anna ', items: '7' }, '/en')).toMatchObject({
      name: ' Anna ',
      items: 7,
    });
  });

  it('refuses a number the browser could not read instead of taking it for blank', () => {
    const values = answerValues(form, { ...emptyDraft(form), name: 'Anna' }, '/en');
    expect(draftErrors(form, values, new Set())).toEqual({});
    expect(draftErrors(form, values, new Set(['items']))).toEqual({ items: 'number' });
  });

  it('keeps the server’s field errors for the fields the form shows', () => {
    const refusal = new ApiError({
      status: 400,
      code: 'FORM_FIELD_INVALID',
      message: 'Check the highlighted fields',
      details: {
        fields: { name: 'too_long', source: 'too_long', items: 'number_max', other: 'email', x: 'odd' },
      },
      fromServer: true,
    });
    expect(serverFieldErrors(form, refusal)).toEqual({ name: 'too_long', items: 'number_max' });
    expect(
      serverFieldErrors(form, new ApiError({ status: 429, code: 'RATE_LIMITED', message: '' })),
    ).toBeNull();
  });

  it('pairs one-line fields and gives the odd one of a run the whole row', () => {
    const fields = [
      field('a', 'short_text'),
      field('b', 'email'),
      field('c', 'phone'),
      field('d', 'long_text'),
      field('e', 'number'),
      field('f', 'date'),
      field('g', 'single_option'),
    ];
    expect([...wideFields(fields)].sort()).toEqual(['c', 'd', 'g']);
  });
});
