import { randomUUID } from 'node:crypto';
import { currencyMinorUnits, moneySchema } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import { type DatabaseKind, openTestDatabase, testClock, testDatabases } from '../../test/harness.ts';
import { createLedgerRepo } from './ledger.repo.ts';
import { type LedgerUnit, ledgerDraws, ledgerEntries } from './ledger.schema.ts';
import {
  createLedgerService,
  HoldClosedError,
  type LedgerAccount,
  LedgerKeyConflict,
  type LedgerService,
  ledgerPolicy,
} from './ledger.service.ts';

const day = 24 * 3_600_000;

describe.each(testDatabases)('the ledger on %s', (kind: DatabaseKind) => {
  let database: Database;
  let ledger: LedgerService;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const transactor = createTransactor(database.db);
    ledger = createLedgerService({ repo: createLedgerRepo(transactor), transactor, now: clock.now });
  });
  afterAll(() => database.close());

  const newAccount = (unit: LedgerUnit = 'litre'): LedgerAccount => ({ userId: randomUUID(), unit });
  const key = (name: string) => `${name}:${randomUUID()}`;
  const restsOf = async (account: LedgerAccount) =>
    (await ledger.balance(account)).lots.map((lot) => [lot.key.split(':')[0], lot.rest]);
  /** The sum of every entry of the account that posted `key`: what the books say. */
  const entriesSum = async (key: string) => {
    const all = await database.db.select().from(ledgerEntries);
    const accountId = all.find((entry) => entry.key === key)?.accountId;
    return all.filter((entry) => entry.accountId === accountId).reduce((sum, entry) => sum + entry.amount, 0);
  };

  describe('entries', () => {
    it('are never updated, deleted or truncated: the database refuses it', async () => {
      const account = newAccount();
      await ledger.credit({ account, kind: 'purchase', amount: 5, key: key('purchase') });
      const hold = await ledger.hold({ account, amount: 2, key: key('hold') });
      const refusals = [
        database.db.update(ledgerEntries).set({ amount: 1_000 }),
        database.db.delete(ledgerEntries),
        database.db.update(ledgerDraws).set({ amount: -1 }),
        database.db.delete(ledgerDraws),
        database.db.execute('truncate ledger_draws, ledger_entries'),
      ];
      for (const refusal of refusals) {
        // The driver's error, under the ORM's "Failed query".
        const error: { cause?: Error } = await refusal.then(
          () => ({}),
          (failure: { cause?: Error }) => failure,
        );
        expect(error.cause?.message).toMatch(/entries are append-only/);
      }
      expect((await ledger.balance(account)).total).toBe(3);
      expect((await ledger.openHolds(account)).map((open) => open.id)).toEqual([hold.id]);
    });

    it('post once per key: the same event again answers the first entry, another one is refused', async () => {
      const account = newAccount();
      const purchase = key('purchase');
      const first = await ledger.credit({ account, kind: 'purchase', amount: 7, key: purchase });
      const again = await ledger.credit({ account, kind: 'purchase', amount: 7, key: purchase });
      expect(first.posted).toBe(true);
      expect(again).toEqual({ entry: first.entry, posted: false });
      await expect(ledger.credit({ account, kind: 'purchase', amount: 8, key: purchase })).rejects.toThrow(
        LedgerKeyConflict,
      );
      const hold = key('hold');
      const held = await ledger.hold({ account, amount: 3, key: hold });
      expect(await ledger.hold({ account, amount: 3, key: hold })).toEqual(held);
      expect((await ledger.balance(account)).total).toBe(4);
    });

    it('keep units apart, and refuse a unit the ledger does not know', async () => {
      const userId = randomUUID();
      await ledger.credit({
        account: { userId, unit: 'money:RUB' },
        kind: 'purchase',
        amount: 19_999,
        key: key('p'),
      });
      await ledger.credit({
        account: { userId, unit: 'bonus_point' },
        kind: 'grant',
        amount: 40,
        key: key('g'),
      });
      expect((await ledger.balance({ userId, unit: 'money:RUB' })).total).toBe(19_999);
      expect((await ledger.balance({ userId, unit: 'bonus_point' })).total).toBe(40);
      expect((await ledger.balance({ userId, unit: 'litre' })).total).toBe(0);
      const unknown = { userId, unit: 'money:rub' as LedgerUnit };
      await expect(
        ledger.credit({ account: unknown, kind: 'purchase', amount: 1, key: key('p') }),
      ).rejects.toThrow();
    });
  });

  describe('holds', () => {
    it('draw from the lot that expires soonest first, and a release gives back to the same lots', async () => {
      const account = newAccount();
      await ledger.credit({ account, kind: 'purchase', amount: 10, key: key('purchase') });
      await ledger.credit({
        account,
        kind: 'grant',
        amount: 2,
        key: key('late'),
        expiresAt: new Date(clock.now().getTime() + 9 * day),
      });
      await ledger.credit({
        account,
        kind: 'grant',
        amount: 3,
        key: key('soon'),
        expiresAt: new Date(clock.now().getTime() + 2 * day),
      });
      expect(await restsOf(account)).toEqual([
        ['soon', 3],
        ['late', 2],
        ['purchase', 10],
      ]);
      const hold = await ledger.hold({ account, amount: 4, key: key('hold') });
      expect(await restsOf(account)).toEqual([
        ['soon', 0],
        ['late', 1],
        ['purchase', 10],
      ]);
      await ledger.release(hold);
      expect(await restsOf(account)).toEqual([
        ['soon', 3],
        ['late', 2],
        ['purchase', 10],
      ]);
    });

    it('are captured or released once: a capture is final, a released hold cannot be captured', async () => {
      const account = newAccount();
      await ledger.credit({ account, kind: 'purchase', amount: 5, key: key('purchase') });
      const captured = await ledger.hold({ account, amount: 1, key: key('hold') });
      expect((await ledger.capture(captured)).posted).toBe(true);
      expect((await ledger.capture(captured)).posted).toBe(false);
      await expect(ledger.release(captured)).rejects.toThrow(/a capture is final/);
      const released = await ledger.hold({ account, amount: 1, key: key('hold') });
      expect((await ledger.release(released)).posted).toBe(true);
      expect((await ledger.release(released)).posted).toBe(false);
      await expect(ledger.capture(released)).rejects.toThrow(HoldClosedError);
      expect((await ledger.balance(account)).total).toBe(4);
      expect(await ledger.openHolds(account)).toEqual([]);
    });

    it('are not captured after their lifetime: the balance stopped counting them', async () => {
      const account = newAccount();
      await ledger.credit({ account, kind: 'purchase', amount: 1, key: key('purchase') });
      const late = await ledger.hold({ account, amount: 1, key: key('hold') });
      clock.advance(ledgerPolicy.holdLifetimeMs);
      expect((await ledger.balance(account)).total).toBe(1);
      await expect(ledger.capture(late)).rejects.toThrow(/outlived its lifetime/);
      expect(await ledger.releaseStaleHolds()).toBeGreaterThanOrEqual(1);
      expect((await ledger.balance(account)).total).toBe(1);
    });

    it('let no balance go below zero, also for concurrent holds on a new account', async () => {
      const account = newAccount();
      await ledger.credit({ account, kind: 'purchase', amount: 3, key: key('purchase') });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, () => ledger.hold({ account, amount: 1, key: key('hold') })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
      expect((await ledger.balance(account)).total).toBe(0);
    });
  });

  describe('lots', () => {
    it('stop counting when they expire, and are written off once no hold is open on them', async () => {
      const account = newAccount();
      const soon = new Date(clock.now().getTime() + day);
      await ledger.credit({ account, kind: 'grant', amount: 5, key: key('grant'), expiresAt: soon });
      const purchase = key('purchase');
      await ledger.credit({ account, kind: 'purchase', amount: 2, key: purchase });
      const spent = await ledger.hold({ account, amount: 2, key: key('hold') });
      await ledger.capture(spent);
      const open = await ledger.hold({ account, amount: 1, key: key('hold') });
      clock.advance(day);
      expect(await restsOf(account)).toEqual([['purchase', 2]]);
      // The open hold's litre may still come back to the lot: the write-off waits for it.
      expect(await ledger.expireLots()).toBe(0);
      await ledger.release(open);
      expect((await ledger.balance(account)).total).toBe(2);
      expect(await ledger.expireLots()).toBe(1);
      expect(await ledger.expireLots()).toBe(0);
      // Written off (3 of the 5), the entries sum to the balance.
      expect(await entriesSum(purchase)).toBe(2);
    });

    it('refund at most what is left of a purchase, once per key', async () => {
      const account = newAccount();
      const purchase = key('purchase');
      await ledger.credit({ account, kind: 'purchase', amount: 10, key: purchase });
      await ledger.capture(await ledger.hold({ account, amount: 7, key: key('hold') }));
      await expect(ledger.refund({ lotKey: purchase, amount: 4, key: key('refund') })).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
      });
      const refund = key('refund');
      expect((await ledger.refund({ lotKey: purchase, amount: 3, key: refund })).posted).toBe(true);
      expect((await ledger.refund({ lotKey: purchase, amount: 3, key: refund })).posted).toBe(false);
      expect((await ledger.balance(account)).total).toBe(0);
    });

    it('take back what is left of a lot, at most an amount, once per key; an expired lot gives nothing', async () => {
      const account = newAccount();
      const purchase = key('purchase');
      await ledger.credit({ account, kind: 'purchase', amount: 10, key: purchase });
      await ledger.debit({ account, amount: 6, key: key('spent') });
      const back = key('refund');
      expect(await ledger.takeBack({ lotKey: purchase, key: back, atMost: 3 })).toEqual({
        credited: 10,
        taken: 3,
      });
      expect(await ledger.takeBack({ lotKey: purchase, key: back, atMost: 3 })).toEqual({
        credited: 10,
        taken: 3,
      });
      expect(await ledger.takeBack({ lotKey: purchase, key: key('refund') })).toEqual({
        credited: 10,
        taken: 1,
      });
      expect((await ledger.balance(account)).total).toBe(0);
      expect(await ledger.takeBack({ lotKey: key('never-posted'), key: key('refund') })).toEqual({
        credited: 0,
        taken: 0,
      });
      const expiring = key('grant');
      await ledger.credit({
        account,
        kind: 'grant',
        amount: 5,
        key: expiring,
        expiresAt: new Date(clock.now().getTime() + day),
      });
      clock.advance(2 * day);
      expect(await ledger.takeBack({ lotKey: expiring, key: key('refund') })).toEqual({
        credited: 5,
        taken: 0,
      });
    });

    it('debit at once: nothing is left open, the same key pays once, too little is refused', async () => {
      const account = newAccount('bonus_point');
      await ledger.credit({ account, kind: 'grant', amount: 10, key: key('grant') });
      const pay = key('pay');
      const debit = await ledger.debit({ account, amount: 6, key: pay });
      expect(await ledger.debit({ account, amount: 6, key: pay })).toEqual(debit);
      expect(await ledger.openHolds(account)).toEqual([]);
      expect((await ledger.balance(account)).total).toBe(4);
      await expect(ledger.debit({ account, amount: 5, key: key('pay') })).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
      });
      expect((await ledger.balance(account)).total).toBe(4);
    });
  });
});

describe('money', () => {
  it('is an integer count of minor units in a known currency', () => {
    expect(currencyMinorUnits).toMatchObject({ RUB: 2, USD: 2, EUR: 2, JPY: 0 });
    expect(moneySchema.parse({ amountMinor: 19_999, currency: 'RUB' })).toEqual({
      amountMinor: 19_999,
      currency: 'RUB',
    });
    expect(moneySchema.safeParse({ amountMinor: 199.99, currency: 'RUB' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 100, currency: 'XYZ' }).success).toBe(false);
  });
});
