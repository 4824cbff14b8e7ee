import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@cutout/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
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

/** API keys of the public API: a user sees and changes only their own. */
export function createApiKeyService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const own = (userId: string, id: string) =>
    and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

  return {
    async list(userId: string): Promise<ApiKey[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt));
      return rows.map(toApiKey);
    },

    /** Makes a key; its value is answered this once and only its hash is kept. */
    async issue(userId: string, label: string): Promise<{ token: ApiKey; value: string }> {
      const value = `ck_${newToken()}`;
      const [row] = await db
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
      if (!row) throw new Error('insert returned nothing');
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
