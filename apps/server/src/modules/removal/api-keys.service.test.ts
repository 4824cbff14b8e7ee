import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { DomainError } from '../../platform/errors.ts';
import { openTestDatabase, testDatabases } from '../../test/harness.ts';
import { stores } from '../store/store.schema.ts';
import { users } from '../users/users.schema.ts';
import { createApiKeyService, maxLiveApiKeys } from './api-keys.service.ts';

describe.each(testDatabases)('the API key service on %s', (kind) => {
  let database: Database;
  const issued: Array<{ userId: string; label: string; prefix: string }> = [];
  const service = () =>
    createApiKeyService({
      db: database.db,
      now: () => new Date(),
      onIssued: async (key) => {
        issued.push(key);
      },
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const newUser = async () => {
    const [store] = await database.db.select({ id: stores.id }).from(stores).limit(1);
    const id = randomUUID();
    await database.db.insert(users).values({ id, storeId: store?.id as string, email: `${id}@example.com` });
    return id;
  };

  it('tells of every issued key, with its owner, label and prefix, never its value', async () => {
    const userId = await newUser();
    issued.length = 0;
    const { token, value } = await service().issue(userId, 'Shop');
    expect(issued).toEqual([{ userId, label: 'Shop', prefix: token.prefix }]);
    expect(JSON.stringify(issued)).not.toContain(value);
  });

  it(`holds at most ${maxLiveApiKeys} live keys per user; a revoked one makes room`, async () => {
    const keys = service();
    const userId = await newUser();
    const made = [];
    for (let i = 0; i < maxLiveApiKeys; i += 1) made.push(await keys.issue(userId, `key ${i}`));
    issued.length = 0;
    const refused = await keys.issue(userId, 'one more').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'API_KEY_LIMIT', status: 409, options: { params: { limit: 20 } } });
    expect(issued).toEqual([]);
    expect(await keys.list(userId)).toHaveLength(maxLiveApiKeys);
    // Another user is not counted against this one.
    await keys.issue(await newUser(), 'elsewhere');
    await keys.revoke(userId, made[0]?.token.id as string);
    await keys.issue(userId, 'in its place');
    expect(await keys.list(userId)).toHaveLength(maxLiveApiKeys);
  });

  it('revokes every live key of a user at once, answering how many, and no one else’s', async () => {
    const keys = service();
    const userId = await newUser();
    const otherId = await newUser();
    const [first, second, third] = [
      await keys.issue(userId, 'a'),
      await keys.issue(userId, 'b'),
      await keys.issue(userId, 'c'),
    ];
    const others = await keys.issue(otherId, 'theirs');
    await keys.revoke(userId, first.token.id);

    expect(await keys.revokeAll(userId)).toBe(2);
    expect(await keys.list(userId)).toEqual([]);
    for (const key of [first, second, third]) expect(await keys.authenticate(key.value)).toBeNull();
    expect(await keys.authenticate(others.value)).toMatchObject({ keyId: others.token.id });
    expect(await keys.revokeAll(userId)).toBe(0);
  });
});
