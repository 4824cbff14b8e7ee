import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@cutout/contracts';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { DomainError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/secrets.ts';
import { users } from '../users/users.schema.ts';
import { apiKeys } from './removal.schema.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Live keys one user may hold: enough for every shop and stage, few enough to keep track of. */
export const maxLiveApiKeys = 20;

/** API keys of the public API: a user sees and changes only their own. */
export function createApiKeyService(deps: {
  db: Db;
  now: () => Date;
  /** Told after a key is issued (the owner is mailed, so that a key they did not make is noticed). */
  onIssued?: (input: { userId: string; label: string; prefix: string }) => Promise<void>;
}) {
  const { db } = deps;
  const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  const own = (userId: string, id: string) => and(eq(apiKeys.id, id), live(userId));

  return {
    async list(userId: string): Promise<ApiKey[]> {
      const rows = await db.select().from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.createdAt));
      return rows.map(toApiKey);
    },

    /**
     * Makes a key, at most `maxLiveApiKeys` live ones per user; its value is answered this once and
     * only its hash is kept.
     */
    async issue(userId: string, label: string): Promise<{ token: ApiKey; value: string }> {
      const value = `ck_${newToken()}`;
      const row = await db.transaction(async (tx) => {
        // The user's row is locked so that keys issued at once are counted one after another.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx.select({ keys: count() }).from(apiKeys).where(live(userId));
        if ((held?.keys ?? 0) >= maxLiveApiKeys) {
          throw new DomainError('API_KEY_LIMIT', { params: { limit: maxLiveApiKeys } });
        }
        const [inserted] = await tx
          .insert(apiKeys)
          .values({
            id: randomUUID(),
            userId,
            label,
            tokenHash: hashToken(value),
            prefix: value.slice(0, 10),
            createdAt: deps.now(),
          })
          .returning();
        if (!inserted) throw new Error('insert returned nothing');
        return inserted;
      });
      await deps.onIssued?.({ userId, label: row.label, prefix: row.prefix });
      return { token: toApiKey(row), value };
    },

    async rename(userId: string, id: string, label: string): Promise<ApiKey> {
      const [row] = await db.update(apiKeys).set({ label }).where(own(userId, id)).returning();
      if (!row) throw new DomainError('NOT_FOUND');
      return toApiKey(row);
    },

    async revoke(userId: string, id: string): Promise<void> {
      const rows = await db.update(apiKeys).set({ revokedAt: deps.now() }).where(own(userId, id)).returning();
      if (rows.length === 0) throw new DomainError('NOT_FOUND');
    },

    /** Revokes every live key of a user (a password reset, a lost account); answers how many. */
    async revokeAll(userId: string): Promise<number> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: deps.now() })
        .where(live(userId))
        .returning({ id: apiKeys.id });
      return rows.length;
    },

    /** The owner of a live key, for the public API; the key's last use is noted. */
    async authenticate(value: string): Promise<{ keyId: string; user: typeof users.$inferSelect } | null> {
      const [row] = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.tokenHash, hashToken(value)), isNull(apiKeys.revokedAt)));
      if (!row) return null;
      await db.update(apiKeys).set({ lastUsedAt: deps.now() }).where(eq(apiKeys.id, row.key.id));
      return { keyId: row.key.id, user: row.user };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
