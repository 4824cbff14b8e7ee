import { storageKeys } from '@cutout/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noAnalytics } from '../../app/analytics/analytics.ts';
import { ModalOutlet } from '../../app/modals/ModalOutlet.tsx';
import { updateSession } from '../../shared/session/session.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import { errorResponse, mockUsersApi, permissionItemFixture, storeWith } from '../../test/users-api.ts';
import { RegistrationModal } from './RegistrationModal.tsx';

const granted = (item: ReturnType<typeof permissionItemFixture>) => ({ ...item, granted: true });

/** Lets the mocked responses arrive without moving the fake clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('RegistrationModal: the e-mail code', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const item = permissionItemFixture();
    const api = mockUsersApi({
      '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }),
      '/permissions/approve?typeId=email': () => jsonResponse({ permissionItemList: [granted(item)] }),
      '/register': () =>
        jsonResponse({ accessTokens: [{ id: 'token-9', userId: 'user-9' }], emailVerified: true }),
    });
    renderInShell(<RegistrationModal onClose={() => undefined} />, { path: '/en?modal=registration' });
    const dialog = screen.getByRole('dialog', { name: 'Sign up' });
    // Plain events: user-event waits on timers that the fake clock holds.
    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    const click = (name: string) => fireEvent.click(within(dialog).getByRole('button', { name }));
    return { api, dialog, item, type, click };
  }

  it('counts down to the next request, approves a 6-digit code after a 1 s pause and locks the field', async () => {
    const { api, dialog, type, click } = setup();
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    expect(api.callsTo('/permissions/request?typeId=email')[0]?.body).toEqual({
      purpose: 'user_verify',
      email: 'ann@example.com',
    });
    const countdown = within(dialog).getByRole('button', { name: 'New code in 01:00' });
    expect(countdown).toHaveTextContent('01:00');
    expect(countdown).toBeDisabled();
    await advance(1000);
    expect(countdown).toHaveTextContent('00:59');
    await advance(58_000);
    expect(countdown).toHaveTextContent('00:01');

    const code = within(dialog).getByRole('textbox', { name: 'Code from the e-mail' });
    type('Code from the e-mail', '123456');
    await advance(999);
    expect(api.callsTo('/permissions/approve?typeId=email')).toHaveLength(0);
    await advance(1);
    await settle();
    expect(api.callsTo('/permissions/approve?typeId=email')[0]?.body).toEqual({
      purpose: 'user_verify',
      permissionItemList: [{ id: 'item-1', otp: '123456' }],
    });
    expect(within(dialog).getByRole('img', { name: 'Confirmed' })).toBeInTheDocument();
    expect(code).toBeDisabled();
    expect(within(dialog).getByText('E-mail confirmed.')).toBeInTheDocument();
  });

  it('shows the get label again once the countdown ends', async () => {
    const { dialog, type, click } = setup();
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    await advance(60_000);
    expect(within(dialog).getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('discards the code when the e-mail changes, after a 1 s pause', async () => {
    const { dialog, type, click } = setup();
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    const code = within(dialog).getByRole('textbox', { name: 'Code from the e-mail' });
    type('Code from the e-mail', '12');
    expect(within(dialog).getByText(/The code has been sent to ann@example.com/)).toBeInTheDocument();

    type('E-mail', 'ann@example.comx');
    await advance(999);
    expect(within(dialog).getByRole('button', { name: /New code in/ })).toBeDisabled();
    expect(code).toHaveValue('12');
    await advance(1);
    expect(within(dialog).getByRole('button', { name: 'Get code' })).toBeEnabled();
    expect(code).toHaveValue('');
    expect(within(dialog).queryByText(/The code has been sent/)).not.toBeInTheDocument();
  });

  it('keeps the code when the e-mail is changed back within the pause', async () => {
    const { dialog, type, click } = setup();
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    type('E-mail', 'ann@example.comx');
    await advance(500);
    type('E-mail', 'ann@example.com');
    await advance(1500);
    expect(within(dialog).getByRole('button', { name: /New code in/ })).toBeInTheDocument();
  });

  it('registers with the granted item, signs in and reports the sign-up goal', async () => {
    const reachGoal = vi.spyOn(noAnalytics, 'reachGoal');
    const { api, dialog, type, click } = setup();
    updateSession({ localeId: 'en', currencyId: 'USD' });
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    type('Code from the e-mail', '123456');
    await advance(1000);
    await settle();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat password'), { target: { value: 'secret1' } });
    type('Your name', 'Ann Lee');
    click('Sign up');
    await settle();

    expect(api.callsTo('/register')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      fullName: 'Ann Lee',
      redirectUrl: `${window.location.origin}/en?modal=registration-success`,
      permissionItemList: [{ id: 'item-1' }],
      localeId: 'en',
      currencyId: 'USD',
      autoLogin: true,
    });
    expect(reachGoal).toHaveBeenCalledWith('sign_up');
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('token-9');
    expect(window.localStorage.getItem(storageKeys.userId)).toBe('user-9');
    expect(screen.getByRole('status')).toHaveTextContent('Registration complete. Welcome!');
  });
});

describe('RegistrationModal: checks before sending', () => {
  function renderModal(storeInfo = storeWith({})) {
    renderInShell(<ModalOutlet />, { path: '/en?modal=registration', storeInfo });
    return userEvent.setup();
  }

  it('names every missing field, the missing confirmation and a password mismatch', async () => {
    const api = mockUsersApi({});
    const user = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Fill in the e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is not confirmed!')).toBeInTheDocument();
    expect(within(dialog).getByText('Fill in the password.')).toBeInTheDocument();
    expect(within(dialog).getByText('Repeat the password.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret2');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Repeat password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('/register')).toHaveLength(0);
  });

  it('asks for the code once one was sent, and says when it has expired', async () => {
    // No wait before the next request, so that a second code can be asked for at once.
    let item = permissionItemFixture({ nextRequestAt: new Date(Date.now() - 1000).toISOString() });
    mockUsersApi({ '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }) });
    const user = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await within(dialog).findByText(/The code has been sent/);
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Enter the code from the e-mail.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Code from the e-mail' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('The verification code is not valid.')).toBeInTheDocument();

    item = permissionItemFixture({ id: 'item-2', expiredAt: new Date(Date.now() - 1).toISOString() });
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Code from the e-mail' })).toHaveValue(''),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('The recieved code has expired!')).toBeInTheDocument();
  });

  it('refuses to ask for a code without a valid e-mail', async () => {
    const api = mockUsersApi({});
    const user = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(within(dialog).getByText('Fill in the e-mail.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(within(dialog).getByText('The e-mail is not valid.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows why the server refused a code', async () => {
    mockUsersApi({
      '/permissions/request?typeId=email': () =>
        errorResponse(409, 'USER_ALREADY_EXISTS', 'A user with this address is already registered.'),
    });
    const user = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(
      await within(dialog).findByText('A user with this address is already registered.'),
    ).toBeInTheDocument();
  });

  it('takes a phone number with the mask and sends its code by SMS', async () => {
    const api = mockUsersApi({
      '/permissions/request?typeId=phone': () =>
        jsonResponse({
          permissionItemList: [
            permissionItemFixture({ typeId: 'phone', email: null, phoneNumber: '+79123456789' }),
          ],
        }),
    });
    const user = renderModal(storeWith({ email: false, phone: true, phoneVerification: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '8912345678901');
    expect(phone).toHaveValue('+8 (912) 345-67-89');
    await user.clear(phone);
    await user.type(phone, '79123456789');
    await user.type(phone, '{Backspace}{Backspace}{Backspace}');
    expect(phone).toHaveValue('+7 (912) 345-6');
    await user.type(phone, '789');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await within(dialog).findByRole('button', { name: /New code in/ });
    expect(api.callsTo('/permissions/request?typeId=phone')[0]?.body).toEqual({
      purpose: 'user_verify',
      phoneNumber: '+79123456789',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Code from the SMS' })).toBeInTheDocument();
  });

  it('opens login with a notification when the server signs nobody in', async () => {
    const api = mockUsersApi({ '/register': () => jsonResponse({ accessTokens: [], emailVerified: false }) });
    const user = renderModal(storeWith({ emailVerification: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(within(dialog).queryByRole('textbox', { name: 'Code from the e-mail' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('status')).toHaveTextContent(
      'Registration complete. Log in with your e-mail and password.',
    );
    expect(within(login).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
    expect(api.callsTo('/register')[0]?.body).not.toHaveProperty('permissionItemList');
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('puts a refused confirmation on the code field and other refusals above the button', async () => {
    let answer = errorResponse(
      400,
      'VERIFICATION_REQUIRED',
      'Confirm the address with a verification code first.',
      {
        field: 'email',
      },
    );
    mockUsersApi({ '/register': () => answer });
    const user = renderModal(storeWith({ emailVerification: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Confirm the address with a verification code first.',
    );

    answer = errorResponse(409, 'USER_ALREADY_EXISTS', 'A user with this address is already registered.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(
      await within(dialog).findByText('A user with this address is already registered.'),
    ).toBeInTheDocument();
  });
});
