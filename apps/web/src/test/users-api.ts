import type { ApiKey, PermissionItem, SetPasswordResponse, StoreInfo, User } from '@cutout/contracts';
import { jsonResponse, storeInfoFixture } from './fixtures.ts';
import { mockApi } from './render.tsx';

/** A permission item as the server returns it right after a code was sent. */
export function permissionItemFixture(overrides: Partial<PermissionItem> = {}): PermissionItem {
  const now = Date.now();
  return {
    id: 'item-1',
    typeId: 'email',
    purpose: 'user_verify',
    email: 'ann@example.com',
    phoneNumber: null,
    otp: null,
    granted: false,
    nextRequestAt: new Date(now + 60_000).toISOString(),
    expiredAt: new Date(now + 10 * 60_000).toISOString(),
    expiredAtText: 'The code is valid for 10 min.',
    ...overrides,
  };
}

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ann@example.com',
    phoneNumber: null,
    login: 'ann@example.com',
    fullName: 'Ann Lee',
    localeId: 'en',
    currencyId: 'RUB',
    bonusPointBalance: 0,
    hasPassword: true,
    anonymous: false,
    passports: [],
    ...overrides,
  };
}

/** An API key as the account lists it. */
export function apiKeyFixture(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key-1',
    label: 'Online shop',
    prefix: 'ck_live_ab12',
    createdAt: '2026-03-12T14:05:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

/** The answer of /setPassword: the account's API keys and, when there are any, a token revoking them. */
export function setPasswordAnswer(apiKeys: ApiKey[] = []): SetPasswordResponse {
  return { result: true, apiKeys, revokeKeysToken: apiKeys.length > 0 ? 'revoke-token-1' : null };
}

/** Store info with other option flags and passports than the seed store's. */
export function storeWith(
  options: { email?: boolean; phone?: boolean; emailVerification?: boolean; phoneVerification?: boolean },
  extra: Partial<StoreInfo> = {},
): StoreInfo {
  const optionItems: StoreInfo['optionItems'] = [
    { name: 'UserEmailRequired', value: options.email ?? true },
    { name: 'UserPhoneNumberRequired', value: options.phone ?? false },
    { name: 'UserEmailVerificationRequired', value: options.emailVerification ?? true },
    { name: 'UserPhoneNumberVerificationRequired', value: options.phoneVerification ?? false },
  ];
  return { ...storeInfoFixture(), optionItems, ...extra };
}

export interface ApiCall {
  path: string;
  body: unknown;
  headers: Headers;
}

type Route = (call: ApiCall) => Response | Promise<Response>;

/**
 * Replaces fetch: store info (for `storeInfo`, given the call's headers) and the listed user calls,
 * by their path under /api/stores/users with the query (`/permissions/request?typeId=email`).
 * Every call is recorded.
 */
export function mockUsersApi(
  routes: Record<string, Route>,
  storeInfo: (headers: Headers) => StoreInfo = () => storeInfoFixture(),
) {
  const calls: ApiCall[] = [];
  const fetchMock = mockApi({
    handler: async (url, init) => {
      const headers = new Headers(init.headers);
      if (url.endsWith('/api/stores/fetchStoreInfo')) return jsonResponse(storeInfo(headers));
      const path = url.replace(/^.*\/api\/stores\/users/, '');
      const call = { path, body: init.body ? JSON.parse(String(init.body)) : undefined, headers };
      calls.push(call);
      const route = routes[path];
      return route ? route(call) : jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

export const errorResponse = (status: number, code: string, message: string, details?: unknown) =>
  jsonResponse({ code, message, ...(details === undefined ? {} : { details }) }, status);
