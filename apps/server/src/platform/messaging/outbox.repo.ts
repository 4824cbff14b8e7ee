import { asc, desc, eq } from 'drizzle-orm';
import type { Transactor } from '../db/transactions.ts';
import { outboxMessages } from './outbox.schema.ts';

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

/** The outbox_messages table; a message kept inside a transaction goes (or not) with it. */
export function createOutboxRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async insert(message: NewOutboxMessage): Promise<void> {
      await db().insert(outboxMessages).values(message);
    },

    /** The newest messages, newest first. */
    latest(limit: number): Promise<OutboxMessageRow[]> {
      return db().select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
    },

    /** Every message to one recipient, oldest first. */
    to(recipient: string): Promise<OutboxMessageRow[]> {
      return db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(asc(outboxMessages.createdAt));
    },

    /** The newest message to one recipient, or null. */
    async latestTo(recipient: string): Promise<OutboxMessageRow | null> {
      const [row] = await db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
