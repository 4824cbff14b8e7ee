import { storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { mockUsersApi, userFixture } from '../../test/users-api.ts';
import { authPageTarget } from './AuthPageRedirect.tsx';

/** The store info as the server answers it: with the user when the call carries a token. */
const signedInStore = (headers: Headers) => ({
  ...storeInfoFixture(),
  user: headers.get('Authorization') ? userFixture() : null,
});

const here = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;

describe('user auth pages (SPEC §2.1)', () => {
  it.each([
    ['login', 'Log in'],
    ['registration', 'Sign up'],
    ['reset-password', 'Password recovery'],
  ])('/en/user/%s opens its modal over the main page of the language', async (page, title) => {
    mockUsersApi({});
    const { router } = renderApp(`/en/user/${page}`);
    // The first test loads the page and the modals' chunks.
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    expect(here(router)).toBe(`/en?modal=${page}`);
    // The page is under the modal, hidden from the accessibility tree while the modal is open.
    expect(
      await screen.findByRole('heading', { level: 1, name: /Remove the background/, hidden: true }),
    ).toBeInTheDocument();
  });

  it('opens login over the return path, and closing it stays there', async () => {
    mockUsersApi({});
    const user = userEvent.setup();
    const { router } = renderApp('/en/user/login?returnTo=%2Fen%2Fremove-background%3Fsize%3Dfull');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(here(router)).toBe('/en/remove-background?size=full&modal=login');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(here(router)).toBe('/en/remove-background?size=full');
  });

  it('keeps the user on the return path after signing in', async () => {
    mockUsersApi({ '/login': () => jsonResponse({ id: 'token-1', userId: 'user-1' }) }, signedInStore);
    const user = userEvent.setup();
    const { router } = renderApp('/en/user/login?returnTo=/en/remove-background');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(here(router)).toBe('/en/remove-background');
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('token-1');
  });

  it('takes the reset link token along to the set-password modal', async () => {
    mockUsersApi({});
    const { router } = renderApp('/ru/user/set-password?token=reset%2Btoken');
    expect(await screen.findByRole('dialog', { name: 'Задайте новый пароль' })).toBeInTheDocument();
    expect(here(router)).toBe('/ru?modal=set-password&token=reset%2Btoken');
  });

  it('refuses a return path to another site and opens the modal over the main page', async () => {
    mockUsersApi({});
    const { router } = renderApp('/en/user/login?returnTo=//evil.example/en');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(here(router)).toBe('/en?modal=login');
  });

  it('gives a signed-in user no login modal: the guard drops it and the return page stays', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    mockUsersApi({}, signedInStore);
    const { router } = renderApp('/en/user/login?returnTo=/en/remove-background');
    await waitFor(() => expect(here(router)).toBe('/en/remove-background'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('authPageTarget', () => {
  const target = (
    returnTo: string | null,
    options: { modal?: 'login' | 'set-password'; token?: string } = {},
  ) =>
    authPageTarget({
      language: 'ru',
      modal: options.modal ?? 'login',
      returnTo,
      token: options.token ?? null,
    });

  it('puts a return path without a language under the language of the page', () => {
    expect(target('/pricing?plan=year#faq')).toBe('/ru/pricing?plan=year&modal=login#faq');
    expect(target('/')).toBe('/ru?modal=login');
  });

  it('keeps the language of a return path that has one', () => {
    expect(target('/en/blog')).toBe('/en/blog?modal=login');
  });

  it('replaces a modal or a token the return path already names', () => {
    expect(target('/ru/blog?modal=registration&token=old')).toBe('/ru/blog?modal=login');
    expect(target('/ru/blog?token=old', { modal: 'set-password', token: 'new' })).toBe(
      '/ru/blog?modal=set-password&token=new',
    );
  });

  it('falls back to the main page for a path that is not safe', () => {
    expect(target('/\\evil.example')).toBe('/ru?modal=login');
    expect(target(`${window.location.origin}/en`)).toBe('/ru?modal=login');
  });
});
