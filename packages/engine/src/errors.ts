/**
 * Error codes of the removal action (SPEC.md §8.3). 115 and 116 are ours, in the same style,
 * because the catalogue has no code for a bad `crop` or `crop_margin` value.
 */
export const ErrorCode = {
  FILE_TOO_BIG: 103,
  WRONG_SIZE: 104,
  WRONG_CHANNEL: 105,
  CANNOT_DOWNLOAD_BACKGROUND: 106,
  CANNOT_DOWNLOAD_IMAGE: 107,
  MISSING_IMAGE: 108,
  EMPTY_IMAGE: 109,
  WRONG_CHANNELS_VALUE: 110,
  INVALID_BG_COLOR: 111,
  WRONG_OUTPUT_FORMAT: 112,
  INVALID_IMAGE: 113,
  INVALID_BG_IMAGE: 114,
  INVALID_CROP: 115,
  INVALID_CROP_MARGIN: 116,
} as const;

export type ErrorCodeNumber = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The `value` of 113 and 114 for a JPG, PNG or WEBP that cannot be decoded (a broken or cut-off
 * file). A picture over the pixel limit carries that limit in megapixels instead. The server's
 * contracts name the same value (`imageProblem`).
 */
export const DAMAGED_IMAGE = 'damaged';

/** Codes that mark the input image itself as invalid (SPEC.md §8.3). */
export const INVALID_INPUT_CODES: readonly number[] = [103, 107, 108, 109, 113];

/**
 * The one error the engine throws on purpose: bad input or options (a numeric code) or a full
 * queue ('BUSY'). Anything else thrown by the engine is an internal fault.
 */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: ErrorCodeNumber | 'BUSY';
  readonly value?: string | number;

  constructor(code: ErrorCodeNumber | 'BUSY', message: string, value?: string | number) {
    super(message);
    this.code = code;
    if (value !== undefined) this.value = value;
  }
}
