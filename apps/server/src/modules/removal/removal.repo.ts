import { and, eq, lt, or } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { removalIdempotencyKeys, removalResults } from './removal.schema.ts';

export type NewRemovalResult = typeof removalResults.$inferInsert;
export type IdempotencyClaim = typeof removalIdempotencyKeys.$inferSelect;

/** The removal module's SQL; it joins the transaction in progress (the charge's). */
export function createRemovalRepo(transactor: Pick<Transactor, 'executor'>) {
  const keys = removalIdempotencyKeys;
  const claimOf = (userId: string, key: string) => and(eq(keys.userId, userId), eq(keys.key, key));

  return {
    async insertResult(row: NewRemovalResult): Promise<void> {
      await transactor.executor().insert(removalResults).values(row);
    },

    /**
     * Claims a user's idempotency key for a request, unless another request holds it: one that is
     * not yet `expiredBefore`, nor a `running` one that started before `staleBefore` (its process
     * died). Answers the claim as it stands after the call: the caller owns it when the charge id
     * is its own.
     */
    async claimKey(
      claim: Omit<IdempotencyClaim, 'state'>,
      bounds: { expiredBefore: Date; staleBefore: Date },
    ): Promise<IdempotencyClaim> {
      const db = transactor.executor();
      const [taken] = await db
        .insert(keys)
        .values({ ...claim, state: 'running' })
        .onConflictDoUpdate({
          target: [keys.userId, keys.key],
          set: {
            fingerprint: claim.fingerprint,
            chargeId: claim.chargeId,
            size: claim.size,
            cost: claim.cost,
            state: 'running',
            createdAt: claim.createdAt,
          },
          setWhere: or(
            lt(keys.createdAt, bounds.expiredBefore),
            and(eq(keys.state, 'running'), lt(keys.createdAt, bounds.staleBefore)),
          ),
        })
        .returning();
      if (taken) return taken;
      const [held] = await db.select().from(keys).where(claimOf(claim.userId, claim.key));
      // Dropped between the two statements (its request failed): the caller tries again.
      return held ?? { ...claim, chargeId: '', state: 'running' };
    },

    /** The claim of a key, if any. */
    async findKey(userId: string, key: string): Promise<IdempotencyClaim | null> {
      const [row] = await transactor.executor().select().from(keys).where(claimOf(userId, key));
      return row ?? null;
    },

    /** Marks the claim of a charge settled; false when the charge no longer holds it. */
    async settleKey(userId: string, key: string, chargeId: string): Promise<boolean> {
      const rows = await transactor
        .executor()
        .update(keys)
        .set({ state: 'done' })
        .where(and(claimOf(userId, key), eq(keys.chargeId, chargeId), eq(keys.state, 'running')))
        .returning({ key: keys.key });
      return rows.length === 1;
    },

    /** Lets a key go after its request failed, so that a retry runs afresh. */
    async dropKey(userId: string, key: string, chargeId: string): Promise<void> {
      await transactor
        .executor()
        .delete(keys)
        .where(and(claimOf(userId, key), eq(keys.chargeId, chargeId), eq(keys.state, 'running')));
    },

    /** Forgets a user's keys that have expired (they are no longer answered). */
    async pruneKeys(userId: string, expiredBefore: Date): Promise<void> {
      await transactor
        .executor()
        .delete(keys)
        .where(and(eq(keys.userId, userId), lt(keys.createdAt, expiredBefore)));
    },
  };
}

export type RemovalRepo = ReturnType<typeof createRemovalRepo>;
