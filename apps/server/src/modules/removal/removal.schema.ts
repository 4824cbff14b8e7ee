import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** Every full-size result, written in the same transaction as its litre charge. */
export const removalResults = pgTable(
  'removal_results',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    apiKeyId: text('api_key_id'),
    size: text('size').notNull(),
    cost: integer('cost').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('removal_results_user_idx').on(t.userId)],
);

/**
 * The Idempotency-Key of a charged removal, per user: the first request with a key owns it while it
 * runs (`running`), and its charge marks it `done` in the same transaction; a retry with the key
 * and the same request (`fingerprint`) is answered from it without a second charge.
 */
export const removalIdempotencyKeys = pgTable(
  'removal_idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** SHA-256 of the image, the background and the options as sent. */
    fingerprint: text('fingerprint').notNull(),
    /** The owning request's charge: its hold's key and its result's id. */
    chargeId: text('charge_id').notNull(),
    size: text('size').notNull(),
    cost: integer('cost').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
