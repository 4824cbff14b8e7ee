import type { PermissionItem, PermissionType } from '../../shared/api/users.ts';
import {
  checkAddress,
  checkEmail,
  checkNewPassword,
  checkPassword,
  checkPhoneNumber,
  checkRepeatPassword,
  collect,
  type Errors,
} from '../../shared/validation/field-checks.ts';

/*
 * The account forms' rules of SPEC §5 on top of the shared field checks: one message for required
 * fields left empty together, the login and registration forms, and the verification codes.
 */

/**
 * The one message for required fields left empty together (SPEC §5 combined texts), or null when
 * fewer than two are empty. `tabs`: the login of a store that requires both channels, whose
 * address field is the chosen tab's.
 */
export function combinedRequiredKey(empty: {
  email?: boolean;
  phone?: boolean;
  password?: boolean;
  tabs?: boolean;
}): string | null {
  const { email = false, phone = false, password = false } = empty;
  if (empty.tabs && (email || phone) && password) return 'error_login_info_required';
  if (email && phone)
    return password ? 'error_auth_email_phone_info_required' : 'error_auth_email_phone_required';
  if (email && password) return 'error_auth_info_required';
  if (phone && password) return 'error_auth_phone_info_required';
  return null;
}

/**
 * The messages once `field` is edited: its own goes, and a combined one ('Fill in phone and
 * password.') goes from the form with the last of the fields it names.
 */
export function dropFieldError<Field extends string>(
  errors: Errors<Field>,
  field: NoInfer<Field>,
): Errors<Field> {
  if (errors[field] === undefined) return errors;
  const combined = errors[field] === errors.form;
  const stillNamed = Object.entries(errors).some(
    ([key, message]) => key !== field && key !== 'form' && message === errors.form,
  );
  const dropped = new Set<string>(combined && !stillNamed ? [field, 'form'] : [field]);
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !dropped.has(key))) as Errors<Field>;
}

/**
 * Login (SPEC §5): only the chosen channel's field is checked; an empty address and password
 * together give one combined message ('Fill in e-mail and password'; with the e-mail / phone tabs
 * 'Fill in the login and password fields').
 */
export function validateLogin(input: {
  channel: PermissionType;
  address: string;
  password: string;
  /** Whether the store requires both channels, so that the address is the chosen tab's. */
  tabs?: boolean;
}): Errors<'address' | 'password'> {
  const emptyAddress = !input.address.trim();
  const combined = combinedRequiredKey({
    email: input.channel === 'email' && emptyAddress,
    phone: input.channel === 'phone' && emptyAddress,
    password: !input.password,
    tabs: input.tabs ?? false,
  });
  if (combined) return { form: combined, address: combined, password: combined };
  return collect({
    address: checkAddress(input.channel, input.address),
    password: checkPassword(input.password),
  });
}

export type RegistrationField =
  | 'email'
  | 'emailCode'
  | 'phoneNumber'
  | 'phoneCode'
  | 'password'
  | 'repeatPassword';

/**
 * Registration (SPEC §5): the addresses of the required channels (null for a channel the store
 * does not require), the codes' verdicts (from checkVerification), a new password and its
 * repetition. Required fields empty together share one combined message ('Fill in e-mail, phone
 * and password'), shown once for the form.
 */
export function validateRegistration(input: {
  email: string | null;
  phoneNumber: string | null;
  emailCode: string | null;
  phoneCode: string | null;
  password: string;
  repeatPassword: string;
}): Errors<RegistrationField> {
  const empty = {
    email: input.email !== null && !input.email.trim(),
    phoneNumber: input.phoneNumber !== null && !input.phoneNumber.trim(),
    password: !input.password,
  };
  // No address, no code to confirm it with: the message about the empty address is the one to read.
  const errors = collect<RegistrationField>({
    email: input.email === null ? null : checkEmail(input.email),
    emailCode: empty.email ? null : input.emailCode,
    phoneNumber: input.phoneNumber === null ? null : checkPhoneNumber(input.phoneNumber),
    phoneCode: empty.phoneNumber ? null : input.phoneCode,
    password: checkNewPassword(input.password),
    repeatPassword: checkRepeatPassword(input.password, input.repeatPassword),
  });
  const combined = combinedRequiredKey({
    email: empty.email,
    phone: empty.phoneNumber,
    password: empty.password,
  });
  if (!combined) return errors;
  for (const field of ['email', 'phoneNumber', 'password'] as const) {
    if (empty[field]) errors[field] = combined;
  }
  return { ...errors, form: combined };
}

/**
 * A channel that needs a code (SPEC §5): a permission item must exist; if it is not granted yet,
 * an expired code, an empty code and a wrong code each have their message.
 */
export function checkVerification(input: {
  typeId: PermissionType;
  item: PermissionItem | null;
  code: string;
  now: number;
}): string | null {
  const { typeId, item } = input;
  if (!item) return typeId === 'email' ? 'error_email_confirmed' : 'error_phone_number_confirmed';
  if (item.granted) return null;
  if (Date.parse(item.expiredAt) <= input.now) return 'error_verification_code_expired';
  if (!input.code.trim()) {
    return typeId === 'email'
      ? 'error_email_verification_code_required'
      : 'error_phone_number_verification_code_required';
  }
  return 'error_verification_code_not_valid';
}
