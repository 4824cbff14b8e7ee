import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactor } from '../../platform/db/transactions.ts';
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts';
import { createTestApp, type TestApp, testClock, testDatabases } from '../../test/harness.ts';
import { createClientErrorsRepo } from './client-errors.repo.ts';
import { clientErrors } from './client-errors.schema.ts';
import { createClientErrorsService } from './client-errors.service.ts';

describe.each(testDatabases)('the client error service on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  const report = (payload: unknown, remoteAddress = '10.1.1.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stores/clientErrors/record',
      payload: payload as object,
      remoteAddress,
      headers: { 'user-agent': 'Test Browser/1.0', ...headers },
    });

  it('records the route, status, code, request id and browser of an error, and nothing else', async () => {
    const response = await report({
      route: '/api/stores/users/login?email=secret@example.com',
      status: 401,
      code: 'INVALID_CREDENTIALS',
      requestId: 'req-1',
      password: 'never-kept',
    });
    expect(response.statusCode, response.body).toBe(204);
    const rows = await t.database.db.select().from(clientErrors);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      storeId: 'cutout',
      route: '/api/stores/users/login',
      status: 401,
      code: 'INVALID_CREDENTIALS',
      requestId: 'req-1',
      userAgent: 'Test Browser/1.0',
    });
    expect(JSON.stringify(rows[0])).not.toContain('never-kept');
  });

  it('refuses what is not a report, and reports of unbounded size', async () => {
    expect((await report({ route: '/x', status: 'bad', code: 'X' }, '10.1.1.2')).statusCode).toBe(400);
    expect((await report({ route: '', status: 500, code: 'X' }, '10.1.1.2')).statusCode).toBe(400);
    const huge = await report({ route: `/${'x'.repeat(5000)}`, status: 500, code: 'X' }, '10.1.1.2');
    expect(huge.statusCode).toBe(413);
  });

  it('limits reports per client address', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push(
        (await report({ route: '/a', status: 500, code: 'INTERNAL_ERROR' }, '10.1.1.3')).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuses reports sent from another site', async () => {
    const response = await report({ route: '/a', status: 500, code: 'X' }, '10.1.1.4', {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
  });

  it('forgets reports after 30 days', async () => {
    const service = createClientErrorsService({
      repo: createClientErrorsRepo(createTransactor(t.database.db)),
      limiter: createMemoryRateLimiter(),
      now: clock.now,
    });
    const before = (await t.database.db.select().from(clientErrors)).length;
    expect(before).toBeGreaterThan(0);
    clock.advance(29 * 24 * 3_600_000);
    expect(await service.prune()).toBe(0);
    clock.advance(2 * 24 * 3_600_000);
    expect(await service.prune()).toBe(before);
  });
});
