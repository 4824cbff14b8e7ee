import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files (SPEC §3 File): the original's key on the storage port and what it is. Resized
 * copies are not rows: their keys derive from the file's id, updatedAt and size.
 */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
