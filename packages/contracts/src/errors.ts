import { z } from './zod.ts';

/** Every error code the server answers with, and the HTTP status it travels with. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  AUTHORIZATION_REQUIRED: 401,
  PASSWORD_RESET_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  INSUFFICIENT_BALANCE: 402,
  ACTION_FAILED: 400,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  SERVER_BUSY: 503,
  INTERNAL_ERROR: 500,
  INVALID_CREDENTIALS: 401,
  USER_ALREADY_EXISTS: 409,
  ALREADY_CONFIRMED: 409,
  VERIFICATION_REQUIRED: 400,
  CODE_EXPIRED: 400,
  CODE_REQUIRED: 400,
  CODE_NOT_VALID: 400,
  ATTEMPTS_EXCEEDED: 429,
  NEXT_REQUEST_NOT_YET: 429,
  INVALID_RESET_TOKEN: 400,
  CALLBACK_NOT_ALLOWED: 400,
  CROSS_SITE_REQUEST: 403,
  core_locale_not_set: 400,
  core_currency_not_set: 400,
  core_object_not_set: 400,
  /** A multipart form that cannot be read (no boundary, broken parts). */
  MALFORMED_FORM: 400,
  FORM_TOO_MANY_PARTS: 413,
  FORM_FIELD_TOO_LARGE: 413,
  /** A user holds the most live API keys allowed. */
  API_KEY_LIMIT: 409,
  /** SPEC §8.1 NAT_ADD_PRODUCT_TRADE_OFFER_ERROR: 'Out of stock.' */
  OUT_OF_STOCK: 409,
  /** SPEC §8.1 NAT_CHECKOUT_PAYMENT_OPTION_ERROR. */
  PAYMENT_OPTION_UNAVAILABLE: 400,
  /** SPEC §8.1 NAT_PARTNER_CONTACT_SET_SELECT_ERROR: a contact set of the wrong kind for the delivery. */
  CONTACT_SET_NOT_SUITABLE: 400,
  /** The cart's prices or stock changed since the buyer saw its total. */
  CART_CHANGED: 409,
  /** The cart cannot be checked out as it is; details.reason is the cart's errorReason. */
  CART_NOT_READY: 400,
  ORDER_NOT_CANCELLABLE: 409,
  ORDER_NOT_PAYABLE: 409,
  /** A refund of an order that is not paid, was refunded already, or has nothing unused left to return. */
  ORDER_NOT_REFUNDABLE: 409,
  /** The payment provider did not answer or answered nonsense. */
  PAYMENT_PROVIDER_ERROR: 502,
  /** The provider reports the payment declined or given up. */
  PAYMENT_DECLINED: 402,
  /** Promo codes (issue 15): a code that does not exist or is switched off. */
  PROMO_CODE_UNKNOWN: 400,
  PROMO_CODE_NOT_STARTED: 400,
  PROMO_CODE_EXPIRED: 400,
  /** The code's total limit of uses is reached. */
  PROMO_CODE_USED_UP: 409,
  /** The user has used the code as often as one user may. */
  PROMO_CODE_ALREADY_USED: 409,
  /** No selected product of the cart is one the code applies to. */
  PROMO_CODE_NOT_APPLICABLE: 400,
  /** A subscription plan added to the cart without a validity period (SPEC §5). */
  SUBSCRIPTION_PERIOD_REQUIRED: 400,
  /** A product sold in options (a colour, a size) added to the cart without one. */
  PRODUCT_OPTION_REQUIRED: 400,
  /** A plan's period that is not sold in the cart's currency. */
  SUBSCRIPTION_PERIOD_UNAVAILABLE: 400,
  /** A change the subscription cannot take (details.reason: ended, forever, upgrade_through_cart…). */
  SUBSCRIPTION_CHANGE_REFUSED: 409,
  /** applyPinCode without a code (SPEC §5: 'Enter the pin code!'). */
  PIN_CODE_REQUIRED: 400,
  PIN_CODE_UNKNOWN: 400,
  /** The code gave what it gives already (to this user or another). */
  PIN_CODE_ALREADY_APPLIED: 409,
  /** A plan code while another plan runs: it stays unused. */
  PIN_CODE_PLAN_CONFLICT: 409,
  /** A code cancelled by the refund of the order that bought it. */
  PIN_CODE_VOID: 409,
  /** A form answer without a required field (SPEC §5: 'Fill in the required fields'); details.fields. */
  FORM_REQUIRED_FIELDS: 400,
  /** A form answer with a value its field refuses (an e-mail, a phone, a date…); details.fields. */
  FORM_FIELD_INVALID: 400,
  /** A form answer that names no form (SPEC §5: the form tag must be set). */
  FORM_NOT_SET: 400,
  /** The personal account holds less money than the order costs. */
  INSUFFICIENT_FUNDS: 402,
  /** An Idempotency-Key sent again with another image or other options (within its 24 hours). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The first request with this Idempotency-Key is still running; Retry-After says when to ask. */
  IDEMPOTENCY_KEY_IN_USE: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** The one error body of every failed call. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Remove-background error codes carried in `details.errorCode` of ACTION_FAILED (SPEC §8.3). */
export const actionErrorCodes = {
  invalidToken: 100,
  tokenNotSet: 101,
  fileTooBig: 103,
  wrongSize: 104,
  wrongChannel: 105,
  cannotDownloadBackground: 106,
  cannotDownloadImage: 107,
  missingImage: 108,
  emptyImage: 109,
  wrongChannelsValue: 110,
  invalidBackgroundColor: 111,
  wrongOutputFormat: 112,
  invalidImage: 113,
  invalidBackgroundImage: 114,
  /** Additions in the same style: SPEC §8.3 has no code for these fields. */
  invalidCrop: 115,
  invalidCropMargin: 116,
  /** remove.bg's layout and type parameters (issue 17): scale, position, roi, type/type_level, the booleans. */
  invalidScale: 117,
  invalidPosition: 118,
  invalidRoi: 119,
  invalidType: 120,
  invalidShadow: 121,
  invalidSemitransparency: 122,
  /** An Idempotency-Key header that is not 1-255 visible ASCII characters. */
  invalidIdempotencyKey: 123,
  /** remove.bg's unknown_foreground: no subject in the picture (or in its roi); nothing is charged. */
  noForeground: 124,
  /** More than one image (or background) in one request: a file and a URL, or a file twice. */
  multipleSources: 125,
} as const;

/**
 * Action error codes that mark the input image itself as invalid (SPEC §8.3's five, and 124: a
 * picture with no subject will not have one on the next try).
 */
export const invalidInputActionErrorCodes: readonly number[] = [103, 107, 108, 109, 113, 124];
