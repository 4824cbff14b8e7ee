import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** API keys (action tokens) for the public API, stored as SHA-256 hashes; the key is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the key, so that a user can tell keys apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
