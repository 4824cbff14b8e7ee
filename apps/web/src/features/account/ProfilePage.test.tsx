import { storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorResponse, mockUsersApi, userFixture } from '../../test/users-api.ts';

/** Store info with the user when the call carries token-1 (as the server answers). */
const storeInfoFor = (headers: Headers) => ({
  ...storeInfoFixture({
    language: headers.get('x-locale-id') === 'ru' ? 'ru' : 'en',
    currencyId: headers.get('x-currency-id') ?? undefined,
  }),
  user: headers.get('Authorization') === 'Bearer token-1' ? userFixture() : null,
});

function signInStored() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

describe('ProfilePage', () => {
  it('opens the login modal for a visitor and shows the account once signed in there', async () => {
    mockUsersApi({ '/login': () => jsonResponse({ id: 'token-1', userId: 'user-1' }) }, storeInfoFor);
    const { router } = renderApp('/en/user');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/en/user');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Log in to open your account.');

    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/user');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ann Lee');
  });

  it('leaves a visitor who closes the modal with a way to log in', async () => {
    mockUsersApi({}, storeInfoFor);
    renderApp('/en/user');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the addresses and saves the full name', async () => {
    signInStored();
    const api = mockUsersApi({ '/updateProfile': () => jsonResponse({ result: true }) }, storeInfoFor);
    renderApp('/en/user');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Not specified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /API keys/ })).toHaveAttribute('href', '/en/user/api');
    expect(screen.getByRole('link', { name: /My orders/ })).toHaveAttribute('href', '/en/user/orders');
    const save = within(profile).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const user = userEvent.setup();
    const name = within(profile).getByRole('textbox', { name: 'Your name' });
    await user.clear(name);
    await user.type(name, 'Ann Smith ');
    await user.click(save);
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(api.callsTo('/updateProfile')[0]?.body).toEqual({ fullName: 'Ann Smith' });
  });

  it('keeps a long e-mail without a name inside the screen: one shrinkable column, the e-mail wraps', async () => {
    signInStored();
    const email = 'qa-buyer-ru-1733500000@example.com';
    mockUsersApi({}, (headers) => ({
      ...storeInfoFor(headers),
      user: userFixture({ email, login: email, fullName: null }),
    }));
    renderApp('/ru/user');
    const profile = await screen.findByRole('region', { name: 'Профиль' });
    // The columns of the page's grid may shrink below their content (minmax(0, 1fr)) on any screen.
    const grid = profile.closest('.grid');
    expect(grid?.className).toMatch(/(^| )grid-cols-1( |$)/);
    expect(grid?.className).toContain('lg:grid-cols-[18rem_minmax(0,1fr)]');
    for (const column of Array.from(grid?.children ?? [])) expect(column.className).toContain('min-w-0');
    // The address is shown whole, broken where it must be, in the card and the summary.
    expect(within(profile).getByText(email)).toHaveClass('[overflow-wrap:anywhere]');
    expect(within(screen.getByRole('complementary')).getByText(email)).toHaveClass('wrap-anywhere');
  });

  it('shows a phone-only account by its number as people read it, with a person for initials', async () => {
    signInStored();
    mockUsersApi({}, (headers) => ({
      ...storeInfoFor(headers),
      user: userFixture({ email: null, phoneNumber: '+79123456789', login: '+79123456789', fullName: null }),
    }));
    renderApp('/en/user');
    await screen.findByRole('region', { name: 'Profile' });
    const summary = screen.getByRole('complementary', { name: 'Account summary' });
    expect(within(summary).getByText('+7 (912) 345-67-89')).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('+79123456789');
    // The avatar is decoration (hidden from screen readers): a person icon, not the number's '+'.
    const avatar = summary.querySelector('[aria-hidden="true"]');
    expect(avatar?.textContent).toBe('');
    expect(avatar?.querySelector('svg')).not.toBeNull();
  });

  it('shows a named account’s phone under its name, with its initials', async () => {
    signInStored();
    mockUsersApi({}, (headers) => ({
      ...storeInfoFor(headers),
      user: userFixture({ email: null, phoneNumber: '+79123456789', fullName: 'Ann Lee' }),
    }));
    renderApp('/ru/user');
    await screen.findByRole('region', { name: 'Профиль' });
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(summary).getByText('+7 (912) 345-67-89')).toBeInTheDocument();
    expect(summary.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^AL$/);
  });

  it('offers no password change to an account made through a passport only', async () => {
    signInStored();
    mockUsersApi({}, (headers) => ({
      ...storeInfoFor(headers),
      user: userFixture({ hasPassword: false, passports: [{ slugifyId: 'local' }] }),
    }));
    renderApp('/en/user');
    await screen.findByRole('region', { name: 'Profile' });
    expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('changes the password: the current one, the new one twice', async () => {
    signInStored();
    let answer = errorResponse(401, 'INVALID_CREDENTIALS', 'Wrong login or password.');
    const api = mockUsersApi({ '/changePassword': () => answer }, storeInfoFor);
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Change password' });
    const user = userEvent.setup();
    const submit = within(card).getByRole('button', { name: 'Change password' });

    await user.type(within(card).getByLabelText('New password'), 'new-secret');
    await user.type(within(card).getByLabelText('Repeat the new password'), 'new-secreT');
    await user.click(submit);
    expect(within(card).getByText('Fill in the password.')).toBeInTheDocument();
    expect(within(card).getByText('Passwords do not match.')).toBeInTheDocument();
    // The first refused field takes the keyboard.
    expect(within(card).getByLabelText('Current password')).toHaveFocus();
    expect(api.callsTo('/changePassword')).toHaveLength(0);

    await user.type(within(card).getByLabelText('Current password'), 'bad-old');
    await user.clear(within(card).getByLabelText('Repeat the new password'));
    await user.type(within(card).getByLabelText('Repeat the new password'), 'new-secret');
    await user.click(submit);
    expect(await within(card).findByText('The current password is wrong.')).toBeInTheDocument();

    // The current password again would change nothing: refused before it is sent.
    await user.clear(within(card).getByLabelText('Current password'));
    await user.type(within(card).getByLabelText('Current password'), 'new-secret');
    await user.click(submit);
    expect(
      await within(card).findByText('The new password is the current one. Choose another.'),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText('New password')).toHaveFocus();
    expect(api.callsTo('/changePassword')).toHaveLength(1);

    answer = jsonResponse({ result: true });
    await user.clear(within(card).getByLabelText('Current password'));
    await user.type(within(card).getByLabelText('Current password'), 'old-secret');
    await user.click(submit);
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(api.callsTo('/changePassword')[1]?.body).toEqual({
      password: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(within(card).getByLabelText('Current password')).toHaveValue('');
  });

  it('goes to the root on logout, without opening the login modal', async () => {
    signInStored();
    mockUsersApi({ '/logout': () => jsonResponse({ result: true }) }, storeInfoFor);
    const { router } = renderApp('/en/user');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the currency on the server and the language by moving to it', async () => {
    window.localStorage.setItem(storageKeys.localeId, 'en');
    signInStored();
    const api = mockUsersApi(
      {
        '/changeCurrency': () => jsonResponse({ currencyId: 'USD' }),
        '/changeLocale': () => jsonResponse({ localeId: 'ru' }),
      },
      storeInfoFor,
    );
    const { router } = renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Language and currency' });
    const user = userEvent.setup();
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Currency' }), 'USD');
    await waitFor(() => expect(api.callsTo('/changeCurrency')[0]?.body).toEqual({ currencyId: 'USD' }));

    await user.selectOptions(within(card).getByRole('combobox', { name: 'Language' }), 'ru');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru/user'));
    await waitFor(() =>
      expect(api.callsTo('/changeLocale').map((call) => call.body)).toEqual([{ localeId: 'ru' }]),
    );
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
  });

  it('tells the server the language in use when the account remembers another, once', async () => {
    window.localStorage.setItem(storageKeys.localeId, 'en');
    signInStored();
    // The account's language was set to Russian on another device; this browser reads English.
    const api = mockUsersApi({ '/changeLocale': () => jsonResponse({ localeId: 'en' }) }, (headers) => ({
      ...storeInfoFor(headers),
      user: headers.get('Authorization') === 'Bearer token-1' ? { ...userFixture(), localeId: 'ru' } : null,
    }));
    renderApp('/en/user');
    expect(await screen.findByRole('region', { name: 'Language and currency' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('/changeLocale').map((call) => call.body)).toEqual([{ localeId: 'en' }]),
    );
  });
});
