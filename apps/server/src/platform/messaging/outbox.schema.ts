import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail and SMS the service sends, kept for the development outbox page and for audits. */
export const outboxMessages = pgTable('outbox_messages', {
  id: text('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport').notNull(),
  /** What was attached (names, types and sizes; the files themselves are not kept). */
  attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; size: number }>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
