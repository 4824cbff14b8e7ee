import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A sign-in through a provider in flight: what the callback must find again (state, nonce, PKCE). */
export const passportLogins = pgTable('passport_logins', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  storeId: text('store_id').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
