/**
 * The public API's dialect: remove.bg's API v1.0, so that a client written for remove.bg works with a
 * key of ours and our base URL. Plain types and tables (no schema library), shared by the server, the
 * SDK and the command line.
 */
import type { ErrorCode } from './errors.ts';

/** Every parameter of POST /removebg, in multipart forms and JSON bodies alike. */
export const publicApiParameterNames = [
  'image_file',
  'image_file_b64',
  'image_url',
  'image_file_url',
  'size',
  'type',
  'type_level',
  'format',
  'output_format',
  'roi',
  'crop',
  'crop_margin',
  'scale',
  'position',
  'channels',
  'add_shadow',
  'semitransparency',
  'bg_color',
  'bg_image_url',
  'bg_image_file_url',
  'bg_image_file',
  'bg_image_file_b64',
] as const;
export type PublicApiParameter = (typeof publicApiParameterNames)[number];

/** The foreground types a caller may name (`type`); `auto` leaves it to the service. */
export const foregroundTypes = ['auto', 'person', 'product', 'car', 'animal', 'graphics', 'other'] as const;
export type ForegroundType = (typeof foregroundTypes)[number];

/** `type_level`: how specific X-Type is; `none` leaves the header out. */
export const foregroundTypeLevels = ['none', '1', '2', 'latest'] as const;

/** One error, as remove.bg's clients read it (JSON:API style); `meta` keeps our SPEC §8 code. */
export interface PublicApiError {
  /** The HTTP status, as text (JSON:API). */
  status: string;
  /** remove.bg's code, such as `file_too_large`. */
  code: string;
  /** remove.bg's English title, such as `File too large`: stable, for programs. */
  title: string;
  /** What went wrong and what to do, in the caller's language (Accept-Language: en or ru). */
  detail: string;
  meta: {
    /** Our error code (SPEC §8), such as ACTION_FAILED or INSUFFICIENT_BALANCE. */
    code: ErrorCode;
    /** The remove-background error number of an ACTION_FAILED (SPEC §8.3), such as 103. */
    errorCode?: number;
    /** The number's value: the limit in bytes of 103, the cause of 106 and 107. */
    value?: string | number;
  };
}

/** The body of every failed public API call. */
export interface PublicApiErrorBody {
  errors: PublicApiError[];
  requestId?: string;
}

/** The JSON answer of POST /removebg with `Accept: application/json` or `output_format=json`. */
export interface PublicApiJsonResult {
  data: {
    /** The image (or the ZIP of format=zip) as base64. */
    result_b64: string;
    foreground_top: number;
    foreground_left: number;
    foreground_width: number;
    foreground_height: number;
    /** Additions to remove.bg's answer. */
    type?: string;
    width?: number;
    height?: number;
    original_width?: number;
    original_height?: number;
  };
}

/** GET /account: remove.bg's shape, with our litres beside it. */
export interface PublicApiAccount {
  data: {
    attributes: {
      credits: { total: number; subscription: number; payg: number; enterprise: number };
      api: { free_calls: number; sizes: 'all' };
      litres: { total: number; free: number; paid: number };
    };
  };
}

/** Response headers of a result, remove.bg's and ours. */
export const publicApiHeaders = {
  creditsCharged: 'x-credits-charged',
  width: 'x-width',
  height: 'x-height',
  type: 'x-type',
  foregroundTop: 'x-foreground-top',
  foregroundLeft: 'x-foreground-left',
  foregroundWidth: 'x-foreground-width',
  foregroundHeight: 'x-foreground-height',
  processingTime: 'x-processing-time-ms',
  rateLimit: 'x-ratelimit-limit',
  rateLimitRemaining: 'x-ratelimit-remaining',
  rateLimitReset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
  /** On an answer repeated for a retried Idempotency-Key: the result was charged once, before. */
  idempotentReplayed: 'idempotent-replayed',
} as const;

interface PublicCode {
  code: string;
  title: string;
}

