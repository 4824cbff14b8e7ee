import { storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalOutlet } from '../../shared/modals/ModalOutlet.tsx';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import { errorResponse, mockUsersApi, storeWith } from '../../test/users-api.ts';

function renderLogin(
  options: { path?: string; language?: 'en' | 'ru'; storeInfo?: ReturnType<typeof storeWith> } = {},
) {
  const view = renderInShell(<ModalOutlet />, {
    path: options.path ?? '/en/blog?page=2&modal=login',
    language: options.language,
    storeInfo: options.storeInfo,
  });
  return { ...view, user: userEvent.setup() };
}

describe('LoginModal', () => {
  it('asks for e-mail and password together when both are empty', async () => {
    const api = mockUsersApi({});
    const { user } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in e-mail and password');
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('drops a message once its field is edited, and the combined one once both are', async () => {
    mockUsersApi({});
    const { user } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    const password = within(dialog).getByLabelText('Password');
    await user.type(email, 'ann@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in e-mail and password.');
    await user.type(password, 'secret1');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  const both = storeWith({ email: true, phone: true });
  const phoneOnly = storeWith({ email: false, phone: true });
  it.each([
    ['e-mail only, in Russian', 'ru', storeWith({}), 'Заполните e-mail и пароль'],
    ['e-mail / phone tabs', 'en', both, 'Fill in the login and password fields'],
    ['e-mail / phone tabs, in Russian', 'ru', both, 'Заполните поля логин и пароль'],
    ['phone only', 'en', phoneOnly, 'Fill in phone and password'],
    ['phone only, in Russian', 'ru', phoneOnly, 'Заполните телефон и пароль'],
  ] as const)('gives an empty form one combined message: %s', async (_what, language, storeInfo, message) => {
    mockUsersApi({});
    const { user } = renderLogin({ path: `/${language}?modal=login`, language, storeInfo });
    const title = language === 'en' ? 'Log in' : 'Вход';
    const dialog = await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog).getByRole('button', { name: language === 'en' ? 'Log in' : 'Войти' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
  });

  it('names the one missing or wrong field', async () => {
    mockUsersApi({});
    const { user } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByText('Fill in the e-mail.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByText('The e-mail is not valid.')).toBeInTheDocument();
    expect(within(dialog).getByText('Fill in the password.')).toBeInTheDocument();
  });

  it('shows no channel tabs when the store requires e-mail only', async () => {
    mockUsersApi({});
    renderLogin({ storeInfo: storeWith({ email: true, phone: false }) });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).queryByRole('tablist')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
  });

  it('switches between e-mail and phone when the store requires both, checking only the chosen one', async () => {
    const api = mockUsersApi({ '/login': () => jsonResponse({ id: 'token-1', userId: 'user-1' }) });
    const { user } = renderLogin({ storeInfo: storeWith({ email: true, phone: true }) });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    const tabs = within(dialog).getByRole('tablist', { name: 'E-mail or phone' });
    expect(within(tabs).getByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: 'Phone' }));
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in the login and password fields');
    expect(within(dialog).getByRole('textbox', { name: 'Phone number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '79123456789');
    expect(within(dialog).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+7 (912) 345-67-89');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(api.callsTo('/login')[0]?.body).toEqual({ phoneNumber: '+79123456789', password: 'secret1' });
  });

  it('signs in: stores the token and user id, closes over the same page and says so', async () => {
    const api = mockUsersApi({ '/login': () => jsonResponse({ id: 'token-1', userId: 'user-1' }) });
    const { user, location } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), ' Ann@Example.com ');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('status')).toHaveTextContent('You have logged in.');
    expect(api.callsTo('/login')[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret1' });
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('token-1');
    expect(window.localStorage.getItem(storageKeys.userId)).toBe('user-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/en/blog?page=2');
  });

  it('shows the server message for wrong credentials', async () => {
    mockUsersApi({ '/login': () => errorResponse(401, 'INVALID_CREDENTIALS', 'Wrong login or password.') });
    const { user } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong login or password.');
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('opens password recovery, pre-filled and with a notification, when the server requires a reset', async () => {
    mockUsersApi({
      '/login': () =>
        errorResponse(403, 'PASSWORD_RESET_REQUIRED', 'You need to reset your password.', {
          email: 'ann@example.com',
          phoneNumber: null,
        }),
    });
    const { user, location } = renderLogin();
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(login).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(login).getByLabelText('Password'), 'old-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    const reset = await screen.findByRole('dialog', { name: 'Password recovery' });
    expect(location()).toBe('/en/blog?page=2&modal=reset-password');
    expect(within(reset).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
    const notice = within(reset).getByRole('status');
    expect(notice).toHaveTextContent('You need to reset your password.');
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(within(reset).queryByRole('status')).not.toBeInTheDocument();
  });

  it('links to the external sign-in providers, back to this page', async () => {
    mockUsersApi({});
    renderLogin({
      storeInfo: storeWith(
        {},
        {
          passports: [
            { slugifyId: 'local', name: 'Local ID', primaryImage: null },
            { slugifyId: 'acme', name: 'Acme', primaryImage: { url: '/acme.svg', alt: 'Acme' } },
          ],
        },
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('link', { name: 'Local ID' })).toHaveAttribute(
      'href',
      '/api/passports/local/auth?tenantClientId=cutout&storeId=cutout&returnTo=%2Fen%2Fblog%3Fpage%3D2',
    );
    const acme = within(dialog).getByRole('link', { name: 'Acme' });
    expect(acme.querySelector('img')).toHaveAttribute('src', '/acme.svg');
  });

  it('links to sign-up and password recovery in place of itself', async () => {
    mockUsersApi({});
    const { user, location } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    // The address typed goes along.
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('link', { name: 'Forgot your password?' }));
    const reset = await screen.findByRole('dialog', { name: 'Password recovery' });
    expect(within(reset).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
    expect(location()).toBe('/en/blog?page=2&modal=reset-password');
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('traps focus, locks the page scroll while open and closes with Escape', async () => {
    mockUsersApi({});
    const { user, location } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    // Focus starts on the first field and stays inside the dialog.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveFocus());
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/en/blog?page=2');
    expect(document.body.style.overflow).not.toBe('hidden');
  });

  it('closes with its close button', async () => {
    mockUsersApi({});
    const { user, location } = renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/en/blog?page=2');
  });
});
