import type { StoreInfo } from '@cutout/contracts';
import type { PermissionType } from '../../shared/api/users.ts';
import type { GuardDecision } from '../../shared/modals/modal-types.ts';
import { storeOption } from '../../shared/store-info/store-options.ts';

/*
 * The account rules of the store's option flags and passports (SPEC §2.3, §3): which channels
 * sign-in and registration ask for, which need a code, and which account modals may open. This is
 * the only place that decides them; the modals and their guards ask here. The flags are read with
 * `storeOption`, which says what a flag absent from the store info means.
 */

type AuthInfo = Pick<StoreInfo, 'optionItems' | 'passports'>;

export interface AuthChannels {
  /** The required channels, e-mail first. */
  required: PermissionType[];
  email: boolean;
  phone: boolean;
  emailVerification: boolean;
  phoneVerification: boolean;
}

/** The sign-in channels the store asks for, and whether each must be confirmed by a code (SPEC §3). */
export function authChannels(info: AuthInfo): AuthChannels {
  const email = storeOption(info, 'UserEmailRequired');
  const phone = storeOption(info, 'UserPhoneNumberRequired');
  return {
    required: [...(email ? ['email' as const] : []), ...(phone ? ['phone' as const] : [])],
    email,
    phone,
    emailVerification: storeOption(info, 'UserEmailVerificationRequired'),
    phoneVerification: storeOption(info, 'UserPhoneNumberVerificationRequired'),
  };
}

/** Whether registration asks for a code on this channel: the store requires the channel and its verification. */
export function codeRequired(channels: AuthChannels, channel: PermissionType): boolean {
  return channel === 'email'
    ? channels.email && channels.emailVerification
    : channels.phone && channels.phoneVerification;
}

/** Whether the modals have an address-and-password form: some channel is required. */
export const hasPasswordForm = (channels: AuthChannels) => channels.required.length > 0;

/** Whether the address is chosen by an e-mail / phone switch: the store requires both channels. */
export const hasChannelTabs = (channels: AuthChannels) => channels.required.length > 1;

/**
 * The channel a login or reset form starts on: the phone when the modal was opened for a phone
 * number alone (from registration, say) and the store requires it, else the first required one.
 */
export function initialChannel(
  channels: AuthChannels,
  prefill: { email?: string | null; phoneNumber?: string | null },
): PermissionType {
  return !prefill.email && prefill.phoneNumber && channels.phone
    ? 'phone'
    : (channels.required[0] ?? 'email');
}

interface GuardContext {
  info: AuthInfo;
  authorised: boolean;
}

/** Login (SPEC §2.3): visitors only; needs a required channel or an external sign-in provider. */
export function loginGuard({ info, authorised }: GuardContext): GuardDecision {
  if (authorised) return 'close';
  return hasPasswordForm(authChannels(info)) || info.passports.length > 0 ? 'open' : 'root';
}

/** Registration and password reset (SPEC §2.3): visitors only, and only when a channel is required. */
export function registrationGuard({ info, authorised }: GuardContext): GuardDecision {
  if (authorised) return 'close';
  return hasPasswordForm(authChannels(info)) ? 'open' : 'root';
}
