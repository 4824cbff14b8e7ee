import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import {
  type DatabaseKind,
  makeWebDist,
  openTestDatabase,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { users } from '../users/users.schema.ts';
import { litreEntries } from './billing.schema.ts';
import {
  type BillingService,
  billingPolicy,
  createBillingService,
  type LitreHolder,
  periodOf,
} from './billing.service.ts';

/** An account with a verified e-mail: the kind that gets the monthly free litres. */
async function insertUser(
  database: Database,
  changes: Partial<typeof users.$inferInsert> = {},
): Promise<LitreHolder> {
  const id = randomUUID();
  const [row] = await database.db
    .insert(users)
    .values({ id, storeId: 'cutout', email: `${id}@example.com`, emailVerified: true, ...changes })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

const entriesOf = (database: Database, userId: string) =>
  database.db
    .select({ id: litreEntries.id, state: litreEntries.state })
    .from(litreEntries)
    .where(eq(litreEntries.userId, userId));

describe.each(testDatabases)('the litre ledger on %s', (kind: DatabaseKind) => {
  let database: Database;
  let billing: BillingService;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    billing = createBillingService({ db: database.db, now: clock.now });
  });
  afterAll(() => database.close());

  const newUser = (changes: Partial<typeof users.$inferInsert> = {}) => insertUser(database, changes);

  it('gives every account 5 free litres a month, not carried over', async () => {
    const user = await newUser();
    expect(await billing.balance(user)).toEqual({ free: 5, paid: 0, total: 5 });
    const hold = await billing.hold({ user, cost: 2, reason: 'test' });
    await billing.settle(hold, async () => {});
    expect((await billing.balance(user)).total).toBe(3);
    clock.advance(15 * 24 * 3_600_000);
    expect(periodOf(clock.now())).toBe('2026-12');
    expect(await billing.balance(user)).toEqual({ free: 5, paid: 0, total: 5 });
    expect(await billing.partnerActions(user)).toEqual([
      { id: 'free-2026-12', quantity: 5 },
      { id: 'paid', quantity: 0 },
    ]);
  });

  it('gives free litres only to accounts with a verified e-mail or phone', async () => {
    const anonymous = await newUser({ email: null, emailVerified: false, anonymous: true });
    const unverified = await newUser({ emailVerified: false });
    const byPhone = await newUser({ email: null, emailVerified: false, phoneNumberVerified: true });
    expect(await billing.balance(anonymous)).toEqual({ free: 0, paid: 0, total: 0 });
    expect(await billing.balance(unverified)).toEqual({ free: 0, paid: 0, total: 0 });
    expect((await billing.balance(byPhone)).free).toBe(5);
    await expect(billing.hold({ user: anonymous, cost: 1, reason: 'test' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('spends free litres first, then bought ones, and never goes below zero', async () => {
    const user = await newUser();
    await billing.credit({ userId: user.id, quantity: 2, reason: 'purchase', reference: `order-${user.id}` });
    for (let i = 0; i < 6; i += 1)
      await billing.settle(await billing.hold({ user, cost: 1, reason: 'test' }), async () => {});
    expect(await billing.balance(user)).toEqual({ free: 0, paid: 1, total: 1 });
    await billing.settle(await billing.hold({ user, cost: 1, reason: 'test' }), async () => {});
    await expect(billing.hold({ user, cost: 1, reason: 'test' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect((await billing.balance(user)).total).toBe(0);
  });

  it('gives a hold back when the processing fails', async () => {
    const user = await newUser();
    const hold = await billing.hold({ user, cost: 1, reason: 'test' });
    expect((await billing.balance(user)).total).toBe(4);
    await billing.release(hold);
    expect((await billing.balance(user)).total).toBe(5);
  });

  it('gives back a hold older than its lifetime, left by a request that died, and no fresh one', async () => {
    // Above twice the longest request (120 s), and short enough that a lost litre is soon back.
    expect(billingPolicy.holdLifetimeMs).toBeGreaterThan(2 * 120_000);
    expect(billingPolicy.holdLifetimeMs).toBeLessThanOrEqual(5 * 60_000);
    const user = await newUser();
    await billing.hold({ user, cost: 1, reason: 'test' });
    clock.advance(billingPolicy.holdLifetimeMs - 60_000);
    const [fresh] = await billing.hold({ user, cost: 1, reason: 'test' });
    clock.advance(60_000);
    expect((await billing.balance(user)).total).toBe(4);

    expect(await billing.releaseStaleHolds()).toBeGreaterThanOrEqual(1);
    expect(await entriesOf(database, user.id)).toEqual([{ id: fresh, state: 'held' }]);
    expect((await billing.balance(user)).total).toBe(4);
    expect(await billing.releaseStaleHolds()).toBe(0);
  });

  it('records no result for a hold that was given back as stale', async () => {
    const user = await newUser();
    const hold = await billing.hold({ user, cost: 1, reason: 'test' });
    clock.advance(billingPolicy.holdLifetimeMs);
    await billing.releaseStaleHolds();
    let recorded = false;
    await expect(
      billing.settle(hold, async () => {
        recorded = true;
      }),
    ).rejects.toThrow(/released before it was settled/);
    expect(recorded).toBe(false);
    expect((await billing.balance(user)).total).toBe(5);
  });

  it('credits a payment once, however often it is validated', async () => {
    const user = await newUser();
    expect(
      await billing.credit({ userId: user.id, quantity: 10, reason: 'purchase', reference: 'payment-42' }),
    ).toBe(true);
    expect(
      await billing.credit({ userId: user.id, quantity: 10, reason: 'purchase', reference: 'payment-42' }),
    ).toBe(false);
    expect((await billing.balance(user)).paid).toBe(10);
  });

  it('lets exactly 5 of 20 concurrent charges through on a balance of 5', async () => {
    const user = await newUser();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, async () => {
        const hold = await billing.hold({ user, cost: 1, reason: 'test' });
        await billing.settle(hold, async () => {});
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    expect((await billing.balance(user)).total).toBe(0);
  });
});

describe.each(testDatabases)('the running app on %s', (kind: DatabaseKind) => {
  it('gives back the litres of requests that died before it started', async () => {
    const clock = testClock();
    const database = await openTestDatabase(kind);
    const billing = createBillingService({ db: database.db, now: clock.now });
    const user = await insertUser(database);
    await billing.hold({ user, cost: 2, reason: 'test' });
    clock.advance(billingPolicy.holdLifetimeMs + 1_000);
    const [fresh] = await billing.hold({ user, cost: 1, reason: 'test' });

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: makeWebDist() });
    const app = await buildApp({ config, database, logger: false, now: clock.now });
    try {
      await app.ready();
      expect(await entriesOf(database, user.id)).toEqual([{ id: fresh, state: 'held' }]);
      expect((await billing.balance(user)).total).toBe(4);
    } finally {
      await app.close();
    }
  });
});
