import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
