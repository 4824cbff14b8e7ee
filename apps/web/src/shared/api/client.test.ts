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

  it('also expires the signed-in hint cookie on 401 and tells the listeners', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'signed_in=1; path=/';
    expect(isAuthorised()).toBe(true);
    const lost = vi.fn();
    const unsubscribe = onAuthorizationLost(lost);
    stubFetch(jsonResponse({ code: 'AUTHORIZATION_REQUIRED', message: 'Log in' }, 401));
    await expect(apiRequest('/users/changePassword')).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(document.cookie).not.toContain('signed_in');
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

describe('error reports (SPEC §8)', () => {
  const reportsOf = (fetchMock: ReturnType<typeof stubFetch>) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/stores/clientErrors/record');

  it('records a failed call: its path without query, status, code and request id, never its body', async () => {
    updateSession({ accessToken: 'token-1', storeId: 'cutout', tenantClientId: 'tenant' });
    const fetchMock = stubFetch(
      jsonResponse(
        { code: 'CODE_NOT_VALID', message: 'Wrong code', details: { secret: 'x' }, requestId: 'req-1' },
        400,
      ),
    );
    await expect(
      apiRequest('/users/permissions/approve?typeId=email', { method: 'POST', body: { otp: '123456' } }),
    ).rejects.toMatchObject({ code: 'CODE_NOT_VALID' });

    const [report] = reportsOf(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const init = report?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      route: '/api/stores/users/permissions/approve',
      status: 400,
      code: 'CODE_NOT_VALID',
      requestId: 'req-1',
    });
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true });
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-1',
      'x-store-id': 'cutout',
      'x-tenant-client-id': 'tenant',
    });
  });

  it('takes the request id from the x-request-id header when the body has none', async () => {
    const fetchMock = stubFetch(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req-9' } }),
    );
    await apiRequest('/fetchStoreInfo').catch(() => undefined);
    expect(JSON.parse(String(reportsOf(fetchMock)[0]?.[1]?.body))).toEqual({
      route: '/api/stores/fetchStoreInfo',
      status: 502,
      code: 'UNKNOWN_ERROR',
      requestId: 'req-9',
    });
  });

  it('records a network failure as status 0, without a request id', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      if (String(input).endsWith('/clientErrors/record')) return jsonResponse({ result: true });
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/constants').catch(() => undefined);
    expect(JSON.parse(String(reportsOf(fetchMock)[0]?.[1]?.body))).toEqual({
      route: '/api/stores/constants',
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('does not record a successful call or one the caller aborted', async () => {
    const ok = stubFetch(jsonResponse({}));
    await apiRequest('/constants');
    expect(reportsOf(ok)).toHaveLength(0);

    const controller = new AbortController();
    controller.abort();
    const aborted = stubFetch(() => Promise.reject(new DOMException('Aborted', 'AbortError')));
    await apiRequest('/constants', { signal: controller.signal }).catch(() => undefined);
    expect(reportsOf(aborted)).toHaveLength(0);
  });

  it("never reports a report's own failure", async () => {
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0 });
    // Let the failed report settle: its rejection is swallowed and nothing else is sent.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(reportsOf(fetchMock)).toHaveLength(1);

    // Nor a call to the report address made through the client.
    const direct = stubFetch(() =>
      Promise.resolve(jsonResponse({ code: 'RATE_LIMITED', message: 'Slow' }, 429)),
    );
    await apiRequest('/clientErrors/record', { method: 'POST', body: {} }).catch(() => undefined);
    expect(direct).toHaveBeenCalledTimes(1);
  });

  it('sends at most 10 reports a minute', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = stubFetch(() =>
        Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'No' }, 404)),
      );
      for (let call = 0; call < 12; call += 1) await apiRequest('/x').catch(() => undefined);
      expect(reportsOf(fetchMock)).toHaveLength(10);
      vi.advanceTimersByTime(60_000);
      await apiRequest('/x').catch(() => undefined);
      expect(reportsOf(fetchMock)).toHaveLength(11);
    } finally {
      vi.useRealTimers();
    }
  });
});
