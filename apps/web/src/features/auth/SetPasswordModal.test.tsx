import { storageKeys } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalOutlet } from '../../app/modals/ModalOutlet.tsx';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import { errorResponse, mockUsersApi } from '../../test/users-api.ts';

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
    const api = mockUsersApi({ '/setPassword': () => jsonResponse({ result: true }) });
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
    const api = mockUsersApi({});
    const { user } = renderSetPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    await user.type(within(dialog).getByLabelText('New password'), 'abc');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'abd');
    await user.click(within(dialog).getByRole('button', { name: 'Save password' }));
    expect(within(dialog).getByText('The password must be at least 6 characters long.')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('says clearly that a used or expired link is no good and offers a new one', async () => {
    mockUsersApi({
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

  it('treats a link without a token as not valid', async () => {
    mockUsersApi({});
    renderSetPassword('/en?modal=set-password');
    expect(await screen.findByRole('dialog', { name: 'The link is not valid' })).toBeInTheDocument();
  });

  it('drops the token from the address when closed', async () => {
    mockUsersApi({});
    const { user, location } = renderSetPassword('/en/blog?modal=set-password&token=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/en/blog');
  });
});
