import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../shared/api/client.ts';
import { updateSession } from '../../shared/session/session.ts';
import { renderInShell } from '../../test/render.tsx';
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

  it('sends the user to the root when the server refuses the session', async () => {
    mockUsersApi({
      '/changePassword': () => errorResponse(401, 'AUTHORIZATION_REQUIRED', 'You must be logged in.'),
    });
    updateSession({ accessToken: 'expired', userId: 'user-1' });
    const { location } = renderInShell(<AuthEvents />, { path: '/ru/user', language: 'ru' });
    await act(() => apiRequest('/users/changePassword', { method: 'POST', body: {} }).catch(() => undefined));
    await waitFor(() => expect(location()).toBe('/ru'));
  });
});
