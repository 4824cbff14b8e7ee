import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * HTTP errors the web app met (SPEC §8), for charting the error rate: where, which code, which
 * request, which browser. Never a request or answer body.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    code: text('code').notNull(),
    requestId: text('request_id'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt)],
);
