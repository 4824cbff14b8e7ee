import { storeHeaderNames } from '@cutout/contracts';
import { getSession, reportAuthorizationLost } from '../session/session.ts';
import { ApiError, apiErrorFromResponse, clientErrorCodes } from './api-error.ts';
import { errorReportOf, errorReportPath, sendErrorReport } from './error-reports.ts';

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

const errorReportUrl = `${apiBase}${errorReportPath}`;

/** Records a failed call in the error service (SPEC §8), except a failed report itself. */
function reportFailure(path: string, error: ApiError, session: Record<string, string>) {
  const report = errorReportOf({
    path: `${apiBase}${path}`,
    status: error.status,
    code: error.code,
    requestId: error.requestId,
  });
  if (report.route !== errorReportUrl) sendErrorReport({ url: errorReportUrl, report, headers: session });
}

/**
 * Calls the store API (`/api/stores` + path) with credentials and the session headers and resolves
 * with the successful response as it is (for binary answers and their headers); rejects with an
 * ApiError, which is also recorded in the error service (a network failure as status 0). A 401
 * AUTHORIZATION_REQUIRED forgets the stored token, user id and signed-in hint, since the server no
 * longer accepts them.
 */
export async function apiFetch(path: string, options: Omit<ApiRequestOptions<unknown>, 'parse'> = {}) {
  const session = sessionHeaders();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...session,
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
    const error = new ApiError({ status: 0, code: clientErrorCodes.network, message: 'Unknown Error' });
    reportFailure(path, error, session);
    throw error;
  }

  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    reportFailure(path, error, session);
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
