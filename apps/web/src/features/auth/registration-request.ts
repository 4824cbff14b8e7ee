import { errorCode, errorDetails, errorMessage } from '../../shared/api/api-error.ts';
import type { PermissionItem } from '../../shared/api/users.ts';
import type { Errors } from '../../shared/validation/field-checks.ts';
import type { TakenAddress } from './AddressTaken.tsx';
import { fieldErrorsOf } from './api-errors.ts';
import type { AuthChannels } from './auth-rules.ts';
import type { RegistrationField } from './validation.ts';

export type RegistrationFormField = RegistrationField | 'fullName';

const serverFields: Partial<Record<string, RegistrationFormField>> = {
  email: 'email',
  phoneNumber: 'phoneNumber',
  password: 'password',
  fullName: 'fullName',
};

/** The register call's payload (SPEC §3): only the channels the store requires, the granted codes. */
export function registrationPayload(input: {
  channels: AuthChannels;
  email: string;
  phoneNumber: string;
  password: string;
  fullName: string;
  codes: Array<PermissionItem | null>;
  redirectUrl: string;
  session: { localeId: string | null; currencyId: string | null };
}) {
  const granted = input.codes.flatMap((item) => (item?.granted ? [{ id: item.id }] : []));
  return {
    ...(input.channels.email ? { email: input.email } : {}),
    ...(input.channels.phone ? { phoneNumber: input.phoneNumber } : {}),
    password: input.password,
    ...(input.fullName.trim() ? { fullName: input.fullName.trim() } : {}),
    redirectUrl: input.redirectUrl,
    ...(granted.length > 0 ? { permissionItemList: granted } : {}),
    ...(input.session.localeId ? { localeId: input.session.localeId } : {}),
    ...(input.session.currencyId ? { currencyId: input.session.currencyId } : {}),
  };
}

/** Where a refused registration shows: a taken address, field messages, or one message for the form. */
export type RegistrationRefusal =
  | { type: 'taken'; address: TakenAddress }
  | { type: 'fields'; errors: Errors<RegistrationFormField> }
  | { type: 'form'; message: string };

/**
 * Reads the server's refusal of a registration: 409 USER_ALREADY_EXISTS on the address it names (or
 * the first required one), a code problem on that channel's code field, validation issues on their
 * fields, anything else as the form's message.
 */
export function registrationRefusal(
  error: unknown,
  context: { channels: AuthChannels; verifyEmail: boolean; verifyPhone: boolean; t: (key: string) => string },
): RegistrationRefusal {
  const message = errorMessage(error, context.t);
  const code = errorCode(error);
  const field = errorDetails(error).field;
  if (code === 'USER_ALREADY_EXISTS') {
    const named = field === 'email' || field === 'phoneNumber' ? field : null;
    return { type: 'taken', address: named ?? (context.channels.email ? 'email' : 'phoneNumber') };
  }
  if (code === 'VERIFICATION_REQUIRED' || code === 'CODE_EXPIRED' || code === 'CODE_NOT_VALID') {
    if (field === 'email' && context.verifyEmail) return { type: 'fields', errors: { emailCode: message } };
    if (field === 'phoneNumber' && context.verifyPhone)
      return { type: 'fields', errors: { phoneCode: message } };
  }
  const fields = fieldErrorsOf(error, serverFields);
  return Object.keys(fields).length > 0 ? { type: 'fields', errors: fields } : { type: 'form', message };
}
