import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from '../store/store.schema.ts';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    email: text('email'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    localeId: text('locale_id'),
    currencyId: text('currency_id'),
    anonymous: boolean('anonymous').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    bonusPointBalance: integer('bonus_point_balance').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_store_email_key').on(t.storeId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex('users_store_phone_key')
      .on(t.storeId, t.phoneNumber)
      .where(sql`${t.phoneNumber} is not null`),
  ],
);

/** Access tokens, stored as SHA-256 hashes: a database leak gives no session away. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** A one-time code sent to an address (SPEC §3 permission item), stored hashed with its attempts. */
export const permissionItems = pgTable(
  'permission_items',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    purpose: text('purpose').notNull(),
    typeId: text('type_id').notNull(),
    address: text('address').notNull(),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextRequestAt: timestamp('next_request_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('permission_items_address_idx').on(t.storeId, t.typeId, t.address, t.purpose)],
);

/**
 * One-time tokens of the password reset, stored hashed: the e-mailed link that sets a new password
 * (`set_password`), and the short-lived one that lets the person who just reset it revoke every
 * API key of the account (`revoke_api_keys`).
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  purpose: text('purpose', { enum: ['set_password', 'revoke_api_keys'] })
    .notNull()
    .default('set_password'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** External sign-in identities (passports) linked to a user. */
export const userPassports = pgTable(
  'user_passports',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_passports_provider_subject_key').on(t.provider, t.subject)],
);