/** remove.bg's code and title for a remove-background error number (SPEC §8.3 and our additions). */
const actionCodes: Record<number, PublicCode> = {
  100: { code: 'auth_failed', title: 'Invalid API Key' },
  101: { code: 'auth_failed', title: 'Missing API Key' },
  103: { code: 'file_too_large', title: 'File too large' },
  104: { code: 'invalid_size', title: "Invalid value for parameter 'size'" },
  105: { code: 'invalid_channels', title: "Invalid value for parameter 'channels'" },
  106: { code: 'failed_bg_download', title: 'Failed to download background image' },
  107: { code: 'failed_image_download', title: 'Failed to download image' },
  108: { code: 'missing_source', title: 'No image given' },
  109: { code: 'failed_to_read_image', title: 'There was an error reading the image.' },
  110: { code: 'invalid_channels', title: "Invalid value for parameter 'channels'" },
  111: { code: 'invalid_bg_color', title: 'Invalid bg_color parameter given' },
  112: { code: 'invalid_format', title: 'Invalid format parameter given' },
  113: { code: 'invalid_file_type', title: 'Invalid file type' },
  114: { code: 'invalid_bg_image', title: 'Invalid background image' },
  115: { code: 'invalid_crop', title: 'Invalid crop parameter given' },
  116: { code: 'invalid_crop_margin', title: 'Invalid crop_margin parameter given' },
  117: { code: 'invalid_scale', title: 'Invalid scale parameter given' },
  118: { code: 'invalid_position', title: 'Invalid position parameter given' },
  119: { code: 'invalid_roi', title: 'Invalid roi parameter given' },
  120: { code: 'invalid_type', title: 'Invalid type parameter given' },
  121: { code: 'invalid_add_shadow', title: 'Invalid add_shadow parameter given' },
  122: { code: 'invalid_semitransparency', title: 'Invalid semitransparency parameter given' },
  123: { code: 'invalid_idempotency_key', title: 'Invalid Idempotency-Key header given' },
  124: { code: 'unknown_foreground', title: 'Could not identify foreground in image' },
  125: { code: 'multiple_sources', title: 'More than one image source given' },
};

/** remove.bg's code and title of one of our errors, and the status the public API answers it with. */
export function publicErrorOf(
  code: ErrorCode,
  action?: { errorCode?: number; value?: string | number },
): PublicCode & { status: number } {
  if (code === 'ACTION_FAILED' && action?.errorCode !== undefined) {
    const { errorCode, value } = action;
    const status = errorCode === 100 || errorCode === 101 ? 403 : 400;
    // 113 says more by its value: a picture that cannot be decoded, or one with too many pixels.
    if (errorCode === 113 && value === 'damaged')
      return { status, code: 'failed_to_read_image', title: 'There was an error reading the image.' };
    if (errorCode === 113 && typeof value === 'number')
      return { status, code: 'resolution_too_high', title: 'Image resolution too high' };
    if (errorCode === 119 && value === 'empty')
      return { status, code: 'roi_region_empty', title: 'ROI region is empty' };
    if (errorCode === 119 && value === 'exceeds_bounds')
      return { status, code: 'roi_exceeds_bounds', title: 'ROI exceeds image bounds' };
    return { status, ...(actionCodes[errorCode] ?? { code: 'invalid_request', title: 'Invalid request' }) };
  }
  return otherCodes[code] ?? { status: 400, code: 'invalid_request', title: 'Invalid request' };
}

const otherCodes: Partial<Record<ErrorCode, PublicCode & { status: number }>> = {
  INSUFFICIENT_BALANCE: { status: 402, code: 'insufficient_credits', title: 'Insufficient credits' },
  AUTHORIZATION_REQUIRED: { status: 403, code: 'auth_failed', title: 'Missing API Key' },
  RATE_LIMITED: { status: 429, code: 'rate_limit_exceeded', title: 'Rate limit exceeded' },
  PAYLOAD_TOO_LARGE: { status: 400, code: 'file_too_large', title: 'File too large' },
  SERVER_BUSY: { status: 503, code: 'service_unavailable', title: 'Service busy' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    code: 'idempotency_key_reused',
    title: 'Idempotency key used for another request',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    code: 'idempotency_key_in_use',
    title: 'A request with this idempotency key is in progress',
  },
  NOT_FOUND: { status: 404, code: 'not_found', title: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, code: 'method_not_allowed', title: 'Method not allowed' },
  INTERNAL_ERROR: { status: 500, code: 'internal_error', title: 'Internal server error' },
};
