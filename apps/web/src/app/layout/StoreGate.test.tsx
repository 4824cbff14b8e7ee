import { storageKeys } from '@cutout/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, reloadSession } from '../../shared/session/session.ts';
import { storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { mockUsersApi, userFixture } from '../../test/users-api.ts';

describe('StoreGate and the session', () => {
  it('forgets a stored session that the server answers as a visitor', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'revoked');
    window.localStorage.setItem(storageKeys.userId, 'user-1');
    reloadSession();
    mockApi();
    renderApp('/en');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(getSession().accessToken).toBeNull());
    expect(window.localStorage.getItem(storageKeys.userId)).toBeNull();
  });

  it('keeps a session the server knows', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    mockUsersApi({}, () => ({ ...storeInfoFixture(), user: userFixture() }));
    renderApp('/en');
    await screen.findByRole('heading', { level: 1 });
    expect(getSession().accessToken).toBe('token-1');
  });
});
