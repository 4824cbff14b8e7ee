import { storageKeys } from '@cutout/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModalOutlet } from '../../shared/modals/ModalOutlet.tsx';
import { reloadSession } from '../../shared/session/session.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockUsersApi, storeWith } from '../../test/users-api.ts';
import { authChannels } from './auth-rules.ts';

function signInStored() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

const noChannels = storeWith({ email: false, phone: false });
const localPassport = { slugifyId: 'local', name: 'Local ID', primaryImage: null };

describe('account modal guards', () => {
  it.each(['login', 'registration', 'reset-password'])(
    'gives a signed-in user no %s modal and leaves the page as it was',
    async (modal) => {
      mockUsersApi({});
      signInStored();
      const { location } = renderInShell(<ModalOutlet />, { path: `/en/blog?page=2&modal=${modal}` });
      await waitFor(() => expect(location()).toBe('/en/blog?page=2'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('also treats the signed-in hint cookie of a cookie session as signed in', async () => {
    mockUsersApi({});
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'signed_in=1; path=/';
    const { location } = renderInShell(<ModalOutlet />, { path: '/en/blog?modal=login' });
    await waitFor(() => expect(location()).toBe('/en/blog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a visitor to the locale root when the store requires no channel and has no passports', async () => {
    mockUsersApi({});
    const { location } = renderInShell(<ModalOutlet />, {
      path: '/en/blog?modal=login',
      storeInfo: noChannels,
    });
    await waitFor(() => expect(location()).toBe('/en'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens login with only the external providers when the store has passports but requires no channel', async () => {
    mockUsersApi({});
    renderInShell(<ModalOutlet />, {
      path: '/en/blog?modal=login',
      storeInfo: { ...noChannels, passports: [localPassport] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(dialog).toContainElement(screen.getByRole('link', { name: 'Local ID' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it.each(['registration', 'reset-password'])(
    'refuses %s when no channel is required, passports or not',
    async (modal) => {
      mockUsersApi({});
      const { location } = renderInShell(<ModalOutlet />, {
        path: `/en/blog?modal=${modal}`,
        storeInfo: { ...noChannels, passports: [localPassport] },
      });
      await waitFor(() => expect(location()).toBe('/en'));
    },
  );

  it.each([
    ['registration-success', 'Registration complete'],
    ['set-password', 'The link is not valid'],
  ])('opens %s for anyone, signed in or not', async (modal, title) => {
    mockUsersApi({});
    signInStored();
    renderInShell(<ModalOutlet />, { path: `/en?modal=${modal}` });
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
  });
});

describe('authChannels', () => {
  it('reads the required channels, e-mail verification on unless turned off', () => {
    expect(
      authChannels({ optionItems: [{ name: 'UserEmailRequired', value: true }], passports: [] }),
    ).toEqual({
      required: ['email'],
      email: true,
      phone: false,
      emailVerification: true,
      phoneVerification: false,
    });
    expect(authChannels(storeWith({ email: true, phone: true, emailVerification: false })).required).toEqual([
      'email',
      'phone',
    ]);
    expect(authChannels(storeWith({ emailVerification: false })).emailVerification).toBe(false);
  });
});
