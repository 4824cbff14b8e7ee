import { actionErrorCodes, imageProblem, invalidInputActionErrorCodes } from '@cutout/contracts';

/** Error codes of the removal action (SPEC.md §8.3, plus 115 and 116), as the contracts define them. */
export const ErrorCode = actionErrorCodes;

export type ErrorCodeNumber = Exclude<(typeof ErrorCode)[keyof typeof ErrorCode], 100 | 101>;

/**
 * The `value` of 113 and 114 for a JPG, PNG, WEBP or AVIF that cannot be decoded (a broken or cut-off
 * file). A picture over the pixel limit carries that limit in megapixels instead.
 */
export const DAMAGED_IMAGE = imageProblem.damaged;

/** Codes that mark the input image itself as invalid (SPEC.md §8.3). */
export const INVALID_INPUT_CODES = invalidInputActionErrorCodes;

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

/**
 * A refused option's value as its error echoes it: text as it came, anything else (a JSON body's
 * object or array) as JSON, cut to 200 characters, not "[object Object]".
 */
export function shownValue(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
