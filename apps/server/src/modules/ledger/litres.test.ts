import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import {
  type DatabaseKind,
  makeWebDist,
  openTestDatabase,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { type LitreHolder, periodOf } from './free-litres.ts';
import { createLedgerRepo } from './ledger.repo.ts';
import { createLedgerService, type LedgerService, ledgerPolicy } from './ledger.service.ts';
import { createLitreService, type LitreService, litreAccount } from './litres.service.ts';

/**
 * An account with a verified e-mail: the kind that gets the monthly free litres. The ledger reads no
 * users: the caller passes the holder's flags, so no users row is needed.
 */
const verifiedHolder = (changes: Partial<LitreHolder> & { email?: string | null } = {}): LitreHolder => ({
  id: randomUUID(),
  anonymous: false,
  emailVerified: true,
  phoneNumberVerified: false,
  ...changes,
});

/** The ledger and its litres on a database, as app.ts builds them. */
function ledgerOn(database: Database, now: () => Date) {
  const transactor = createTransactor(database.db);
  const ledger = createLedgerService({ repo: createLedgerRepo(transactor), transactor, now });
  return { transactor, ledger, litres: createLitreService({ ledger, now }) };
}

const holdKey = () => `hold:test:${randomUUID()}`;

/** The user's litre holds that were neither captured nor released. */
async function entriesOf(database: Database, userId: string) {
  const { ledger } = ledgerOn(database, () => new Date());
  return (await ledger.openHolds(litreAccount(userId))).map((hold) => ({ id: hold.id, state: 'held' }));
}

describe.each(testDatabases)('the litre ledger on %s', (kind: DatabaseKind) => {
  let database: Database;
  let litres: LitreService;
  let ledger: LedgerService;
  let transactor: ReturnType<typeof createTransactor>;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ litres, ledger, transactor } = ledgerOn(database, clock.now));
  });
  afterAll(() => database.close());

  const newUser = async (changes: Parameters<typeof verifiedHolder>[0] = {}) => verifiedHolder(changes);

  it('gives every account 5 free litres a month, not carried over', async () => {
    const user = await newUser();
    expect(await litres.balance(user)).toEqual({ free: 5, paid: 0, total: 5 });
    const hold = await litres.hold({ holder: user, amount: 2, key: holdKey() });
    await litres.capture(hold);
    expect((await litres.balance(user)).total).toBe(3);
    clock.advance(15 * 24 * 3_600_000);
    expect(periodOf(clock.now())).toBe('2026-12');
    expect(await litres.balance(user)).toEqual({ free: 5, paid: 0, total: 5 });
    expect(await litres.partnerActions(user)).toEqual([
      { id: 'free-2026-12', quantity: 5 },
      { id: 'paid', quantity: 0 },
    ]);
  });

  it('gives free litres only to accounts with a verified e-mail or phone', async () => {
    const anonymous = await newUser({ email: null, emailVerified: false, anonymous: true });
    const unverified = await newUser({ emailVerified: false });
    const byPhone = await newUser({ email: null, emailVerified: false, phoneNumberVerified: true });
    expect(await litres.balance(anonymous)).toEqual({ free: 0, paid: 0, total: 0 });
    expect(await litres.balance(unverified)).toEqual({ free: 0, paid: 0, total: 0 });
    expect((await litres.balance(byPhone)).free).toBe(5);
    await expect(litres.hold({ holder: anonymous, amount: 1, key: holdKey() })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('spends free litres first, then bought ones, and never goes below zero', async () => {
    const user = await newUser();
    await ledger.credit({
      account: litreAccount(user.id),
      amount: 2,
      kind: 'purchase',
      key: `purchase:order-${user.id}`,
    });
    for (let i = 0; i < 6; i += 1)
      await litres.capture(await litres.hold({ holder: user, amount: 1, key: holdKey() }));
    expect(await litres.balance(user)).toEqual({ free: 0, paid: 1, total: 1 });
    await litres.capture(await litres.hold({ holder: user, amount: 1, key: holdKey() }));
    await expect(litres.hold({ holder: user, amount: 1, key: holdKey() })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect((await litres.balance(user)).total).toBe(0);
  });

  it('gives a hold back when the processing fails', async () => {
    const user = await newUser();
    const hold = await litres.hold({ holder: user, amount: 1, key: holdKey() });
    expect((await litres.balance(user)).total).toBe(4);
    await litres.release(hold);
    expect((await litres.balance(user)).total).toBe(5);
  });

  it('gives back a hold older than its lifetime, left by a request that died, and no fresh one', async () => {
    // Above twice the longest request (120 s), and short enough that a lost litre is soon back.
    expect(ledgerPolicy.holdLifetimeMs).toBeGreaterThan(2 * 120_000);
    expect(ledgerPolicy.holdLifetimeMs).toBeLessThanOrEqual(5 * 60_000);
    const user = await newUser();
    await litres.hold({ holder: user, amount: 1, key: holdKey() });
    clock.advance(ledgerPolicy.holdLifetimeMs - 60_000);
    const { id: fresh } = await litres.hold({ holder: user, amount: 1, key: holdKey() });
    clock.advance(60_000);
    expect((await litres.balance(user)).total).toBe(4);

    expect(await ledger.releaseStaleHolds()).toBeGreaterThanOrEqual(1);
    expect(await entriesOf(database, user.id)).toEqual([{ id: fresh, state: 'held' }]);
    expect((await litres.balance(user)).total).toBe(4);
    expect(await ledger.releaseStaleHolds()).toBe(0);
  });

  it('records no result for a hold that was given back as stale', async () => {
    const user = await newUser();
    const hold = await litres.hold({ holder: user, amount: 1, key: holdKey() });
    clock.advance(ledgerPolicy.holdLifetimeMs);
    await ledger.releaseStaleHolds();
    let recorded = false;
    await expect(
      transactor.run(async () => {
        await litres.capture(hold);
        recorded = true;
      }),
    ).rejects.toThrow(/released before it was settled/);
    expect(recorded).toBe(false);
    expect((await litres.balance(user)).total).toBe(5);
  });

  it('credits a payment once, however often it is validated', async () => {
    const user = await newUser();
    const validate = async () =>
      (
        await ledger.credit({
          account: litreAccount(user.id),
          amount: 10,
          kind: 'purchase',
          key: 'purchase:payment-42',
        })
      ).posted;
    expect(await validate()).toBe(true);
    expect(await validate()).toBe(false);
    expect((await litres.balance(user)).paid).toBe(10);
  });

  it('lets exactly 5 of 20 concurrent charges through on a balance of 5', async () => {
    const user = await newUser();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, async () => {
        const hold = await litres.hold({ holder: user, amount: 1, key: holdKey() });
        await litres.capture(hold);
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    expect((await litres.balance(user)).total).toBe(0);
  });
});

describe.each(testDatabases)('the running app on %s', (kind: DatabaseKind) => {
  it('gives back the litres of requests that died before it started', async () => {
    const clock = testClock();
    const database = await openTestDatabase(kind);
    const { litres } = ledgerOn(database, clock.now);
    const user = verifiedHolder();
    await litres.hold({ holder: user, amount: 2, key: holdKey() });
    clock.advance(ledgerPolicy.holdLifetimeMs + 1_000);
    const { id: fresh } = await litres.hold({ holder: user, amount: 1, key: holdKey() });

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: makeWebDist() });
    const app = await buildApp({ config, database, logger: false, now: clock.now });
    try {
      await app.ready();
      expect(await entriesOf(database, user.id)).toEqual([{ id: fresh, state: 'held' }]);
      expect((await litres.balance(user)).total).toBe(4);
    } finally {
      await app.close();
    }
  });
});
