import {
  checkResetLinkResponseSchema,
  loginResponseSchema,
  type PermissionItem,
  type PermissionType,
  permissionItemListSchema,
  registerResponseSchema,
  resultSchema,
  revokeApiKeysResponseSchema,
  type SetPasswordResponse,
  setPasswordResponseSchema,
} from '@cutout/contracts';
import { apiRequest } from './client.ts';

export type { PermissionItem, PermissionType, SetPasswordResponse };
export type PermissionPurpose = 'user_verify' | 'user_reset_password';
export type LoginResponse = ReturnType<typeof loginResponseSchema.parse>;
export type RegisterResponse = ReturnType<typeof registerResponseSchema.parse>;

/** The address a code goes to or a user logs in with: an e-mail or a phone number. */
export type Address = { email: string } | { phoneNumber: string };

const post = <T>(
  path: string,
  body: unknown,
  parse: (data: unknown) => T,
  headers?: Record<string, string>,
) => apiRequest(`/users${path}`, { method: 'POST', body, parse, headers });

const parseResult = (data: unknown) => resultSchema.parse(data);
const parseSetPassword = (data: unknown) => setPasswordResponseSchema.parse(data);
const parseItems = (data: unknown) => permissionItemListSchema.parse(data).permissionItemList;

/** The user calls of SPEC §7.1 under /api/stores/users. */
export const usersApi = {
  login: (input: Address & { password: string }) =>
    post('/login', input, (data) => loginResponseSchema.parse(data)),

  logout: () => post('/logout', undefined, parseResult),

  register: (input: {
    email?: string;
    phoneNumber?: string;
    password: string;
    fullName?: string;
    redirectUrl: string;
    permissionItemList?: Array<{ id: string }>;
    localeId?: string;
    currencyId?: string;
  }) => post('/register', { ...input, autoLogin: true }, (data) => registerResponseSchema.parse(data)),

  /** An anonymous customer (SPEC §3), for checkout without an account. */
  registerAnonymous: (input: { fullName: string; localeId?: string; currencyId?: string }) =>
    post(
      '/register',
      {
        anonymous: true,
        autoLogin: true,
        email: null,
        password: null,
        partnerTypeId: 'partner_types.individual',
        ...input,
      },
      (data) => registerResponseSchema.parse(data),
    ),

  requestPermission: (input: { typeId: PermissionType; purpose: PermissionPurpose; address: Address }) =>
    post(
      `/permissions/request?typeId=${input.typeId}`,
      { purpose: input.purpose, ...input.address },
      parseItems,
    ),

  approvePermission: (input: {
    typeId: PermissionType;
    purpose: PermissionPurpose;
    items: Array<{ id: string; otp: string }>;
  }) =>
    post(
      `/permissions/approve?typeId=${input.typeId}`,
      { purpose: input.purpose, permissionItemList: input.items },
      parseItems,
    ),

  /** Asks for a one-time link to set a new password (the storefront variant of the reset). */
  requestResetLink: (input: { email: string; callbackUrl: string }) => post('/reset', input, parseResult),

  /** A new password with granted reset codes; the answer lists the account's API keys. */
  setPasswordWithCodes: (input: { newPassword: string; permissionItemList: Array<{ id: string }> }) =>
    post('/setPassword', input, parseSetPassword),

  /** Whether a reset link's token would still set a password; checking does not use it up. */
  checkResetLink: (input: { token: string }) =>
    post('/checkResetLink', input, (data) => checkResetLinkResponseSchema.parse(data).valid),

  /** A new password with the token of a reset link: it replaces the stored access token. */
  setPasswordWithLink: (input: { newPassword: string; token: string }) =>
    post('/setPassword', { newPassword: input.newPassword }, parseSetPassword, {
      Authorization: input.token,
    }),

  /** Revokes every API key of the account, with the `revokeKeysToken` of a password reset. */
  revokeApiKeys: (input: { token: string }) =>
    post('/revokeApiKeys', input, (data) => revokeApiKeysResponseSchema.parse(data)),

  changePassword: (input: { password: string; newPassword: string }) =>
    post('/changePassword', input, parseResult),

  updateProfile: (input: { fullName: string | null }) => post('/updateProfile', input, parseResult),
};
