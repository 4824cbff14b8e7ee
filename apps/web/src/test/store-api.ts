import { storageKeys } from '@cutout/contracts';
import { reloadSession } from '../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from './fixtures.ts';
import { mockApi } from './render.tsx';
import { userFixture } from './users-api.ts';

/**
 * Replaces fetch for a storefront screen: `answer` takes the screen's own calls (null for the rest);
 * store info comes in the header's language, with the user when a token is sent; users calls succeed.
 */
export function mockStoreApi(answer: (url: string, init: RequestInit) => Response | null) {
  return mockApi({
    handler: (url, init) => {
      const own = answer(url, init);
      if (own) return own;
      if (url.includes('/api/stores/users/')) return jsonResponse({ result: true });
      if (url.endsWith('/api/stores/fetchStoreInfo')) {
        const headers = new Headers(init.headers);
        const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
        return jsonResponse({
          ...storeInfoFixture({ language }),
          user: headers.get('Authorization') ? userFixture() : null,
        });
      }
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
}

/** Signs in as user-1 with token-1, as a stored session does. */
export function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}
