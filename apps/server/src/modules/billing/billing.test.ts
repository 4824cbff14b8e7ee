import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { type DatabaseKind, openTestDatabase, testClock, testDatabases } from '../../test/harness.ts';
import { users } from '../users/users.schema.ts';
import { type BillingService, createBillingService, periodOf } from './billing.service.ts';

describe.each(testDatabases)('the litre ledger on %s', (kind: DatabaseKind) => {
  let database: Database;
  let billing: BillingService;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    billing = createBillingService({ db: database.db, now: clock.now });
  });
  afterAll(() => database.close());

  async function newUser(): Promise<string> {
    const id = randomUUID();
    await database.db.insert(users).values({ id, storeId: 'cutout', email: `${id}@example.com` });
    return id;
  }

  it('gives every account 5 free litres a month, not carried over', async () => {
    const userId = await newUser();
    expect(await billing.balance(userId)).toEqual({ free: 5, paid: 0, total: 5 });
    const hold = await billing.hold({ userId, cost: 2, reason: 'test' });
    await billing.settle(hold, async () => {});
    expect((await billing.balance(userId)).total).toBe(3);
    clock.advance(15 * 24 * 3_600_000);
    expect(periodOf(clock.now())).toBe('2026-12');
    expect(await billing.balance(userId)).toEqual({ free: 5, paid: 0, total: 5 });
    expect(await billing.partnerActions(userId)).toEqual([
      { id: 'free-2026-12', quantity: 5 },
      { id: 'paid', quantity: 0 },
    ]);
  });

  it('spends free litres first, then bought ones, and never goes below zero', async () => {
    const userId = await newUser();
    await billing.credit({ userId, quantity: 2, reason: 'purchase', reference: `order-${userId}` });
    for (let i = 0; i < 6; i += 1)
      await billing.settle(await billing.hold({ userId, cost: 1, reason: 'test' }), async () => {});
    expect(await billing.balance(userId)).toEqual({ free: 0, paid: 1, total: 1 });
    await billing.settle(await billing.hold({ userId, cost: 1, reason: 'test' }), async () => {});
    await expect(billing.hold({ userId, cost: 1, reason: 'test' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect((await billing.balance(userId)).total).toBe(0);
  });

  it('gives a hold back when the processing fails', async () => {
    const userId = await newUser();
    const hold = await billing.hold({ userId, cost: 1, reason: 'test' });
    expect((await billing.balance(userId)).total).toBe(4);
    await billing.release(hold);
    expect((await billing.balance(userId)).total).toBe(5);
  });

  it('credits a payment once, however often it is validated', async () => {
    const userId = await newUser();
    expect(await billing.credit({ userId, quantity: 10, reason: 'purchase', reference: 'payment-42' })).toBe(
      true,
    );
    expect(await billing.credit({ userId, quantity: 10, reason: 'purchase', reference: 'payment-42' })).toBe(
      false,
    );
    expect((await billing.balance(userId)).paid).toBe(10);
  });

  it('lets exactly 5 of 20 concurrent charges through on a balance of 5', async () => {
    const userId = await newUser();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, async () => {
        const hold = await billing.hold({ userId, cost: 1, reason: 'test' });
        await billing.settle(hold, async () => {});
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    expect((await billing.balance(userId)).total).toBe(0);
  });
});
