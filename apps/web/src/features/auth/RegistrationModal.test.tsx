import { storageKeys } from '@cutout/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noAnalytics } from '../../shared/analytics/analytics.ts';
import { ModalOutlet } from '../../shared/modals/ModalOutlet.tsx';
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

  function open(routes: Parameters<typeof mockUsersApi>[0], language: 'en' | 'ru' = 'en') {
    const api = mockUsersApi(routes);
    renderInShell(<RegistrationModal onClose={() => undefined} />, {
      path: `/${language}?modal=registration`,
      language,
    });
    const dialog = screen.getByRole('dialog', { name: language === 'en' ? 'Sign up' : 'Регистрация' });
    // Plain events: user-event waits on timers that the fake clock holds.
    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    const click = (name: string) => fireEvent.click(within(dialog).getByRole('button', { name }));
    return { api, dialog, type, click };
  }

  function setup() {
    const item = permissionItemFixture();
    const view = open({
      '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }),
      '/permissions/approve?typeId=email': () => jsonResponse({ permissionItemList: [granted(item)] }),
      '/register': () =>
        jsonResponse({ accessTokens: [{ id: 'token-9', userId: 'user-9' }], emailVerified: true }),
    });
    return { ...view, item };
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
    // The keyboard goes on to the field the code is typed in.
    expect(within(dialog).getByRole('textbox', { name: 'Code from the e-mail' })).toHaveFocus();
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
    // Read-only, not disabled: the keyboard stays in it.
    expect(code).toHaveAttribute('readonly');
    expect(code).toBeEnabled();
    expect(within(dialog).getByText('E-mail confirmed.')).toBeInTheDocument();
  });

  it('drops the check of a wrong code once the right one is confirmed', async () => {
    const item = permissionItemFixture();
    mockUsersApi({
      '/permissions/request?typeId=email': () => jsonResponse({ permissionItemList: [item] }),
      '/permissions/approve?typeId=email': (request) =>
        (request.body as { permissionItemList: { otp: string }[] }).permissionItemList[0]?.otp === '123456'
          ? jsonResponse({ permissionItemList: [granted(item)] })
          : errorResponse(400, 'INVALID_OTP', 'The verification code is not valid.'),
    });
    renderInShell(<RegistrationModal onClose={() => undefined} />, { path: '/en?modal=registration' });
    const dialog = screen.getByRole('dialog', { name: 'Sign up' });
    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type('E-mail', 'ann@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await settle();
    // A wrong code, and the form sent with it: the form's own check says so under the code.
    type('Code from the e-mail', '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await settle();
    expect(within(dialog).getByText('The verification code is not valid.')).toBeInTheDocument();

    type('Code from the e-mail', '123456');
    expect(within(dialog).queryByText('The verification code is not valid.')).not.toBeInTheDocument();
    await advance(1000);
    await settle();
    expect(within(dialog).getByRole('img', { name: 'Confirmed' })).toBeInTheDocument();
    expect(within(dialog).getByText('E-mail confirmed.')).toBeInTheDocument();
    expect(within(dialog).queryByText('The verification code is not valid.')).not.toBeInTheDocument();
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

  it('awaits the code asked for when the window is closed and opened again for the same address', async () => {
    const first = setup();
    first.type('E-mail', 'ann@example.com');
    first.click('Get code');
    await settle();
    cleanup();

    // Opened again: the address typed anew finds the code it asked for, with its countdown.
    const { api, dialog, type } = setup();
    type('E-mail', 'Ann@example.com ');
    type('Code from the e-mail', '123456');
    await advance(1000);
    await settle();
    expect(within(dialog).getByRole('button', { name: /New code in/ })).toBeDisabled();
    await advance(1000);
    await settle();
    expect(api.callsTo('/permissions/request?typeId=email')).toHaveLength(0);
    expect(api.callsTo('/permissions/approve?typeId=email')[0]?.body).toEqual({
      purpose: 'user_verify',
      permissionItemList: [{ id: 'item-1', otp: '123456' }],
    });
    expect(within(dialog).getByText('E-mail confirmed.')).toBeInTheDocument();
    // Confirmed, it is not awaited any more: another window asks anew.
    cleanup();
    const again = setup();
    again.type('E-mail', 'ann@example.com');
    await advance(1000);
    expect(within(again.dialog).getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  /** A request refused as too soon, as the server answers it (its message is left unused). */
  const tooSoon = (seconds: number) => () =>
    errorResponse(429, 'NEXT_REQUEST_NOT_YET', `You can request a new code in ${seconds} s.`, {
      seconds,
      nextRequestAt: new Date(Date.now() + seconds * 1000).toISOString(),
    });

  it('counts a too-soon refusal down with the button and drops it once a code may be asked for', async () => {
    const { dialog, type, click } = open({ '/permissions/request?typeId=email': tooSoon(48) });
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    const code = within(dialog).getByRole('textbox', { name: 'Code from the e-mail' });
    expect(code).toHaveAccessibleDescription('You can request a new code in 48 s.');
    expect(within(dialog).getByRole('button', { name: 'New code in 00:48' })).toBeDisabled();
    // The keyboard goes to the field that the message describes, not to the dialog.
    expect(code).toHaveFocus();

    await advance(1000);
    expect(code).toHaveAccessibleDescription('You can request a new code in 47 s.');
    expect(within(dialog).getByRole('button', { name: 'New code in 00:47' })).toBeDisabled();
    await advance(47_000);
    expect(within(dialog).getByRole('button', { name: 'Get code' })).toBeEnabled();
    expect(code).toHaveAccessibleDescription('We will send a 6-digit code to this e-mail.');
  });

  it('counts the too-soon refusal down in Russian', async () => {
    const { dialog, type, click } = open({ '/permissions/request?typeId=email': tooSoon(43) }, 'ru');
    type('E-mail', 'ann@example.com');
    click('Получить код');
    await settle();
    const code = within(dialog).getByRole('textbox', { name: 'Код из письма' });
    expect(code).toHaveAccessibleDescription('Следующий код подтверждения будет доступен через 43 с.');
    await advance(3000);
    expect(code).toHaveAccessibleDescription('Следующий код подтверждения будет доступен через 40 с.');
    await advance(40_000);
    expect(within(dialog).queryByText(/будет доступен/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Получить код' })).toBeEnabled();
  });

  it('puts the keyboard on the code field when the server refuses the request', async () => {
    const { dialog, type } = open({
      '/permissions/request?typeId=email': () =>
        errorResponse(429, 'RATE_LIMITED', 'Too many requests. Try again in 59 min.'),
    });
    type('E-mail', 'ann@example.com');
    const get = within(dialog).getByRole('button', { name: 'Get code' });
    get.focus();
    fireEvent.click(get);
    // A browser drops the keyboard to the dialog while the button is disabled.
    dialog.focus();
    await settle();
    const code = within(dialog).getByRole('textbox', { name: 'Code from the e-mail' });
    expect(code).toHaveAccessibleDescription('Too many requests. Try again in 59 min.');
    expect(code).toHaveFocus();
    expect(get).toBeEnabled();
  });

  it('says an expired code the server finds in the words of the form’s own check', async () => {
    const { dialog, type, click } = open({
      '/permissions/request?typeId=email': () =>
        jsonResponse({ permissionItemList: [permissionItemFixture()] }),
      '/permissions/approve?typeId=email': () =>
        errorResponse(400, 'CODE_EXPIRED', 'The code has expired. Request a new one.'),
    });
    type('E-mail', 'ann@example.com');
    click('Get code');
    await settle();
    type('Code from the e-mail', '123456');
    await advance(1000);
    await settle();
    expect(within(dialog).getByRole('textbox', { name: 'Code from the e-mail' })).toHaveAccessibleDescription(
      'The code has expired. Request a new one.',
    );
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
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret-pass1' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat password'), { target: { value: 'secret-pass1' } });
    type('Your name', 'Ann Lee');
    click('Sign up');
    await settle();

    expect(api.callsTo('/register')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'secret-pass1',
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

  it('names the missing fields together, the missing confirmation and a password mismatch', async () => {
    const api = mockUsersApi({
      '/permissions/request?typeId=email': () =>
        jsonResponse({ permissionItemList: [permissionItemFixture()] }),
    });
    const user = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Fill in e-mail and password\.$/);
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Fill in the e-mail.')).not.toBeInTheDocument();
    // No e-mail, so nothing to confirm yet: the missing e-mail is what to read.
    expect(within(dialog).queryByText('Email is not confirmed!')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Repeat the password.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Password'), 'secret-one');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Fill in the e-mail.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Email is not confirmed!')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Email is not confirmed!')).toBeInTheDocument();
    // Asking for the code answers that message: the field says where the code went instead.
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(await within(dialog).findByText(/The code has been sent to ann@example.com/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Email is not confirmed!')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret-two');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Repeat password')).toHaveAttribute('aria-invalid', 'true');
    // The keyboard goes to the first refused field (the code not typed yet), so that a screen
    // reader reads the message that describes it.
    expect(within(dialog).getByRole('textbox', { name: 'Code from the e-mail' })).toHaveFocus();
    expect(api.callsTo('/register')).toHaveLength(0);
  });

  it.each([
    ['all three', { email: '', phone: '', password: '' }, 'Fill in e-mail, phone and password.'],
    ['e-mail and phone', { email: '', phone: '', password: 'secret-pass1' }, 'Fill in e-mail and phone.'],
    [
      'phone and password',
      { email: 'ann@example.com', phone: '', password: '' },
      'Fill in phone and password.',
    ],
    [
      'e-mail and password',
      { email: '', phone: '79123456789', password: '' },
      'Fill in e-mail and password.',
    ],
  ])('asks for %s together when the store requires both channels', async (_what, values, message) => {
    mockUsersApi({});
    const user = renderModal(storeWith({ email: true, phone: true, emailVerification: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    if (values.email) await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), values.email);
    if (values.phone) {
      await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), values.phone);
    }
    if (values.password) await user.type(within(dialog).getByLabelText('Password'), values.password);
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
  });

  it('says the combined message in Russian', async () => {
    mockUsersApi({});
    renderInShell(<ModalOutlet />, {
      path: '/ru?modal=registration',
      language: 'ru',
      storeInfo: storeWith({ email: true, phone: true, emailVerification: false }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Регистрация' });
    await user.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Заполните e-mail, телефон и пароль.');
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

    // A second code ends the first one (the server accepts only the newest): the hint says so.
    const codeField = within(dialog).getByRole('textbox', { name: 'Code from the e-mail' });
    const again = new Date(Date.now() - 1000).toISOString();
    item = permissionItemFixture({ id: 'item-2', nextRequestAt: again });
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(codeField).toHaveValue(''));
    expect(codeField).toHaveAccessibleDescription(
      'The code has been sent to ann@example.com. The code is valid for 10 min. Codes sent before it no longer work.',
    );

    // The hint counts the validity down from the time the code expires, and says once it has.
    item = permissionItemFixture({
      id: 'item-3',
      nextRequestAt: again,
      expiredAt: new Date(Date.now() + 150_000).toISOString(),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(codeField).toHaveAccessibleDescription(/valid for 3 min/));
    item = permissionItemFixture({
      id: 'item-4',
      nextRequestAt: again,
      expiredAt: new Date(Date.now() - 1).toISOString(),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await waitFor(() =>
      expect(codeField).toHaveAccessibleDescription(
        'The code has been sent to ann@example.com. The code has expired. Request a new one.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('The code has expired. Request a new one.')).toBeInTheDocument();
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

  /** A store that requires a confirmed phone only; a code asked for goes to +79123456789. */
  function renderPhoneOnly() {
    const api = mockUsersApi({
      '/permissions/request?typeId=phone': () =>
        jsonResponse({
          permissionItemList: [
            permissionItemFixture({ typeId: 'phone', email: null, phoneNumber: '+79123456789' }),
          ],
        }),
    });
    const user = renderModal(storeWith({ email: false, phone: true, phoneVerification: true }));
    return { api, user };
  }

  it('takes a phone number with the mask and sends its code by SMS', async () => {
    const { api, user } = renderPhoneOnly();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    // Begun with the trunk prefix 8, the number gets its +7; digits past the mask are dropped.
    await user.type(phone, '8912345678901');
    expect(phone).toHaveValue('+7 (912) 345-67-89');
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
    // The number the code went to is shown as people read it.
    expect(within(dialog).getByRole('textbox', { name: 'Code from the SMS' })).toHaveAccessibleDescription(
      'The code has been sent to +7 (912) 345-67-89. The code is valid for 10 min.',
    );
  });

  it('drops a message once its field is edited, and the combined one once its fields are', async () => {
    const { user } = renderPhoneOnly();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    const password = within(dialog).getByLabelText('Password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in phone and password.');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.type(phone, '79123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }));
    await within(dialog).findByRole('button', { name: /New code in/ });
    expect(phone).not.toHaveAttribute('aria-invalid');
    // The password is still empty: the message naming it stays until it is filled in too.
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in phone and password.');

    await user.type(password, 'secret-pass1');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // A message of its own stays with the field until that one is edited.
    expect(within(dialog).getByText('Repeat the password.')).toBeInTheDocument();
  });

  it('opens login with a notification when the server signs nobody in', async () => {
    const api = mockUsersApi({ '/register': () => jsonResponse({ accessTokens: [], emailVerified: false }) });
    const user = renderModal(storeWith({ emailVerification: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(within(dialog).queryByRole('textbox', { name: 'Code from the e-mail' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass1');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret-pass1');
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
    const answer = errorResponse(
      400,
      'VERIFICATION_REQUIRED',
      'Confirm the address with a verification code first.',
      { field: 'email' },
    );
    mockUsersApi({ '/register': () => answer });
    const user = renderModal(storeWith({ emailVerification: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass1');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Confirm the address with a verification code first.',
    );
  });
});

describe('RegistrationModal: an address that has an account already', () => {
  const taken = () =>
    errorResponse(409, 'USER_ALREADY_EXISTS', 'A user with this address is already registered.');

  /** The message under a field, which its input names as its description. */
  function messageOf(input: HTMLElement): HTMLElement {
    const id = input.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
    const message = document.getElementById(id);
    if (!message) throw new Error('The field has no message');
    return message;
  }

  async function register(options: { storeInfo: ReturnType<typeof storeWith>; language?: 'en' | 'ru' }) {
    const api = mockUsersApi({ '/register': taken });
    const language = options.language ?? 'en';
    const view = renderInShell(<ModalOutlet />, {
      path: `/${language}/pricing?modal=registration`,
      language,
      storeInfo: options.storeInfo,
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: language === 'en' ? 'Sign up' : 'Регистрация' });
    return { ...view, api, user, dialog };
  }

  async function submit(
    { user, dialog }: { user: ReturnType<typeof userEvent.setup>; dialog: HTMLElement },
    fields: Record<string, string>,
    labels = { password: 'Password', repeat: 'Repeat password', submit: 'Sign up' },
  ) {
    for (const [name, value] of Object.entries(fields)) {
      await user.type(within(dialog).getByRole('textbox', { name }), value);
    }
    await user.type(within(dialog).getByLabelText(labels.password), 'secret-pass1');
    await user.type(within(dialog).getByLabelText(labels.repeat), 'secret-pass1');
    await user.click(within(dialog).getByRole('button', { name: labels.submit }));
  }

  it('says so on the e-mail field, with links to log in or reset the password, pre-filled', async () => {
    const view = await register({ storeInfo: storeWith({ emailVerification: false }) });
    await submit(view, { 'E-mail': 'ann@example.com' });
    const email = within(view.dialog).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      'An account with this e-mail already exists. Log in or reset the password.',
    );
    expect(within(view.dialog).queryByRole('alert')).not.toBeInTheDocument();

    await view.user.click(within(messageOf(email)).getByRole('link', { name: 'Log in' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
    expect(view.location()).toBe('/en/pricing?modal=login');
  });

  it('leads to password recovery for the same address', async () => {
    const view = await register({ storeInfo: storeWith({ emailVerification: false }) });
    await submit(view, { 'E-mail': 'ann@example.com' });
    const email = within(view.dialog).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await view.user.click(within(messageOf(email)).getByRole('link', { name: 'reset the password' }));
    const reset = await screen.findByRole('dialog', { name: 'Password recovery' });
    expect(within(reset).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
  });

  it('clears the message once the address is edited', async () => {
    const view = await register({ storeInfo: storeWith({ emailVerification: false }) });
    await submit(view, { 'E-mail': 'ann@example.com' });
    const email = within(view.dialog).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await view.user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(within(view.dialog).queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it('puts it on the phone field of a phone-only store, and log in opens on the phone', async () => {
    const view = await register({ storeInfo: storeWith({ email: false, phone: true }) });
    await submit(view, { 'Phone number': '79123456789' });
    const phone = within(view.dialog).getByRole('textbox', { name: 'Phone number' });
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(
      'An account with this phone number already exists. Log in or reset the password.',
    );
    await view.user.click(within(messageOf(phone)).getByRole('link', { name: 'Log in' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+7 (912) 345-67-89');
  });

  it('follows the field the server names when the store requires both channels', async () => {
    mockUsersApi({
      '/register': () =>
        errorResponse(409, 'USER_ALREADY_EXISTS', 'A user with this address is already registered.', {
          field: 'phoneNumber',
        }),
    });
    renderInShell(<ModalOutlet />, {
      path: '/en?modal=registration',
      storeInfo: storeWith({ email: true, phone: true, emailVerification: false }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await submit({ user, dialog }, { 'E-mail': 'ann@example.com', 'Phone number': '79123456789' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('aria-invalid');
  });

  it('says so in Russian', async () => {
    const view = await register({ storeInfo: storeWith({ emailVerification: false }), language: 'ru' });
    await submit(
      view,
      { 'E-mail': 'ann@example.com' },
      { password: 'Пароль', repeat: 'Повторите пароль', submit: 'Зарегистрироваться' },
    );
    const email = within(view.dialog).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      'Аккаунт с этим e-mail уже существует. Войдите или восстановите пароль.',
    );
  });
});
