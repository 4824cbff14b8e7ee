import { and, asc, eq, gt } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { newsDeliveries, newsSubscribers } from './newsletter.schema.ts';

export type SubscriberRow = typeof newsSubscribers.$inferSelect;

/** The news subscribers and what was mailed to them, on the transaction in progress. */
export function createNewsletterRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async byEmail(email: string): Promise<SubscriberRow | null> {
      const [row] = await db()
        .select()
        .from(newsSubscribers)
        .where(eq(newsSubscribers.email, email))
        .for('update');
      return row ?? null;
    },
    async byConfirmHash(hash: string): Promise<SubscriberRow | null> {
      const [row] = await db()
        .select()
        .from(newsSubscribers)
        .where(eq(newsSubscribers.confirmTokenHash, hash))
        .for('update');
      return row ?? null;
    },
    async byUnsubscribeToken(token: string): Promise<SubscriberRow | null> {
      const [row] = await db()
        .select()
        .from(newsSubscribers)
        .where(eq(newsSubscribers.unsubscribeToken, token));
      return row ?? null;
    },
    async insert(row: typeof newsSubscribers.$inferInsert): Promise<SubscriberRow> {
      const [inserted] = await db().insert(newsSubscribers).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },
    async update(id: string, patch: Partial<typeof newsSubscribers.$inferInsert>): Promise<SubscriberRow> {
      const [row] = await db()
        .update(newsSubscribers)
        .set(patch)
        .where(eq(newsSubscribers.id, id))
        .returning();
      if (!row) throw new Error(`subscriber ${id} vanished`);
      return row;
    },
    /** Confirmed subscribers after `afterId` (by id), a page at a time. */
    async confirmed(afterId: string, limit: number): Promise<SubscriberRow[]> {
      return db()
        .select()
        .from(newsSubscribers)
        .where(and(eq(newsSubscribers.state, 'confirmed'), gt(newsSubscribers.id, afterId)))
        .orderBy(asc(newsSubscribers.id))
        .limit(limit);
    },
    /** Records a post mailed to a subscriber; false when it was recorded before. */
    async recordDelivery(pageId: string, subscriberId: string, at: Date): Promise<boolean> {
      const inserted = await db()
        .insert(newsDeliveries)
        .values({ pageId, subscriberId, createdAt: at })
        .onConflictDoNothing()
        .returning({ pageId: newsDeliveries.pageId });
      return inserted.length > 0;
    },
  };
}

export type NewsletterRepo = ReturnType<typeof createNewsletterRepo>;
