import type { PublicApiErrorBody } from '@cutout/contracts';

export interface ErrorAnswer {
  code: string;
  message: string;
  details?: unknown;
  /** remove.bg's status, code and title, when the answer came from the public API. */
  removeBg?: { status: string; code: string; title: string };
}

/**
 * An error answer of either dialect as the store API's one body: `{code, message, details}` as sent,
 * or from the public API's remove.bg shape (`meta` holds the code and number, `detail` the message),
 * with the remove.bg code and title beside it.
 */
export function errorOf(response: { json(): unknown }): ErrorAnswer {
  const body = response.json() as Record<string, unknown>;
  if (!Array.isArray(body.errors)) return body as unknown as ErrorAnswer;
  const [first] = (body as unknown as PublicApiErrorBody).errors;
  if (!first) throw new Error('an error answer without errors');
  const { errorCode, value } = first.meta;
  return {
    code: first.meta.code,
    message: first.detail,
    ...(errorCode === undefined ? {} : { details: { errorCode, ...(value === undefined ? {} : { value }) } }),
    removeBg: { status: first.status, code: first.code, title: first.title },
  };
}
