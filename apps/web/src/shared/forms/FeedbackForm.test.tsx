import { addDays, todayHere } from '@cutout/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { formatDay } from '../format/date.ts';
import { updateSession } from '../session/session.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { fakeFormsApi, type Refusal } from './fake-forms-api.ts';

function renderForm(
  formId: string,
  options: { language?: 'en' | 'ru'; refusals?: Refusal[]; fetchFailures?: number } = {},
) {
  const language = options.language ?? 'en';
  // The client sends the language the address chose; the fake server answers in it.
  updateSession({ localeId: language });
  const api = fakeFormsApi(options);
  mockStoreApi(api.handle);
  const view = renderInShell(<FeedbackForm formId={formId} />, { path: `/${language}/contacts`, language });
  return { ...view, api, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** Fills the contact form as a person would: every required field, and a phone. */
async function fillContact(user: User, overrides: { email?: string } = {}) {
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Anna Smith');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), overrides.email ?? 'anna@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+7 900 123-45-67');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'api');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Can you connect our shop?');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the processing/ }));
}

describe('FeedbackForm', () => {
  it('draws every field type with its label and the right control', async () => {
    renderForm('every-field');
    const form = await screen.findByRole('form', { name: 'Every field' });
    expect(form).toHaveTextContent('Fields marked * are required.');

    const name = within(form).getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveAttribute('type', 'text');
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).toHaveAttribute('placeholder', 'Anna Smith');
    expect(name).toHaveAttribute('autocomplete', 'name');
    expect(within(form).getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA');

    const theme = within(form).getByRole('combobox', { name: 'Theme' });
    expect(theme).not.toHaveAttribute('aria-required');
    expect(
      within(theme)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Choose a theme'],
      ['question', 'A question'],
      ['api', 'The API'],
    ]);

    const camera = within(form).getByRole('radiogroup', { name: 'Camera' });
    expect(camera).toHaveAttribute('aria-required', 'true');
    expect(
      within(camera)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['canon', 'nikon']);
    const places = within(form).getByRole('group', { name: 'Where the photos are (required)' });
    expect(within(places).getAllByRole('checkbox')).toHaveLength(3);

    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAccessibleDescription('We answer here.');
    const phone = within(form).getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(within(form).getByRole('textbox', { name: 'Website or shop' })).toHaveAttribute('type', 'url');

    expect(within(form).getByRole('heading', { level: 3, name: 'About your shop' })).toBeInTheDocument();
    expect(within(form).getByText('Tell us how you sell.')).toBeInTheDocument();

    const items = within(form).getByRole('spinbutton', { name: 'Items a month' });
    expect(items).toHaveAttribute('min', '1');
    expect(items).toHaveAttribute('max', '1000');
    const deadline = within(form).getByLabelText('Wanted by');
    expect(deadline).toHaveAttribute('type', 'date');
    // Its picker starts at today: "wanted by" a day that has passed makes no sense.
    expect(deadline).toHaveAttribute('min', todayHere().earliest);
    expect(deadline).not.toHaveAttribute('max');

    const consent = within(form).getByRole('checkbox', {
      name: 'I agree to the processing of my personal data under the privacy policy',
    });
    expect(consent).toHaveAttribute('aria-required', 'true');
    const policy = within(form).getByRole('link', { name: 'privacy policy' });
    expect(policy).toHaveAttribute('href', '/en/privacy-policy');
    expect(policy).toHaveAttribute('target', '_blank');
    expect(policy).toHaveAccessibleDescription('Opens in a new tab');

    // The source has no control, and the hidden field is out of reach of people.
    expect(within(form).queryByText('Sent from')).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('sends each type as the server takes it: numbers, option ids, a tick, a date, the page path', async () => {
    const { api, user } = renderForm('every-field');
    const form = await screen.findByRole('form', { name: 'Every field' });
    await user.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Anna');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Theme' }), 'api');
    await user.click(within(form).getByRole('radio', { name: 'Nikon' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Our own system' }));
    await user.click(within(form).getByRole('checkbox', { name: '1C' }));
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'anna@example.com');
    await user.type(
      within(form).getByRole('textbox', { name: 'Website or shop' }),
      'https://shop.example.com',
    );
    await user.type(within(form).getByRole('spinbutton', { name: 'Items a month' }), '250');
    const wantedBy = addDays(todayHere().earliest, 30);
    fireEvent.change(within(form).getByLabelText('Wanted by'), { target: { value: wantedBy } });
    await user.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('heading', { name: 'Received' })).toBeInTheDocument();
    expect(api.answers()).toEqual([
      {
        formId: 'every-field',
        website: '',
        fieldItemList: [
          { fieldId: 'name', value: 'Anna' },
          { fieldId: 'message', value: 'Hello' },
          { fieldId: 'theme', value: 'api' },
          { fieldId: 'camera', value: 'nikon' },
          { fieldId: 'platforms', value: ['1c', 'own'] },
          { fieldId: 'email', value: 'anna@example.com' },
          { fieldId: 'phone', value: null },
          { fieldId: 'website', value: 'https://shop.example.com' },
          { fieldId: 'items', value: 250 },
          { fieldId: 'deadline', value: wantedBy },
          { fieldId: 'consent', value: true },
          { fieldId: 'source', value: '/en/contacts' },
        ],
      },
    ]);
  });

  it('refuses a number out of its bounds with the bound in the message', async () => {
    const { api, user } = renderForm('every-field');
    const items = await screen.findByRole('spinbutton', { name: 'Items a month' });
    await user.type(items, '5000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(items).toHaveAttribute('aria-invalid', 'true');
    expect(items).toHaveAccessibleDescription('Enter a number no greater than 1,000');
    await user.clear(items);
    await user.type(items, '0');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(items).toHaveAccessibleDescription('Enter a number no less than 1');
    expect(api.answers()).toEqual([]);
  });

  it.each([
    ['en', 'Enter a date no earlier than'],
    ['ru', 'Введите дату не раньше'],
  ] as const)(
    'refuses a date before its first day with that day in the message (%s)',
    async (language, text) => {
      const { api, user } = renderForm('every-field', { language });
      // The test form's own texts are English in both languages; the refusal is the page's.
      const deadline = await screen.findByLabelText('Wanted by');
      const today = todayHere().earliest;
      fireEvent.change(deadline, { target: { value: addDays(today, -1) } });
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(deadline).toHaveAttribute('aria-invalid', 'true');
      expect(deadline).toHaveAccessibleDescription(`${text} ${formatDay(today, language)}`);
      fireEvent.change(deadline, { target: { value: today } });
      expect(deadline).not.toHaveAttribute('aria-invalid');
      expect(api.answers()).toEqual([]);
    },
  );

  it('blocks empty required fields and a bad e-mail in the browser, and moves focus to the first', async () => {
    const { api, user } = renderForm('contact');
    await screen.findByRole('form', { name: 'Write to us' });
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Fill in the required fields');
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Fill in this field');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Fill in this field We answer here.',
    );
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveAccessibleDescription('Choose an option');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(
      'Tick this box to continue',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' })).not.toHaveAttribute('aria-invalid');

    await user.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.clear(name);
    await fillContact(user, { email: 'anna@example' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com We answer here.',
    );
    expect(email).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields');
    expect(api.answers()).toEqual([]);
  });

  it("loads in the page's language even while the stored locale is still another (just after a switch)", async () => {
    updateSession({ localeId: 'en' });
    mockStoreApi(fakeFormsApi().handle);
    renderInShell(<FeedbackForm formId="contact" />, { path: '/ru/contacts', language: 'ru' });
    expect(await screen.findByRole('form', { name: 'Напишите нам' })).toBeInTheDocument();
  });

  it('speaks Russian: the form, its refusals and the summary', async () => {
    const { api, user } = renderForm('contact', { language: 'ru' });
    await screen.findByRole('form', { name: 'Напишите нам' });
    expect(screen.getByText('Поля, отмеченные *, обязательны для заполнения.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Заполните обязательные поля');
    expect(screen.getByRole('textbox', { name: 'Как к вам обращаться' })).toHaveAccessibleDescription(
      'Заполните это поле',
    );
    expect(screen.getByRole('combobox', { name: 'Тема' })).toHaveAccessibleDescription('Выберите вариант');
    expect(screen.getByRole('link', { name: 'политике конфиденциальности' })).toHaveAttribute(
      'href',
      '/ru/privacy-policy',
    );

    await user.type(screen.getByRole('textbox', { name: 'Как к вам обращаться' }), 'Анна');
    const email = screen.getByRole('textbox', { name: 'Электронная почта' });
    await user.type(email, 'anna@');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(email).toHaveAccessibleDescription(
      'Введите адрес почты, например name@example.com Ответим на этот адрес.',
    );
    expect(api.answers()).toEqual([]);
  });

  it('puts the server’s FORM_FIELD_INVALID details on the fields', async () => {
    const { user } = renderForm('contact', {
      refusals: [
        {
          status: 400,
          code: 'FORM_FIELD_INVALID',
          message: 'Check the highlighted fields',
          details: { fields: { email: 'email', phone: 'phone', source: 'too_long' } },
        },
      ],
    });
    await screen.findByRole('form', { name: 'Write to us' });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com We answer here.',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Enter a phone number of 10 to 15 digits, like +7 900 000-00-00',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields');
    expect(email).toHaveFocus();
    expect(email).toHaveValue('anna@example.com');
  });

  it('shows a refusal that names no field above the button, leaving the fields as they were', async () => {
    const { user } = renderForm('contact', {
      refusals: [{ status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Try again in 60 s.' }],
    });
    await screen.findByRole('form', { name: 'Write to us' });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 60 s.');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Anna Smith');
    expect(screen.getByRole('textbox', { name: 'Your name' })).not.toHaveAttribute('aria-invalid');
  });

  it('sends the answer with the page path, then shows the after-submit texts and offers another', async () => {
    const { api, user } = renderForm('contact');
    await screen.findByRole('form', { name: 'Write to us' });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const done = await screen.findByRole('heading', { name: 'Thank you, we got your message' });
    expect(done).toHaveFocus();
    expect(screen.getByText('We will answer by e-mail within one working day.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.answers()[0]).toMatchObject({
      formId: 'contact',
      website: '',
      fieldItemList: expect.arrayContaining([
        { fieldId: 'theme', value: 'api' },
        { fieldId: 'consent', value: true },
        { fieldId: 'source', value: '/en/contacts' },
      ]),
    });

    await user.click(screen.getByRole('button', { name: 'Send another' }));
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('');
    expect(name).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
  });

  it('sends what a bot typed into the hidden field, which people never reach', async () => {
    const { api, container, user } = renderForm('contact');
    await screen.findByRole('form', { name: 'Write to us' });
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();

    fireEvent.change(honeypot as HTMLInputElement, { target: { value: 'https://spam.example' } });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByRole('heading', { name: 'Thank you, we got your message' }),
    ).toBeInTheDocument();
    expect(api.answers()[0]).toMatchObject({
      website: 'https://spam.example',
      fieldItemList: expect.arrayContaining([{ fieldId: 'source', value: '/en/contacts' }]),
    });
  });

  it('shows a form that failed to load with a retry', async () => {
    const { user } = renderForm('contact', { fetchFailures: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The form could not be loaded.');
    expect(alert).toHaveTextContent('Something broke.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Write to us' })).toBeInTheDocument();
  });
});
