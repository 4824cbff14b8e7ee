import { type PublicApiErrorBody, publicApiHeaders } from '@cutout/contracts';

/** What a CutoutApiError carries, as the server's `errors[0]` says it. */
export interface CutoutApiErrorFields {
  status: number;
  code: string;
  title: string;
  detail: string;
  specCode: string;
  errorCode?: number;
  value?: string | number;
  requestId?: string;
  retryAfterSeconds?: number;
}

/** The API answered with an error: remove.bg's code and title, our detail and SPEC §8 code. */
export class CutoutApiError extends Error {
  override readonly name = 'CutoutApiError';
  /** HTTP status, such as 400 or 429. */
  readonly status: number;
  /** remove.bg's code, such as `file_too_large`; `http_<status>` when the body was not the API's JSON. */
  readonly code: string;
  /** remove.bg's English title: stable, for programs. */
  readonly title: string;
  /** What went wrong, in the client's language. */
  readonly detail: string;
  /** Our error code (SPEC §8), such as ACTION_FAILED; `UNKNOWN` when the body did not say. */
  readonly specCode: string;
  /** The remove-background error number (SPEC §8.3), such as 103. */
  readonly errorCode?: number;
  /** The error number's value, such as the byte limit of 103. */
  readonly value?: string | number;
  readonly requestId?: string;
  /** Seconds the server asked to wait (Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(fields: CutoutApiErrorFields) {
    super(fields.detail || fields.title);
    this.status = fields.status;
    this.code = fields.code;
    this.title = fields.title;
    this.detail = fields.detail;
    this.specCode = fields.specCode;
    if (fields.errorCode !== undefined) this.errorCode = fields.errorCode;
    if (fields.value !== undefined) this.value = fields.value;
    if (fields.requestId !== undefined) this.requestId = fields.requestId;
    if (fields.retryAfterSeconds !== undefined) this.retryAfterSeconds = fields.retryAfterSeconds;
  }
}

/** The API could not be reached, or did not answer in time; `cause` keeps the underlying error. */
export class CutoutNetworkError extends Error {
  override readonly name = 'CutoutNetworkError';
}

/** Seconds of a Retry-After header (delta seconds or an HTTP date), or undefined. */
export function retryAfterSecondsOf(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get(publicApiHeaders.retryAfter)?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error of a failed answer, from its JSON body when it has one. */
export function apiErrorOf(response: Response, body: Uint8Array): CutoutApiError {
  const text = new TextDecoder().decode(body);
  const parsed = parseJson(text);
  const common = {
    status: response.status,
    requestId: stringOr(parsed?.requestId) ?? response.headers.get(publicApiHeaders.requestId) ?? undefined,
    retryAfterSeconds: retryAfterSecondsOf(response.headers),
  };
  const first = (parsed as Partial<PublicApiErrorBody> | undefined)?.errors?.[0];
  if (first && typeof first === 'object' && typeof first.code === 'string') {
    return new CutoutApiError({
      ...common,
      code: first.code,
      title: first.title ?? '',
      detail: first.detail ?? '',
      specCode: first.meta?.code ?? 'UNKNOWN',
      errorCode: first.meta?.errorCode,
      value: first.meta?.value,
    });
  }
  const title = response.statusText || `HTTP ${response.status}`;
  // A web page is no answer of the API: most often the base URL lacks the API's path.
  const page = /text\/html/i.test(response.headers.get('content-type') ?? '');
  const detail = page
    ? `The server answered ${response.status} with a web page, not the API's JSON` +
      (response.status === 404 ? ': does the base URL end in /api/v1 (or /v1.0)?' : '.')
    : text.trim().slice(0, 500) || title;
  return new CutoutApiError({
    ...common,
    code: `http_${response.status}`,
    title,
    detail,
    specCode: 'UNKNOWN',
  });
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
