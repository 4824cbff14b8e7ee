import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { insertTestUser, openTestDatabase, testDatabases, testUserFinder } from '../../test/harness.ts';
import { createApiKeysRepo } from './api-keys.repo.ts';
import { createApiKeyService, maxLiveApiKeys } from './api-keys.service.ts';

describe.each(testDatabases)('the API key service on %s', (kind) => {
  let database: Database;
  const issued: Array<{ userId: string; label: string; prefix: string }> = [];
  const service = () => {
    const transactor = createTransactor(database.db);
    return createApiKeyService({
      repo: createApiKeysRepo(transactor),
      transactor,
      now: () => new Date(),
      findUser: testUserFinder(database),
      onIssued: async (key) => {
        issued.push(key);
      },
    });
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const newUser = () => insertTestUser(database);

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

  it(`holds the limit of ${maxLiveApiKeys} when keys are issued at the same moment`, async () => {
    const keys = service();
    const userId = await newUser();
    const outcomes = await Promise.allSettled(
      Array.from({ length: maxLiveApiKeys + 5 }, (_, i) => keys.issue(userId, `at once ${i}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(maxLiveApiKeys);
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
