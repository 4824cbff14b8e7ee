import { guessablePassword } from './guessable-passwords.ts';
import { apiKeySchema } from './removal.ts';
import { z } from './zod.ts';

/** Purposes of a verification code (permission item). */
export const permissionPurposes = ['user_verify', 'user_reset_password'] as const;
export const permissionPurposeSchema = z.enum(permissionPurposes);
/** Channels a code is sent through: the `typeId` query parameter of the permission calls. */
export const permissionTypeSchema = z.enum(['email', 'phone']);
export type PermissionType = z.infer<typeof permissionTypeSchema>;

/** An e-mail as typed: trimmed, lower-case, with the field messages of SPEC §5. */
export const emailSchema = z
  .string({ error: 'error_email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'error_email_required')
  .pipe(z.email('error_email_invalid').max(254, 'error_email_invalid'));
const email = emailSchema;
/** Phone numbers as digits with a leading +, 10 to 15 digits (E.164); masks and spaces are stripped. */
const phoneNumber = z
  .string({ error: 'error_phone_number_required' })
  .min(1, 'error_phone_number_required')
  .transform((value) => `+${value.replace(/\D/g, '')}`)
  .pipe(z.string().regex(/^\+\d{10,15}$/, 'error_phone_number_invalid'));
const password = z
  .string({ error: 'error_password_required' })
  .min(1, 'error_password_required')
  .min(8, 'error_password_too_short')
  .max(128, 'error_password_too_long')
  .refine((value) => !guessablePassword(value), 'error_password_too_common');

/** A name typed by a person: trimmed, bounded, without control characters (they break storage and display). */
export const plainTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'error_invalid_characters');

export const permissionItemSchema = z.object({
  id: z.string(),
  typeId: permissionTypeSchema,
  purpose: permissionPurposeSchema,
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  otp: z.string().nullable(),
  granted: z.boolean(),
  nextRequestAt: z.string(),
  expiredAt: z.string(),
  expiredAtText: z.string(),
});
export type PermissionItem = z.infer<typeof permissionItemSchema>;
export const permissionItemListSchema = z.object({ permissionItemList: z.array(permissionItemSchema) });

/** A permission item as a client sends it back: its id and, for approval, the code it received. */
export const permissionItemRefSchema = z.object({
  id: z.string().min(1),
  otp: z.string().trim().optional().nullable(),
});

export const permissionRequestSchema = z.object({
  purpose: permissionPurposeSchema,
  email: email.optional(),
  phoneNumber: phoneNumber.optional(),
});
export const permissionApproveSchema = z.object({
  purpose: permissionPurposeSchema,
  permissionItemList: z.array(permissionItemRefSchema).min(1),
});

export const loginRequestSchema = z.object({
  email: email.optional(),
  phoneNumber: phoneNumber.optional(),
  password: z.string({ error: 'error_password_required' }).min(1, 'error_password_required').max(128),
});
export const loginResponseSchema = z.object({ id: z.string(), userId: z.string() });

export const registerRequestSchema = z.object({
  anonymous: z.literal(false).optional(),
  email: email.optional().nullable(),
  phoneNumber: phoneNumber.optional().nullable(),
  password,
  fullName: plainTextSchema(200).optional().nullable(),
  redirectUrl: z.string().max(2000).optional(),
  permissionItemList: z.array(permissionItemRefSchema).optional(),
  autoLogin: z.boolean().default(true),
  localeId: z.string().optional().nullable(),
  currencyId: z.string().optional().nullable(),
});
export const anonymousRegisterRequestSchema = z.object({
  anonymous: z.literal(true),
  autoLogin: z.boolean().default(true),
  email: z.null().optional(),
  password: z.null().optional(),
  partnerTypeId: z.string().optional(),
  fullName: plainTextSchema(200).optional().nullable(),
  localeId: z.string().optional().nullable(),
  currencyId: z.string().optional().nullable(),
});
export const registerResponseSchema = z.object({
  accessTokens: z.array(z.object({ id: z.string(), userId: z.string() })),
  emailVerified: z.boolean(),
});

export const resetRequestSchema = z.object({ email, callbackUrl: z.string().url().max(2000) });
/** A reset link's token, checked when the link opens: `valid` says whether it still sets a password. */
export const checkResetLinkRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const checkResetLinkResponseSchema = z.object({ valid: z.boolean() });
export const setPasswordRequestSchema = z.object({
  newPassword: password,
  permissionItemList: z.array(permissionItemRefSchema).optional(),
});
export const changePasswordRequestSchema = z
  .object({
    password: z.string({ error: 'error_password_required' }).min(1, 'error_password_required').max(128),
    newPassword: password,
  })
  // The same password again would change nothing, yet end every other session.
  .refine((body) => body.newPassword !== body.password, {
    path: ['newPassword'],
    message: 'error_password_unchanged',
  });
export const resultSchema = z.object({ result: z.boolean() });
/**
 * A new password is set. The account's API keys are listed (a hijacker may have issued some) with a
 * short-lived token that revokes them all through `/users/revokeApiKeys`.
 */
export const setPasswordResponseSchema = resultSchema.extend({
  apiKeys: z.array(apiKeySchema),
  revokeKeysToken: z.string().nullable(),
});
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;
export const revokeApiKeysRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const revokeApiKeysResponseSchema = resultSchema.extend({ revoked: z.number().int() });
export const changeLocaleRequestSchema = z.object({ localeId: z.string().optional().nullable() });
export const changeCurrencyRequestSchema = z.object({ currencyId: z.string().optional().nullable() });
export const updateProfileRequestSchema = z.object({ fullName: plainTextSchema(200).nullable() });
