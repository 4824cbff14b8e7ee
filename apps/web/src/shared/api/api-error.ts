import { errorBodySchema } from '@cutout/contracts';

/** Codes the client itself raises, beside the server's codes of SPEC §8.2. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  unknown: 'UNKNOWN_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

/** A failed call: the HTTP status (0 when the network failed) and the code and message of the body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** Whether the message came from the server (and so is fit to show as it is). */
  readonly hasServerMessage: boolean;
  /** The Retry-After of a 429 or 503 answer, in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | null;
  /** The server's id of the failed request (the body's requestId, else the x-request-id header). */
  readonly requestId: string | null;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    fromServer?: boolean;
    retryAfterSeconds?: number | null;
    requestId?: string | null;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.hasServerMessage = options.fromServer ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.requestId = options.requestId ?? null;
  }
}

/**
 * An error the client raises itself (SPEC §8.1 NAT_* codes): its code, and the translation key of
 * its text.
 */
export class ClientError extends Error {
  readonly code: string;
  readonly messageKey: string;

  constructor(code: string, messageKey: string) {
    super(code);
    this.name = 'ClientError';
    this.code = code;
    this.messageKey = messageKey;
  }
}

/** SPEC §8.1 client errors of the storefront's money flows. */
export const natErrors = {
  checkout: () => new ClientError('NAT_CHECKOUT_ERROR', 'core_unknown_error'),
  checkoutPaymentOption: () =>
    new ClientError('NAT_CHECKOUT_PAYMENT_OPTION_ERROR', 'nat_checkout_payment_option'),
  checkoutContactSet: () => new ClientError('NAT_CHECKOUT_CONTACT_SET_ERROR', 'nat_checkout_contact_set'),
  paymentValidation: () => new ClientError('NAT_PAYMENT_VALIDATION_ERROR', 'nat_payment_validation'),
  userPerform: () => new ClientError('NAT_USER_PERFORM_ERROR', 'nat_user_perform'),
  document: () => new ClientError('NAT_DOCUMENT_ERROR', 'nat_document'),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's error code (SPEC §8), or null for anything that is not its answer. */
export const errorCode = (error: unknown) => (isApiError(error) ? error.code : null);

/** The `details` of the server's error (`{}` when it has none or it is not the server's answer). */
export const errorDetails = (error: unknown): Record<string, unknown> =>
  isApiError(error) && error.details && typeof error.details === 'object'
    ? (error.details as Record<string, unknown>)
    : {};

/** Builds the ApiError of a non-2xx response from its `{code, message, details}` body when it has one. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status.
  }
  const parsed = errorBodySchema.safeParse(body);
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null;
  const headerRequestId = response.headers.get('x-request-id');
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      code: parsed.data.code,
      message: parsed.data.message,
      details: parsed.data.details,
      fromServer: true,
      retryAfterSeconds,
      requestId: parsed.data.requestId ?? headerRequestId,
    });
  }
  return new ApiError({
    status: response.status,
    code: clientErrorCodes.unknown,
    message: response.statusText || `HTTP ${response.status}`,
    retryAfterSeconds,
    requestId: headerRequestId,
  });
}

/**
 * The text to show for an error (SPEC §8): the server's message when there is one; otherwise
 * core_network_connection_failed for a network failure, else core_unknown_error.
 */
/** The server's message of a failed call when it sent one, else the text of a client error (NAT_*). */
export function errorMessageOr(error: unknown, fallback: ClientError, t: (key: string) => string): string {
  return isApiError(error) && error.hasServerMessage && error.message
    ? error.message
    : t(fallback.messageKey);
}

export function errorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ClientError) return t(error.messageKey);
  if (isApiError(error)) {
    if (error.hasServerMessage && error.message) return error.message;
    if (error.code === clientErrorCodes.network) return t('core_network_connection_failed');
  }
  return t('core_unknown_error');
}
