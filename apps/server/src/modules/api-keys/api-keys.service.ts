import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/secrets.ts';
import type { UserRow } from '../users/users.service.ts';
import type { ApiKeyRow, ApiKeysRepo } from './api-keys.repo.ts';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Live keys one user may hold: enough for every shop and stage, few enough to keep track of. */
export const maxLiveApiKeys = 20;

export interface ApiKeyDeps {
  repo: ApiKeysRepo;
  transactor: Pick<Transactor, 'run'>;
  now: () => Date;
  /** The user a key belongs to (the users module owns them). */
  findUser: (userId: string) => Promise<UserRow | null>;
  /** Told after a key is issued (the owner is mailed, so that a key they did not make is noticed). */
  onIssued?: (input: { userId: string; label: string; prefix: string }) => Promise<void>;
}

/** API keys of the public API: a user sees and changes only their own. */
export function createApiKeyService(deps: ApiKeyDeps) {
  const { repo } = deps;

  return {
    async list(userId: string): Promise<ApiKey[]> {
      return (await repo.listLive(userId)).map(toApiKey);
    },

    /**
     * Makes a key, at most `maxLiveApiKeys` live ones per user; its value is answered this once and
     * only its hash is kept.
     */
    async issue(userId: string, label: string): Promise<{ token: ApiKey; value: string }> {
      const value = `ck_${newToken()}`;
      const row = await deps.transactor.run(async () => {
        await repo.lockOwner(userId);
        if ((await repo.countLive(userId)) >= maxLiveApiKeys) {
          throw new DomainError('API_KEY_LIMIT', { params: { limit: maxLiveApiKeys } });
        }
        return repo.insert({
          id: randomUUID(),
          userId,
          label,
          tokenHash: hashToken(value),
          prefix: value.slice(0, 10),
          createdAt: deps.now(),
        });
      });
      await deps.onIssued?.({ userId, label: row.label, prefix: row.prefix });
      return { token: toApiKey(row), value };
    },

    async rename(userId: string, id: string, label: string): Promise<ApiKey> {
      const row = await repo.rename({ userId, id, label });
      if (!row) throw new DomainError('NOT_FOUND');
      return toApiKey(row);
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.revoke({ userId, id, now: deps.now() }))) throw new DomainError('NOT_FOUND');
    },

    /** Revokes every live key of a user (a password reset, a lost account); answers how many. */
    revokeAll(userId: string): Promise<number> {
      return repo.revokeAll(userId, deps.now());
    },

    /** The owner of a live key, for the public API; the key's last use is noted. */
    async authenticate(value: string): Promise<{ keyId: string; user: UserRow } | null> {
      const key = await repo.findLiveByHash(hashToken(value));
      const user = key && (await deps.findUser(key.userId));
      if (!key || !user) return null;
      await repo.touch(key.id, deps.now());
      return { keyId: key.id, user };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
