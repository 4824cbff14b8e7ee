import { addDays, type FormFieldItem, formFieldError, todayAnywhere, todayHere } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backOffice,
  createTestApp,
  latestOutboxMessage,
  registerUser,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';
import { seedForms } from './forms.seed.ts';

const field = (type: string, overrides: Partial<FormFieldItem> = {}): FormFieldItem => ({
  id: 'f',
  fieldTypeId: `form_field_types.${type}` as FormFieldItem['fieldTypeId'],
  name: 'Field',
  placeholder: null,
  description: null,
  required: false,
  optionItems: [
    { id: 'a', name: 'A' },
    { id: 'b', name: 'B' },
  ],
  min: null,
  max: null,
  ...overrides,
});

describe('form field rules', () => {
  it.each([
    ['email', 'anna@example.com', null],
    ['email', 'anna@', 'email'],
    ['phone', '+7 (900) 123-45-67', null],
    ['phone', '12345', 'phone'],
    ['phone', '+7 900 CALL ME', 'phone'],
    ['link', 'https://shop.example.com/catalog', null],
    ['link', 'javascript:alert(1)', 'link'],
    ['link', 'ftp://files.example.com', 'link'],
    ['number', '42', null],
    ['number', 42.5, null],
    ['number', 'forty', 'number'],
    ['date', '2026-12-31', null],
    ['date', '2026-02-30', 'date'],
    ['date', '31.12.2026', 'date'],
    ['drop_down_list', 'a', null],
    ['drop_down_list', 'z', 'option'],
    ['single_option', 'b', null],
    ['multiple_option', ['a', 'b'], null],
    ['multiple_option', ['a', 'z'], 'option'],
    ['multiple_option', ['a', 'a'], 'option'],
    ['yes_no', false, null],
    ['yes_no', 'yes', 'option'],
    ['short_text', 'x'.repeat(201), 'too_long'],
    ['long_text', 'x'.repeat(5_001), 'too_long'],
    ['source', '/en/contacts', null],
    ['label', 'anything', null],
  ] as const)('%s %j → %s', (type, value, expected) => {
    expect(formFieldError(field(type), value as never)).toBe(expected);
  });

  it('asks for required fields, takes blank optional ones, bounds numbers and wants a required yes', () => {
    expect(formFieldError(field('short_text', { required: true }), '  ')).toBe('required');
    expect(formFieldError(field('multiple_option', { required: true }), [])).toBe('required');
    expect(formFieldError(field('email'), '')).toBeNull();
    expect(formFieldError(field('yes_no', { required: true }), false)).toBe('required');
    expect(formFieldError(field('number', { min: 1, max: 10 }), 0)).toBe('number_min');
    expect(formFieldError(field('number', { min: 1, max: 10 }), '11')).toBe('number_max');
  });

  it("bounds a date in days from today, by the person's day in the browser and any day on Earth on the server", () => {
    const noon = new Date('2026-12-06T12:00:00Z');
    // At 12:00 UTC it is already the 7th in UTC+14 and still the 6th in UTC−12.
    expect(todayAnywhere(noon)).toEqual({ earliest: '2026-12-06', latest: '2026-12-07' });
    expect(todayAnywhere(new Date('2026-12-06T05:00:00Z'))).toEqual({
      earliest: '2026-12-05',
      latest: '2026-12-06',
    });
    const here = todayHere(noon);
    expect(here.earliest).toBe(here.latest);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');

    const notPast = field('date', { min: 0 });
    const server = todayAnywhere(noon);
    expect(formFieldError(notPast, '2026-12-05', server)).toBe('date_min');
    expect(formFieldError(notPast, '2026-12-06', server)).toBeNull();
    expect(formFieldError(notPast, '2030-01-01', server)).toBeNull();
    const browser = { earliest: '2026-12-07', latest: '2026-12-07' };
    expect(formFieldError(notPast, '2026-12-06', browser)).toBe('date_min');
    const withinAWeek = field('date', { min: 1, max: 7 });
    expect(formFieldError(withinAWeek, '2026-12-06', browser)).toBe('date_min');
    expect(formFieldError(withinAWeek, '2026-12-14', browser)).toBeNull();
    expect(formFieldError(withinAWeek, '2026-12-15', browser)).toBe('date_max');
    // A malformed date is still a malformed date, bounds or not.
    expect(formFieldError(notPast, '2026-13-01', server)).toBe('date');
    // By default, the server's window of now.
    expect(formFieldError(notPast, addDays(todayAnywhere().earliest, -1))).toBe('date_min');
    expect(formFieldError(notPast, todayAnywhere().earliest)).toBeNull();
  });

  it('seeds every field type at least once', () => {
    const types = new Set(seedForms.flatMap((form) => form.fields.map((item) => item.type)));
    expect([...types].sort()).toEqual(
      [
        'date',
        'drop_down_list',
        'email',
        'label',
        'link',
        'long_text',
        'multiple_option',
        'number',
        'phone',
        'short_text',
        'single_option',
        'source',
        'yes_no',
      ].sort(),
    );
  });
});

