import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n/languages.ts';
import { updateSession } from '../../shared/session/session.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { fakeBlogApi } from './fake-blog-api.ts';
import { NewsSubscribeForm } from './NewsSubscribeForm.tsx';

function renderForm(options: Parameters<typeof fakeBlogApi>[0] = {}, language: Language = 'en') {
  const api = fakeBlogApi(options);
  mockStoreApi(api.handle);
  updateSession({ localeId: language });
  renderInShell(<NewsSubscribeForm />, { language });
  return { api, user: userEvent.setup() };
}

describe('NewsSubscribeForm', () => {
  it('sends the address and then asks to confirm it from the inbox', async () => {
    const { api, user } = renderForm();
    const block = screen.getByRole('region', { name: 'Get new posts by e-mail' });
    await user.type(within(block).getByRole('textbox', { name: 'E-mail' }), ' Ann@Example.com ');
    await user.click(within(block).getByRole('button', { name: 'Subscribe' }));
    const sent = await within(block).findByRole('status');
    expect(sent).toHaveTextContent('Check your inbox to confirm');
    expect(sent).toHaveTextContent('We have sent a link to Ann@Example.com.');
    expect(sent).toHaveFocus();
    expect(api.callsTo('subscribe').map((call) => call.body)).toEqual([{ email: 'Ann@Example.com' }]);

    await user.click(within(sent).getByRole('button', { name: 'Use another address' }));
    expect(within(block).getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
  });

  it('refuses an address that is not one before asking the server', async () => {
    const { api, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in the e-mail.');
    // As in the other forms, the refused field takes the keyboard.
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ann@');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail is not valid.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('subscribe')).toHaveLength(0);
  });

  it.each([
    ['en', 'E-mail', 'Subscribe', 'Too many requests. Try again in 60 s.'],
    ['ru', 'Электронная почта', 'Подписаться', 'Слишком много запросов. Повторите через 60 с.'],
  ] as const)(
    'shows the server’s refusal under the field in the page’s language (%s)',
    async (language, label, button, message) => {
      const { api, user } = renderForm({ rateLimited: true }, language);
      await user.type(screen.getByRole('textbox', { name: label }), 'ann@example.com');
      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('textbox', { name: label })).toHaveAccessibleDescription(message);
      expect(screen.getByRole('textbox', { name: label })).toHaveValue('ann@example.com');
      expect(api.callsTo('subscribe')[0]?.language).toBe(language);
    },
  );
});
