import { type ErrorCode, errorStatus } from '@cutout/contracts';

/** An expected failure of a business rule: a code from SPEC §8, mapped to HTTP in one place. */
export class DomainError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      details?: unknown;
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      /** A message already in the request's language, instead of the code's own. */
      message?: string;
      /** Another HTTP status than the code's usual one. */
      status?: number;
    } = {},
  ) {
    super(code);
    this.name = 'DomainError';
    this.status = options.status ?? errorStatus[code];
  }
}