describe.each(testDatabases)('forms (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  let addresses = 0;
  /** Each test sends from its own address: the answers' rate limit counts per address. */
  const from = () => `10.20.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = from()) =>
    t.app.inject({ method: 'POST', url: `/api/stores${url}`, payload, headers, remoteAddress });
  const contact = (values: Record<string, unknown>) => ({
    formId: 'contact',
    fieldItemList: Object.entries(values).map(([fieldId, value]) => ({ fieldId, value })),
  });
  const good = {
    name: 'Anna',
    email: 'anna@example.com',
    theme: 'api',
    message: 'How do I send a URL to the API?\nThanks!',
    consent: true,
    source: '/en/contacts',
  };

  it('answers a form with its fields and options in the request language', async () => {
    const answer = await post('/forms/contact/fetchForm', {}, { 'x-locale-id': 'ru' });
    expect(answer.statusCode, answer.body).toBe(200);
    const form = answer.json();
    expect(form).toMatchObject({
      id: 'contact',
      tag: 'contact',
      title: 'Напишите нам',
      submitTitle: 'Отправить',
    });
    const theme = form.fieldItems.find((item: { id: string }) => item.id === 'theme');
    expect(theme).toMatchObject({
      fieldTypeId: 'form_field_types.drop_down_list',
      required: true,
      name: 'Тема',
    });
    expect(theme.optionItems[0]).toEqual({ id: 'question', name: 'Вопрос о сервисе' });
    expect((await post('/forms/nope/fetchForm', {})).statusCode).toBe(404);
  });

  it('keeps an answer, mails it to the store and answers the after-submit texts', async () => {
    const token = await registerUser(t, `form-${kind}@example.com`);
    const answer = await post('/forms/answer', contact(good), { authorization: token });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      afterSubmitTitle: 'Thank you, we got your message',
      afterSubmitSubtitle: 'We will answer by e-mail within one working day.',
    });
    const kept = (await backOffice(t, () => new Date()).forms.answersOf('contact')).find(
      (row) => row.id === answer.json().id,
    );
    expect(kept).toMatchObject({ language: 'en', status: 'new', mailedAt: expect.any(Date) });
    expect(kept?.userId).toEqual(expect.any(String));
    expect(kept?.values).toContainEqual({ fieldId: 'theme', name: 'Theme', value: 'api' });
    const mail = await latestOutboxMessage(t, 'support@cutout.example');
    expect(mail?.subject).toBe('Write to us: a new answer');
    expect(mail?.text).toContain('Theme: The API and integrations');
    expect(mail?.text).toContain('Message: How do I send a URL to the API?');
    expect(mail?.text).toContain('Sent from: /en/contacts');
  });

  it('mails an answer given in Russian in Russian, from the subject to the last line', async () => {
    const answer = await post(
      '/forms/answer',
      { ...contact(good), note: 'с главной' },
      { 'x-locale-id': 'ru' },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await latestOutboxMessage(t, 'support@cutout.example');
    expect(mail?.subject).toBe('Напишите нам: новый ответ');
    expect(mail?.text).toContain('Примечание: с главной');
    expect(mail?.html).toContain(`Ответ ${answer.json().id}`);
    expect(`${mail?.subject}\n${mail?.text}`).not.toMatch(/a new answer|Note:|\b(yes|no)\b/);
  });

  it('refuses an answer without the theme or another required field, naming the fields, in the user’s language', async () => {
    const { theme, message, ...rest } = good;
    const answer = await post('/forms/answer', contact({ ...rest, message: '  ' }), { 'x-locale-id': 'ru' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'FORM_REQUIRED_FIELDS',
      message: 'Заполните обязательные поля',
      details: { fields: { theme: 'required', message: 'required' } },
    });
    const english = await post('/forms/answer', contact({ ...good, consent: false }));
    expect(english.json()).toMatchObject({
      message: 'Fill in the required fields',
      details: { fields: { consent: 'required' } },
    });
  });

  it('refuses a value its field does not take, and an answer that names no form', async () => {
    const bad = await post('/forms/answer', contact({ ...good, email: 'not-an-email', theme: 'weather' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'FORM_FIELD_INVALID',
      details: { fields: { email: 'email', theme: 'option' } },
    });
    const unnamed = await post('/forms/answer', { fieldItemList: [] });
    expect(unnamed.json()).toMatchObject({ code: 'FORM_NOT_SET', message: 'The form is not set' });
    expect((await post('/forms/answer', { formId: 'nope', fieldItemList: [] })).statusCode).toBe(404);
  });

  it('takes every field type of the integration order through the generic process call', async () => {
    const answer = await post('/formAnswers/process', {
      formId: 'integration-order',
      note: 'from the landing page',
      fieldItemList: [
        { fieldId: 'name', value: 'Oleg' },
        { fieldId: 'email', value: 'oleg@example.com' },
        { fieldId: 'phone', value: '+7 900 123-45-67' },
        { fieldId: 'website', value: 'https://shop.example.com' },
        { fieldId: 'platforms', value: ['1c', 'marketplaces'] },
        { fieldId: 'volume', value: '2500' },
        { fieldId: 'deadline', value: addDays(todayAnywhere().latest, 60) },
        { fieldId: 'task', value: 'Whiten 2500 photos a month from 1C and send them to Ozon.' },
        { fieldId: 'consent', value: true },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await latestOutboxMessage(t, 'support@cutout.example');
    expect(mail?.text).toContain('Where the photos are: 1C, Marketplace accounts');
    expect(mail?.text).toContain('Images a month: 2500');
    // The phone as people read it, whatever marks it was typed with.
    expect(mail?.text).toContain('Phone: +7 (900) 123-45-67');
    expect(mail?.text).toContain('Note: from the landing page');
  });

  it('refuses a "wanted by" date that has passed, in the user\'s language', async () => {
    const answer = await post(
      '/forms/answer',
      {
        formId: 'integration-order',
        fieldItemList: [
          { fieldId: 'name', value: 'Oleg' },
          { fieldId: 'email', value: 'oleg@example.com' },
          { fieldId: 'platforms', value: ['1c'] },
          { fieldId: 'deadline', value: addDays(todayAnywhere().earliest, -1) },
          { fieldId: 'task', value: 'Whiten photos for Ozon.' },
          { fieldId: 'consent', value: true },
        ],
      },
      { 'x-locale-id': 'ru' },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'FORM_FIELD_INVALID',
      details: { fields: { deadline: 'date_min' } },
    });
    expect(answer.json().message).toBe('Проверьте отмеченные поля');
  });

  it('drops what a bot sends in the hidden field, and limits answers per address', async () => {
    const before = await latestOutboxMessage(t, 'support@cutout.example');
    const bot = await post('/forms/answer', { ...contact(good), website: 'http://spam.example' });
    expect(bot.statusCode).toBe(200);
    expect(bot.json().afterSubmitTitle).toBe('Thank you, we got your message');
    expect((await latestOutboxMessage(t, 'support@cutout.example'))?.id).toBe(before?.id);

    const address = '10.99.0.1';
    const sends = [];
    for (let n = 0; n < 11; n++)
      sends.push((await post('/forms/answer', contact(good), {}, address)).statusCode);
    expect(sends.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(sends[10]).toBe(429);
    // The window is an hour: the wait is said in minutes, not in thousands of seconds.
    const limited = await post('/forms/answer', contact(good), {}, address);
    expect(limited.json().message).toMatch(/^Too many requests\. Try again in (59|60) min\.$/);
  });
});
