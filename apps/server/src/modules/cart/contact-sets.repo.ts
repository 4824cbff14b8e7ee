import { and, desc, eq } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { partnerContactSets, partnerSettlements } from './cart.schema.ts';

export type ContactSetRow = typeof partnerContactSets.$inferSelect;

/** The buyers' contact sets and settlements; every read is narrowed to its owner. */
export function createContactSetsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  const own = (userId: string, id: string) =>
    and(eq(partnerContactSets.userId, userId), eq(partnerContactSets.id, id));

  return {
    async list(
      userId: string,
      where: { deleted?: boolean; type?: ContactSetRow['type'] },
    ): Promise<ContactSetRow[]> {
      return await db()
        .select()
        .from(partnerContactSets)
        .where(
          and(
            eq(partnerContactSets.userId, userId),
            where.deleted === undefined ? undefined : eq(partnerContactSets.deleted, where.deleted),
            where.type === undefined ? undefined : eq(partnerContactSets.type, where.type),
          ),
        )
        .orderBy(desc(partnerContactSets.createdAt), desc(partnerContactSets.id));
    },

    /** The user's contact set with this id (deleted ones too); null for another user's. */
    async find(userId: string, id: string): Promise<ContactSetRow | null> {
      const [row] = await db().select().from(partnerContactSets).where(own(userId, id));
      return row ?? null;
    },

    async insert(row: typeof partnerContactSets.$inferInsert): Promise<ContactSetRow> {
      const [inserted] = await db().insert(partnerContactSets).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },

    /** Marks the user's contact set deleted; false when the user has no live one with this id. */
    async markDeleted(userId: string, id: string): Promise<boolean> {
      const rows = await db()
        .update(partnerContactSets)
        .set({ deleted: true })
        .where(and(own(userId, id), eq(partnerContactSets.deleted, false)))
        .returning({ id: partnerContactSets.id });
      return rows.length > 0;
    },

    async settlementOf(userId: string): Promise<string | null> {
      const [row] = await db().select().from(partnerSettlements).where(eq(partnerSettlements.userId, userId));
      return row?.settlementId ?? null;
    },

    async setSettlement(userId: string, settlementId: string, now: Date): Promise<void> {
      await db()
        .insert(partnerSettlements)
        .values({ userId, settlementId, updatedAt: now })
        .onConflictDoUpdate({ target: partnerSettlements.userId, set: { settlementId, updatedAt: now } });
    },
  };
}

export type ContactSetsRepo = ReturnType<typeof createContactSetsRepo>;
