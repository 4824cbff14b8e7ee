import { storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalOutlet } from '../../shared/modals/ModalOutlet.tsx';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import { apiKeyFixture, errorResponse, mockUsersApi, setPasswordAnswer } from '../../test/users-api.ts';

/** The check the modal makes as it opens, answering that the link is still good. */
const validLink = { '/checkResetLink': () => jsonResponse({ valid: true }) };

function renderSetPassword(path = '/en?modal=set-password&token=reset-token-1') {
  const view = renderInShell(<ModalOutlet />, { path });
  return { ...view, user: userEvent.setup() };
}

async function fillPasswords(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(dialog).getByLabelText('New password'), 'new-secret');
  await user.type(within(dialog).getByLabelText('Repeat password'), 'new-secret');
  await user.click(within(dialog).getByRole('button', { name: 'Save password' }));
}

describe('SetPasswordModal', () => {
  it('sends the link token as the Authorization header and opens login with a notification', async () => {
    // A stored session must not stand in for the link's token.
    window.localStorage.setItem(storageKeys.accessToken, 'old-session');
    reloadSession();
    const api = mockUsersApi({ ...validLink, '/setPassword': () => jsonResponse(setPasswordAnswer()) });
    const { user, location } = renderSetPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    await fillPasswords(dialog, user);

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with the new password.',
    );
    const [call] = api.callsTo('/setPassword');
    expect(call?.headers.get('Authorization')).toBe('reset-token-1');
    expect(call?.body).toEqual({ newPassword: 'new-secret' });
    expect(location()).toBe('/en?modal=login');
    // The server ended every session of the user.
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('checks the passwords before sending', async () => {
    const api = mockUsersApi(validLink);
    const { user } = renderSetPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    // Seven characters: one short of the minimum.
    await user.type(within(dialog).getByLabelText('New password'), 'secret7');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret8');
    await user.click(within(dialog).getByRole('button', { name: 'Save password' }));
    expect(within(dialog).getByText('The password must be at least 8 characters long.')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New password')).toHaveFocus();
    expect(api.callsTo('/setPassword')).toHaveLength(0);
  });

  it('checks the link as it opens and says at once that a used or expired one is no good', async () => {
    const api = mockUsersApi({ '/checkResetLink': () => jsonResponse({ valid: false }) });
    const { user, location } = renderSetPassword();

    const dialog = await screen.findByRole('dialog', { name: 'The link is not valid' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('already been used or has expired');
    expect(api.callsTo('/checkResetLink')[0]?.body).toEqual({ token: 'reset-token-1' });
    expect(api.callsTo('/setPassword')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Password recovery' })).toBeInTheDocument();
    expect(location()).toBe('/en?modal=reset-password');
  });

  it('shows the form for a good link, saving only once the check has answered', async () => {
    let answer: (response: Response) => void = () => {};
    mockUsersApi({
      '/checkResetLink': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderSetPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    const save = within(dialog).getByRole('button', { name: 'Save password' });
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText('New password')).toBeEnabled();

    answer(jsonResponse({ valid: true }));
    await waitFor(() => expect(save).toBeEnabled());
    expect(save).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeInTheDocument();
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong.')],
  ])('shows the form when %s during the check: saving checks the link again', async (_, failure) => {
    const api = mockUsersApi({
      '/checkResetLink': failure,
      '/setPassword': () => jsonResponse(setPasswordAnswer()),
    });
    const { user } = renderSetPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    await waitFor(() => expect(api.callsTo('/checkResetLink')).toHaveLength(1));
    const save = within(dialog).getByRole('button', { name: 'Save password' });
    await waitFor(() => expect(save).toBeEnabled());

    await fillPasswords(dialog, user);
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(api.callsTo('/setPassword')).toHaveLength(1);
  });

  it('says clearly that a link used up after it opened is no good and offers a new one', async () => {
    mockUsersApi({
      ...validLink,
      '/setPassword': () =>
        errorResponse(400, 'INVALID_RESET_TOKEN', 'The password reset link is not valid or has expired.'),
    });
    const { user, location } = renderSetPassword();
    await fillPasswords(await screen.findByRole('dialog', { name: 'Set a new password' }), user);

    const dialog = await screen.findByRole('dialog', { name: 'The link is not valid' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('already been used or has expired');
    await user.click(within(dialog).getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Password recovery' })).toBeInTheDocument();
    expect(location()).toBe('/en?modal=reset-password');
  });

  it('treats a link without a token as not valid, asking nothing', async () => {
    const api = mockUsersApi({});
    renderSetPassword('/en?modal=set-password');
    expect(await screen.findByRole('dialog', { name: 'The link is not valid' })).toBeInTheDocument();
    expect(api.callsTo('/checkResetLink')).toHaveLength(0);
  });

  it('drops the token from the address when closed', async () => {
    mockUsersApi(validLink);
    const { user, location } = renderSetPassword('/en/blog?modal=set-password&token=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/en/blog');
  });
});

describe('SetPasswordModal: the API keys of the account', () => {
  const keys = [
    apiKeyFixture(),
    apiKeyFixture({ id: 'key-2', label: 'Unknown script', prefix: 'ck_live_zz99' }),
  ];

  async function changePassword(routes: Parameters<typeof mockUsersApi>[0] = {}) {
    const api = mockUsersApi({
      ...validLink,
      '/setPassword': () => jsonResponse(setPasswordAnswer(keys)),
      ...routes,
    });
    const view = renderSetPassword();
    await fillPasswords(await screen.findByRole('dialog', { name: 'Set a new password' }), view.user);
    const dialog = await screen.findByRole('dialog', { name: 'Password changed' });
    return { ...view, api, dialog };
  }

  it('lists the keys that can spend litres, with their prefix and creation date, before logging in', async () => {
    const { dialog } = await changePassword();
    expect(dialog).toHaveTextContent('Your password is changed. These API keys can spend your litres:');
    const list = within(dialog).getByRole('list', { name: 'API keys of the account' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Online shop');
    expect(items[0]).toHaveTextContent('ck_live_ab12…');
    expect(items[0]).toHaveTextContent(/Created Mar 12, 2026/);
    expect(items[1]).toHaveTextContent('Unknown script');
    expect(dialog).toHaveTextContent('If you do not recognise one, someone else may have had access');
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('revokes them all in one click with the reset token, says how many, and goes on to log in', async () => {
    const { api, dialog, user, location } = await changePassword({
      '/revokeApiKeys': () => jsonResponse({ result: true, revoked: 2 }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke all keys' }));

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(api.callsTo('/revokeApiKeys')[0]?.body).toEqual({ token: 'revoke-token-1' });
    expect(screen.getByText('2 API keys revoked.')).toBeInTheDocument();
    expect(within(login).getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with the new password.',
    );
    expect(location()).toBe('/en?modal=login');
  });

  it('shows a refused revocation and stays on the keys', async () => {
    const { dialog, user } = await changePassword({
      '/revokeApiKeys': () => errorResponse(400, 'INVALID_RESET_TOKEN', 'The link has expired.'),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke all keys' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The link has expired.');
    expect(screen.getByRole('dialog', { name: 'Password changed' })).toBeInTheDocument();
  });

  it('goes on to log in with the password-changed notification on Continue, revoking nothing', async () => {
    const { api, dialog, user, location } = await changePassword();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(location()).toBe('/en?modal=login');
    expect(api.callsTo('/revokeApiKeys')).toHaveLength(0);
  });

  it('says the same in Russian', async () => {
    mockUsersApi({ ...validLink, '/setPassword': () => jsonResponse(setPasswordAnswer(keys)) });
    const user = userEvent.setup();
    renderInShell(<ModalOutlet />, { path: '/ru?modal=set-password&token=t1', language: 'ru' });
    const form = await screen.findByRole('dialog', { name: 'Задайте новый пароль' });
    await user.type(within(form).getByLabelText('Новый пароль'), 'new-secret');
    await user.type(within(form).getByLabelText('Повторите пароль'), 'new-secret');
    await user.click(within(form).getByRole('button', { name: 'Сохранить пароль' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пароль изменён' });
    expect(within(dialog).getByRole('button', { name: 'Отозвать все ключи' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Продолжить' })).toBeInTheDocument();
  });
});
