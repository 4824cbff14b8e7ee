import { storageKeys } from '@cutout/contracts';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../shared/api/client.ts';
import { getSession, isAuthorised, updateSession } from '../../shared/session/session.ts';
import { renderApp, renderInShell } from '../../test/render.tsx';
import { errorResponse, mockUsersApi } from '../../test/users-api.ts';
import { AuthEvents } from './AuthEvents.tsx';

describe('AuthEvents', () => {
  it('shows a failed external sign-in as an error and drops it from the address', async () => {
    mockUsersApi({});
    const { location } = renderInShell(<AuthEvents />, { path: '/en?passport_error=INVALID_STATE&x=1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'External sign-in failed. Try again or log in another way.',
    );
    await waitFor(() => expect(location()).toBe('/en?x=1'));
  });

  it('sends the user to the root, the login window open, when the server refuses the session', async () => {
    mockUsersApi({
      '/changePassword': () => errorResponse(401, 'AUTHORIZATION_REQUIRED', 'You must be logged in.'),
    });
    updateSession({ accessToken: 'expired', userId: 'user-1' });
    const { location } = renderInShell(<AuthEvents />, { path: '/ru/user', language: 'ru' });
    await act(() => apiRequest('/users/changePassword', { method: 'POST', body: {} }).catch(() => undefined));
    await waitFor(() => expect(location()).toBe('/ru?modal=login'));
  });

  it('says in the login window that the session has ended', async () => {
    mockUsersApi({
      '/changePassword': () => errorResponse(401, 'AUTHORIZATION_REQUIRED', 'You must be logged in.'),
    });
    updateSession({ accessToken: 'expired', userId: 'user-1' });
    renderApp('/en/user/api');
    await screen.findByRole('heading', { level: 1 });
    await act(() => apiRequest('/users/changePassword', { method: 'POST', body: {} }).catch(() => undefined));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(dialog).toHaveTextContent('Your session has ended. Log in again to go on.');
  });

  it('follows a log-out in another tab of the site at once', async () => {
    mockUsersApi({});
    updateSession({ accessToken: 'token-1', userId: 'user-1' });
    // The other tab removes the token from the storage both share; this one hears of it.
    window.localStorage.removeItem(storageKeys.accessToken);
    window.localStorage.removeItem(storageKeys.userId);
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.accessToken })));
    expect(getSession()).toMatchObject({ accessToken: null, userId: null });
    expect(isAuthorised()).toBe(false);
  });
});
