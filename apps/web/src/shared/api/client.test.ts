import { storageKeys } from '@cutout/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.ts';
import { i18n } from '../i18n/i18n.ts';
import {
  getSession,
  isAuthorised,
  onAuthorizationLost,
  reloadSession,
  updateSession,
} from '../session/session.ts';
import { ApiError, errorMessage } from './api-error.ts';
import { apiRequest } from './client.ts';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('calls /api/stores with credentials and the session headers', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    window.localStorage.setItem(storageKeys.localeId, 'ru');
    window.localStorage.setItem(storageKeys.currencyId, 'USD');
    reloadSession();
    updateSession({ storeId: 'cutout', tenantClientId: 'tenant' });
    const fetchMock = stubFetch(jsonResponse({ ok: true }));

    await expect(apiRequest('/constants')).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/stores/constants');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'x-locale-id': 'ru',
      'x-currency-id': 'USD',
      'x-store-id': 'cutout',
      'x-tenant-client-id': 'tenant',
    });
  });

  it('leaves out the headers it has no value for', async () => {
    const fetchMock = stubFetch(jsonResponse({}));
    await apiRequest('/constants');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(Object.keys(headers)).not.toContain('Authorization');
    expect(Object.keys(headers)).not.toContain('x-locale-id');
  });

  it('sends a plain object as JSON', async () => {
    const fetchMock = stubFetch(jsonResponse({}));
    await apiRequest('/users/changeLocale', { method: 'POST', body: { localeId: 'en' } });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe('{"localeId":"en"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns an error body into an ApiError with its code and message', async () => {
    stubFetch(jsonResponse({ code: 'STORE_NOT_FOUND', message: 'The store "x" does not exist.' }, 404));
    const error = await apiRequest('/fetchStoreInfo').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'STORE_NOT_FOUND',
      message: 'The store "x" does not exist.',
    });
    expect(errorMessage(error, i18n.t)).toBe('The store "x" does not exist.');
  });

  it('forgets the token and user id on 401 AUTHORIZATION_REQUIRED', async () => {
    updateSession({ accessToken: 'expired', userId: 'u1' });
    stubFetch(jsonResponse({ code: 'AUTHORIZATION_REQUIRED', message: 'Log in' }, 401));
    await expect(apiRequest('/orders/fetchOrderList')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ accessToken: null, userId: null });
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.userId)).toBeNull();
  });

  it('also expires a readable access_token cookie on 401 and tells the listeners', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'access_token=dead; path=/';
    const lost = vi.fn();
    const unsubscribe = onAuthorizationLost(lost);
    stubFetch(jsonResponse({ code: 'AUTHORIZATION_REQUIRED', message: 'Log in' }, 401));
    await expect(apiRequest('/users/changePassword')).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(document.cookie).not.toContain('access_token');
    expect(isAuthorised()).toBe(false);
    expect(lost).toHaveBeenCalledOnce();
  });

  it('keeps the token on other errors', async () => {
    updateSession({ accessToken: 'valid' });
    stubFetch(jsonResponse({ code: 'FORBIDDEN', message: 'No' }, 403));
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(getSession().accessToken).toBe('valid');
  });

  it('reports a network failure as core_network_connection_failed', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorMessage(error, i18n.t)).toBe(i18n.t('core_network_connection_failed'));
  });

  it('falls back to core_unknown_error for a body without a message', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502 });
    expect(errorMessage(error, i18n.t)).toBe(i18n.t('core_unknown_error'));
  });
});
