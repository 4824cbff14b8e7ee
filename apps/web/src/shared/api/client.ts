import { storeHeaderNames } from '@cutout/contracts';
import { getSession, reportAuthorizationLost } from '../session/session.ts';
import { ApiError, apiErrorFromResponse, clientErrorCodes } from './api-error.ts';

export const apiBase = '/api/stores';

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData and Blob go as they are. */
  body?: unknown;
  /** Validates and narrows the response (a contract schema's `parse`, for example). */
  parse?: (data: unknown) => T;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The headers of SPEC §7 every call carries when their values are known. */
export function sessionHeaders(): Record<string, string> {
  const session = getSession();
  const headers: Record<string, string> = {};
  if (session.accessToken) headers.Authorization = `Bearer ${session.accessToken}`;
  if (session.tenantClientId) headers[storeHeaderNames.tenantClientId] = session.tenantClientId;
  if (session.storeId) headers[storeHeaderNames.storeId] = session.storeId;
  if (session.localeId) headers[storeHeaderNames.localeId] = session.localeId;
  if (session.currencyId) headers[storeHeaderNames.currencyId] = session.currencyId;
  return headers;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * Calls the store API (`/api/stores` + path) with credentials and the session headers and resolves
 * with the successful response as it is (for binary answers and their headers); rejects with an
 * ApiError. A 401 AUTHORIZATION_REQUIRED forgets the stored token, user id and access_token
 * cookie, since the server no longer accepts them.
 */
export async function apiFetch(path: string, options: Omit<ApiRequestOptions<unknown>, 'parse'> = {}) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...sessionHeaders(),
    ...options.headers,
  };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: encodeBody(options.body, headers),
  };
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: clientErrorCodes.network, message: 'Unknown Error' });
  }

  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (error.status === 401 && error.code === 'AUTHORIZATION_REQUIRED') reportAuthorizationLost();
    throw error;
  }
  return response;
}

/** Calls the store API like `apiFetch` and resolves with the parsed JSON body. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { parse, ...rest } = options;
  const response = await apiFetch(path, rest);
  const data: unknown = response.status === 204 ? null : await response.json();
  if (!parse) return data as T;
  try {
    return parse(data);
  } catch {
    throw new ApiError({
      status: response.status,
      code: clientErrorCodes.invalidResponse,
      message: 'Invalid response',
    });
  }
}
