import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalOutlet } from '../../shared/modals/ModalOutlet.tsx';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import {
  apiKeyFixture,
  errorResponse,
  mockUsersApi,
  permissionItemFixture,
  setPasswordAnswer,
  storeWith,
} from '../../test/users-api.ts';

function renderReset(storeInfo = storeWith({})) {
  const view = renderInShell(<ModalOutlet />, { path: '/en/pricing?modal=reset-password', storeInfo });
  return { ...view, user: userEvent.setup() };
}

describe('ResetPasswordModal', () => {
  it('sends a reset link to the e-mail and says the request was sent', async () => {
    const api = mockUsersApi({ '/reset': () => jsonResponse({ result: true }) });
    const { user } = renderReset();
    const dialog = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.click(within(dialog).getByRole('button', { name: 'Send me a reset link' }));
    expect(within(dialog).getByText('Fill in the e-mail.')).toBeInTheDocument();
    expect(api.callsTo('/reset')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'Ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send me a reset link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Password reset request sent');
    expect(within(dialog).getByRole('status')).toHaveTextContent(/ann@example.com/);
    expect(api.callsTo('/reset')[0]?.body).toEqual({
      email: 'ann@example.com',
      callbackUrl: `${window.location.origin}/en?modal=set-password`,
    });
  });

  it('shows a refused link request beside its button, and gives the keyboard back to it', async () => {
    let refuse: (answer: Response) => void = () => undefined;
    mockUsersApi({
      '/reset': () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    });
    const { user } = renderReset();
    const dialog = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    const send = within(dialog).getByRole('button', { name: 'Send me a reset link' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    // A browser drops the keyboard to the dialog while the button is disabled.
    dialog.focus();
    refuse(errorResponse(429, 'RATE_LIMITED', 'Too many requests. Try again in 59 min.'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Try again in 59 min.');
    // It is about the link: shown beside its button, not above the code form's.
    expect(alert.parentElement).toContainElement(send);
    expect(alert.closest('form')).toBeNull();
    await waitFor(() => expect(send).toHaveFocus());
  });

  it('sets a new password with a granted code and opens login with a notification', async () => {
    const item = permissionItemFixture({ purpose: 'user_reset_password' });
    const api = mockUsersApi({
      '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }),
      '/permissions/approve?typeId=email': () =>
        jsonResponse({ permissionItemList: [{ ...item, granted: true }] }),
      '/setPassword': () => jsonResponse(setPasswordAnswer()),
    });
    const { user, location } = renderReset();
    const dialog = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await within(dialog).findByRole('button', { name: /New code in/ });
    expect(api.callsTo('/permissions/request?typeId=email')[0]?.body).toEqual({
      purpose: 'user_reset_password',
      email: 'ann@example.com',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Recover password' }));
    expect(within(dialog).getByText('Enter the code from the e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText('Fill in the password.')).toBeInTheDocument();

    // Sent before the 1 s pause is over: the complete code is approved on the spot.
    await user.type(within(dialog).getByRole('textbox', { name: 'Code from the e-mail' }), '654321');
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'new-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Recover password' }));

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(location()).toBe('/en/pricing?modal=login');
    expect(api.callsTo('/permissions/approve?typeId=email')[0]?.body).toEqual({
      purpose: 'user_reset_password',
      permissionItemList: [{ id: 'item-1', otp: '654321' }],
    });
    expect(api.callsTo('/setPassword')[0]?.body).toEqual({
      newPassword: 'new-secret',
      permissionItemList: [{ id: 'item-1' }],
    });
  });

  it('says a code went to the e-mail only if an account uses it', async () => {
    const item = permissionItemFixture({ purpose: 'user_reset_password' });
    mockUsersApi({ '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }) });
    const { user } = renderReset();
    const dialog = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    const code = within(dialog).getByRole('textbox', { name: 'Code from the e-mail' });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(
      'If an account uses ann@example.com, a code has been sent to it. The code is valid for 10 min.',
    );
  });

  it.each([
    [
      'en',
      { title: 'Password recovery', phone: 'Phone number', get: 'Get code', code: 'Code from the SMS' },
      'If an account uses +7 (900) 555-00-00, a code has been sent to it. The code is valid for 10 min.',
    ],
    [
      'ru',
      { title: 'Восстановление пароля', phone: 'Номер телефона', get: 'Получить код', code: 'Код из SMS' },
      'Если этот номер привязан к аккаунту, на +7 (900) 555-00-00 отправлен код. Код действует 10 мин.',
    ],
  ] as const)(
    'says a code went to the phone only if an account uses it (%s)',
    async (language, names, hint) => {
      const item = permissionItemFixture({
        purpose: 'user_reset_password',
        typeId: 'phone',
        email: null,
        phoneNumber: '+79005550000',
        expiredAtText: language === 'en' ? 'The code is valid for 10 min.' : 'Код действует 10 мин.',
      });
      mockUsersApi({
        '/permissions/request?typeId=phone': () => jsonResponse({ permissionItemList: [item] }),
      });
      renderInShell(<ModalOutlet />, {
        path: `/${language}?modal=reset-password`,
        language,
        storeInfo: storeWith({ email: false, phone: true }),
      });
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: names.title });
      await user.type(within(dialog).getByRole('textbox', { name: names.phone }), '79005550000');
      await user.click(within(dialog).getByRole('button', { name: names.get }));
      const code = within(dialog).getByRole('textbox', { name: names.code });
      await waitFor(() => expect(code).toHaveAccessibleDescription(hint));
    },
  );

  it('goes on to log in with the phone filled in after a reset by an SMS code', async () => {
    const item = permissionItemFixture({
      purpose: 'user_reset_password',
      typeId: 'phone',
      email: null,
      phoneNumber: '+79123456789',
    });
    mockUsersApi({
      '/permissions/request?typeId=phone': () => jsonResponse({ permissionItemList: [item] }),
      '/permissions/approve?typeId=phone': () =>
        jsonResponse({ permissionItemList: [{ ...item, granted: true }] }),
      '/setPassword': () => jsonResponse(setPasswordAnswer()),
    });
    const { user } = renderReset(storeWith({ email: false, phone: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '9123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await within(dialog).findByRole('button', { name: /New code in/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code from the SMS' }), '654321');
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'new-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Recover password' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+7 (912) 345-67-89');
  });

  it('offers the e-mail and phone tabs when both are required, the link only for e-mail', async () => {
    mockUsersApi({});
    const { user } = renderReset(storeWith({ email: true, phone: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.click(within(dialog).getByRole('tab', { name: 'Phone' }));
    expect(within(dialog).getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Code from the SMS' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send me a reset link' })).not.toBeInTheDocument();
  });

  it('shows the API keys after a reset by code, then goes on to log in with the e-mail filled in', async () => {
    const item = permissionItemFixture({ purpose: 'user_reset_password', granted: true });
    const api = mockUsersApi({
      '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }),
      '/setPassword': () => jsonResponse(setPasswordAnswer([apiKeyFixture()])),
      '/revokeApiKeys': () => jsonResponse({ result: true, revoked: 1 }),
    });
    const { user, location } = renderReset();
    const reset = await screen.findByRole('dialog', { name: 'Password recovery' });
    await user.type(within(reset).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(reset).getByRole('button', { name: 'Get code' }));
    await within(reset).findByText('E-mail confirmed.');
    await user.type(within(reset).getByLabelText('New password'), 'new-secret');
    await user.type(within(reset).getByLabelText('Repeat password'), 'new-secret');
    await user.click(within(reset).getByRole('button', { name: 'Recover password' }));

    const keys = await screen.findByRole('dialog', { name: 'Password changed' });
    expect(within(keys).getByRole('listitem')).toHaveTextContent('Online shop');
    await user.click(within(keys).getByRole('button', { name: 'Revoke all keys' }));

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(screen.getByText('1 API key revoked.')).toBeInTheDocument();
    expect(within(login).getByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(within(login).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
    expect(location()).toBe('/en/pricing?modal=login');
    expect(api.callsTo('/revokeApiKeys')[0]?.body).toEqual({ token: 'revoke-token-1' });
  });
});
