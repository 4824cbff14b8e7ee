import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { apiKeys } from './api-keys.schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

/** The api_keys table; every call runs on the transaction in progress, if any. */
export function createApiKeysRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  const own = (userId: string, id: string) => and(eq(apiKeys.id, id), live(userId));

  return {
    /** A user's live keys, newest first. */
    listLive(userId: string): Promise<ApiKeyRow[]> {
      return db().select().from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.createdAt));
    },

    async countLive(userId: string): Promise<number> {
      const [held] = await db().select({ keys: count() }).from(apiKeys).where(live(userId));
      return held?.keys ?? 0;
    },

    /**
     * Holds the user's keys for the rest of the transaction in progress, so that keys issued at
     * once are counted one after another. An advisory lock: the users table is not this module's.
     */
    async lockOwner(userId: string): Promise<void> {
      await db().execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api_keys:${userId}`}, 0))`);
    },

    async insert(key: NewApiKey): Promise<ApiKeyRow> {
      const [row] = await db().insert(apiKeys).values(key).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    /** Renames a live key of the user; null when there is none with this id. */
    async rename(input: { userId: string; id: string; label: string }): Promise<ApiKeyRow | null> {
      const [row] = await db()
        .update(apiKeys)
        .set({ label: input.label })
        .where(own(input.userId, input.id))
        .returning();
      return row ?? null;
    },

    /** Revokes a live key of the user; false when there is none with this id. */
    async revoke(input: { userId: string; id: string; now: Date }): Promise<boolean> {
      const rows = await db()
        .update(apiKeys)
        .set({ revokedAt: input.now })
        .where(own(input.userId, input.id))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /** Revokes every live key of the user; answers how many. */
    async revokeAll(userId: string, now: Date): Promise<number> {
      const rows = await db()
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(live(userId))
        .returning({ id: apiKeys.id });
      return rows.length;
    },

    async findLiveByHash(tokenHash: string): Promise<ApiKeyRow | null> {
      const [row] = await db()
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)));
      return row ?? null;
    },

    async touch(id: string, now: Date): Promise<void> {
      await db().update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
    },
  };
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
