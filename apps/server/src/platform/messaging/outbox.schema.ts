import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail and SMS the service sends, kept for the development outbox page and for audits. */
export const outboxMessages = pgTable('outbox_messages', {
  id: text('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
