import { changePasswordRequestSchema, loginRequestSchema, registerRequestSchema } from '@cutout/contracts';
import type { PermissionType } from '../api/users.ts';

/**
 * The field rules of SPEC §5 that the forms share, and how a form collects their verdicts. Each
 * check answers a translation key (the server uses the same keys in its validation issues) or null
 * when the value is fine. The field rules are the contracts' own schemas, so that the browser and
 * the server never disagree.
 */
type Check = (value: string) => string | null;

const firstIssue =
  (schema: {
    safeParse: (value: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } };
  }) =>
  (value: string): string | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : (parsed.error?.issues[0]?.message ?? null);
  };

export const checkEmail: Check = firstIssue(registerRequestSchema.shape.email);
export const checkPhoneNumber: Check = firstIssue(registerRequestSchema.shape.phoneNumber);
/** A new password: required and long enough. */
export const checkNewPassword: Check = firstIssue(registerRequestSchema.shape.password);
/** The password of an existing account: only required (older accounts may have shorter ones). */
export const checkPassword: Check = firstIssue(loginRequestSchema.shape.password);
export const checkCurrentPassword: Check = firstIssue(changePasswordRequestSchema.shape.password);

export const checkAddress = (typeId: PermissionType, value: string) =>
  typeId === 'email' ? checkEmail(value) : checkPhoneNumber(value);

/** The repeated password: required and the same as the password. */
export function checkRepeatPassword(password: string, repeat: string): string | null {
  if (!repeat) return 'error_repeat_password_required';
  return repeat === password ? null : 'user_registration_password_mismatch';
}

export type Errors<Field extends string> = Partial<Record<Field | 'form', string>>;

/** Keeps the fields that failed; an empty object means the form may be sent. */
export function collect<Field extends string>(checks: Record<Field, string | null>): Errors<Field> {
  const errors: Errors<Field> = {};
  for (const [field, key] of Object.entries(checks) as Array<[Field, string | null]>) {
    if (key) errors[field] = key;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The messages of the keys, for showing (the server's messages come already translated). */
export function translateErrors<Field extends string>(
  errors: Errors<Field>,
  t: (key: string) => string,
): Errors<Field> {
  const result: Errors<Field> = {};
  for (const [field, key] of Object.entries(errors) as Array<[Field | 'form', string]>)
    result[field] = t(key);
  return result;
}
