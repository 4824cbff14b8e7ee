import { randomUUID } from 'node:crypto';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import type { LedgerDraw, LedgerEntry, LedgerRepo, LiveLot } from './ledger.repo.ts';
import type { LedgerUnit } from './ledger.schema.ts';

export type { LedgerEntry, LiveLot } from './ledger.repo.ts';
export type { LedgerUnit };

export const ledgerPolicy = {
  /**
   * A hold older than this belongs to a request whose process died: it no longer counts, and
   * `releaseStaleHolds` releases it. A hold covers one engine run only (taken after the image is
   * read, captured or released when the run ends): at most a full queue of 16 images at ~2.6 s for
   * 12 MP, under a minute, and the server's request deadline is 120 s (`requestTimeout` in app.ts,
   * which bounds the upload before it). 5 minutes is more than twice either, and a litre lost with
   * a process comes back within 6 minutes (the release runs every minute).
   */
  holdLifetimeMs: 5 * 60_000,
  /**
   * How far back `expireLots` looks for lots to write off. It runs every hour, so only a server down
   * for longer leaves a lot unwritten; the balance never counts an expired lot either way.
   */
  writeOffWindowMs: 31 * 24 * 3_600_000,
};

/** One balance: a user's litres, bonus points, or money in one currency. */
export interface LedgerAccount {
  userId: string;
  unit: LedgerUnit;
}

/** What posting an event answered: its entry, and whether this call posted it (false: it was there). */
export interface Posting {
  entry: LedgerEntry;
  posted: boolean;
}

export interface LedgerBalance {
  total: number;
  /** The credit lots that count, soonest to expire first. */
  lots: LiveLot[];
}

/** The kinds of credit `credit` posts; each becomes a lot. */
export type CreditKind = 'grant' | 'purchase' | 'adjustment';

/** A key posted again for another event: a bug in the caller, never bad user input. */
export class LedgerKeyConflict extends Error {
  constructor(readonly key: string) {
    super(`ledger key ${key} was already posted for another event`);
    this.name = 'LedgerKeyConflict';
  }
}

/** A capture or release of a hold that is already closed the other way. */
export class HoldClosedError extends Error {
  constructor(
    readonly holdId: string,
    readonly state: 'captured' | 'released' | 'stale',
  ) {
    super(
      state === 'captured'
        ? `hold ${holdId} was captured: a capture is final`
        : state === 'released'
          ? `hold ${holdId} was released before it was settled`
          : `hold ${holdId} outlived its lifetime: it counts as released before it was settled`,
    );
    this.name = 'HoldClosedError';
  }
}

const sum = (lots: LiveLot[]) => lots.reduce((total, lot) => total + lot.rest, 0);

function assertPositive(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`a ledger amount must be a positive integer: ${amount}`);
}

/** Takes `amount` from the lots in their order (soonest to expire first): the draws of a debit. */
function drawFrom(lots: LiveLot[], amount: number): LedgerDraw[] {
  const draws: LedgerDraw[] = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.rest, left);
    if (take <= 0) continue;
    draws.push({ lotId: lot.id, amount: -take });
    left -= take;
  }
  return draws;
}

/**
 * The ledger: every balance of the product as append-only entries. Credits are lots; debits draw
 * from lots, soonest to expire first, on a locked account so that no balance goes below zero; every
 * event posts once under its natural key. README.md beside this file has the rules.
 */
export function createLedgerService(deps: { repo: LedgerRepo; transactor: Transactor; now: () => Date }) {
  const { repo, transactor } = deps;
  const staleBefore = () => new Date(deps.now().getTime() - ledgerPolicy.holdLifetimeMs);

  const ensureAccount = (account: LedgerAccount) =>
    repo.ensureAccount({ id: randomUUID(), ...account, createdAt: deps.now() });

  /** The entry already posted under a key, when it is the same event. */
  function replay(
    existing: LedgerEntry,
    expected: Pick<LedgerEntry, 'accountId' | 'kind' | 'amount'>,
  ): Posting {
    if (
      existing.accountId !== expected.accountId ||
      existing.kind !== expected.kind ||
      existing.amount !== expected.amount
    ) {
      throw new LedgerKeyConflict(existing.key);
    }
    return { entry: existing, posted: false };
  }

  async function post(
    entry: Omit<LedgerEntry, 'id' | 'createdAt'>,
    draws: LedgerDraw[] = [],
  ): Promise<Posting> {
    const inserted = await repo.insertEntry({ ...entry, id: randomUUID(), createdAt: deps.now() }, draws);
    if (inserted) return { entry: inserted, posted: true };
    const existing = await repo.entryByKey(entry.key);
    if (!existing) throw new Error(`ledger key ${entry.key} is taken and not found`);
    return replay(existing, entry);
  }

  async function close(holdId: string, kind: 'capture' | 'release'): Promise<Posting> {
    return transactor.run(async () => {
      const hold = await repo.entryById(holdId);
      if (hold?.kind !== 'hold') throw new Error(`ledger entry ${holdId} is not a hold`);
      await repo.lockAccount(hold.accountId);
      const closing = await repo.closingOf(hold.id);
      if (closing?.kind === kind) return { entry: closing, posted: false };
      if (closing) throw new HoldClosedError(hold.id, closing.kind === 'capture' ? 'captured' : 'released');
      // A stale hold no longer counts in the balance, so its litres may have been spent again.
      if (kind === 'capture' && hold.createdAt <= staleBefore()) throw new HoldClosedError(hold.id, 'stale');
      const draws =
        kind === 'release'
          ? (await repo.drawsOf(hold.id)).map((draw) => ({ lotId: draw.lotId, amount: -draw.amount }))
          : [];
      return post(
        {
          accountId: hold.accountId,
          kind,
          amount: kind === 'release' ? -hold.amount : 0,
          key: `${kind}:${hold.id}`,
          holdId: hold.id,
          expiresAt: null,
        },
        draws,
      );
    });
  }

  const service = {
    /** The sum of the account's live lots; zero for an account never used. */
    async balance(account: LedgerAccount): Promise<LedgerBalance> {
      const accountId = await repo.findAccount(account);
      if (!accountId) return { total: 0, lots: [] };
      const lots = await repo.liveLots({ accountId, now: deps.now(), staleBefore: staleBefore() });
      return { total: sum(lots), lots };
    },

    /**
     * What moved the account, newest first, as its owner reads a statement: credits in, captured
     * holds out, open holds as pending, released holds left out (nothing was taken).
     */
    async statement(
      account: LedgerAccount,
      limit = 100,
    ): Promise<Array<{ id: string; key: string; amount: number; pending: boolean; createdAt: Date }>> {
      const accountId = await repo.findAccount(account);
      if (!accountId) return [];
      const entries = await repo.statement(accountId, limit);
      return entries.flatMap((entry) => {
        if (entry.kind === 'hold' && entry.closedAs === 'release') return [];
        const out = entry.kind === 'hold' || entry.kind === 'refund' || entry.kind === 'expiry';
        return [
          {
            id: entry.id,
            key: entry.key,
            amount: out ? -Math.abs(entry.amount) : entry.amount,
            pending: entry.kind === 'hold' && entry.closedAs === null,
            createdAt: entry.createdAt,
          },
        ];
      });
    },

    /** The account's holds that were neither captured nor released (stale ones too). */
    async openHolds(account: LedgerAccount): Promise<LedgerEntry[]> {
      const accountId = await repo.findAccount(account);
      return accountId ? repo.openHolds({ accountId }) : [];
    },

    /** Adds a lot once per key: posting the same event again answers the entry it posted. */
    async credit(input: {
      account: LedgerAccount;
      kind: CreditKind;
      amount: number;
      key: string;
      expiresAt?: Date | null;
    }): Promise<Posting> {
      assertPositive(input.amount);
      return transactor.run(async () => {
        // Most credits are posted again (the monthly grant, on every balance read): look first.
        const existing = await repo.entryByKey(input.key);
        if (existing) {
          const accountId = (await repo.findAccount(input.account)) ?? '';
          return replay(existing, { accountId, kind: input.kind, amount: input.amount });
        }
        return post({
          accountId: await ensureAccount(input.account),
          kind: input.kind,
          amount: input.amount,
          key: input.key,
          holdId: null,
          expiresAt: input.expiresAt ?? null,
        });
      });
    },

    /**
     * Holds `amount` for a charge in flight, from the lots soonest to expire first, or refuses with
     * INSUFFICIENT_BALANCE. The account's row is locked, so concurrent holds are counted one after
     * another. Holding the same key again answers the first hold.
     */
    async hold(input: { account: LedgerAccount; amount: number; key: string }): Promise<LedgerEntry> {
      assertPositive(input.amount);
      return transactor.run(async () => {
        const accountId = await ensureAccount(input.account);
        await repo.lockAccount(accountId);
        const existing = await repo.entryByKey(input.key);
        if (existing) return replay(existing, { accountId, kind: 'hold', amount: -input.amount }).entry;
        const lots = await repo.liveLots({ accountId, now: deps.now(), staleBefore: staleBefore() });
        const balance = sum(lots);
        if (balance < input.amount) {
          throw new DomainError('INSUFFICIENT_BALANCE', { details: { balance, cost: input.amount } });
        }
        const posting = await post(
          { accountId, kind: 'hold', amount: -input.amount, key: input.key, holdId: null, expiresAt: null },
          drawFrom(lots, input.amount),
        );
        return posting.entry;
      });
    },

    /**
     * Takes `amount` for good at once (a payment from the account, points spent): a hold and its
     * capture in one transaction, so nothing is left open. INSUFFICIENT_BALANCE when the account
     * holds less; the same key again answers the first debit.
     */
    async debit(input: { account: LedgerAccount; amount: number; key: string }): Promise<LedgerEntry> {
      return transactor.run(async () => {
        const hold = await service.hold(input);
        await service.capture(hold);
        return hold;
      });
    },

    /** Makes a hold final. Refuses a hold that was released, or that outlived its lifetime. */
    capture: (hold: { id: string }) => close(hold.id, 'capture'),

    /** Gives a hold's amount back to the lots it drew from. Refuses a captured hold: a capture is final. */
    release: (hold: { id: string }) => close(hold.id, 'release'),

    /**
     * Releases the holds older than `holdLifetimeMs` that were neither captured nor released: their
     * requests died with a process. Answers how many it released.
     */
    async releaseStaleHolds(): Promise<number> {
      let released = 0;
      for (const hold of await repo.openHolds({ createdBy: staleBefore() })) {
        try {
          if ((await close(hold.id, 'release')).posted) released += 1;
        } catch (error) {
          // Closed since it was listed (captured just in time): nothing to give back.
          if (!(error instanceof HoldClosedError)) throw error;
        }
      }
      return released;
    },

    /**
     * Gives back part of a purchase to its payer: drawn from that purchase's lot, at most what is
     * left of it (what was spent cannot be refunded). Once per key.
     */
    async refund(input: { lotKey: string; amount: number; key: string }): Promise<Posting> {
      assertPositive(input.amount);
      const lot = await repo.entryByKey(input.lotKey);
      if (!lot || lot.amount <= 0 || !['grant', 'purchase', 'adjustment'].includes(lot.kind)) {
        throw new Error(`ledger key ${input.lotKey} is not a credit lot`);
      }
      return transactor.run(async () => {
        await repo.lockAccount(lot.accountId);
        const existing = await repo.entryByKey(input.key);
        if (existing)
          return replay(existing, { accountId: lot.accountId, kind: 'refund', amount: -input.amount });
        const lots = await repo.liveLots({
          accountId: lot.accountId,
          now: deps.now(),
          staleBefore: staleBefore(),
        });
        const rest = lots.find((live) => live.id === lot.id)?.rest ?? 0;
        if (rest < input.amount) {
          throw new DomainError('INSUFFICIENT_BALANCE', { details: { balance: rest, cost: input.amount } });
        }
        return post(
          {
            accountId: lot.accountId,
            kind: 'refund',
            amount: -input.amount,
            key: input.key,
            holdId: null,
            expiresAt: null,
          },
          [{ lotId: lot.id, amount: -input.amount }],
        );
      });
    },

    /**
     * The refund of what a credit gave: takes back what is left of the lot posted under `lotKey`
     * (what was spent stays spent), once per `key`. Answers what the lot credited and what was taken
     * back; a retried take-back answers the same; a lot never posted answers zeros. `atMost` bounds
     * what is taken (a partial refund takes back part of the points an order earned).
     */
    async takeBack(input: {
      lotKey: string;
      key: string;
      atMost?: number;
    }): Promise<{ credited: number; taken: number }> {
      const lot = await repo.entryByKey(input.lotKey);
      if (!lot) return { credited: 0, taken: 0 };
      if (lot.amount <= 0 || !['grant', 'purchase', 'adjustment'].includes(lot.kind)) {
        throw new Error(`ledger key ${input.lotKey} is not a credit lot`);
      }
      return transactor.run(async () => {
        await repo.lockAccount(lot.accountId);
        const existing = await repo.entryByKey(input.key);
        if (existing) return { credited: lot.amount, taken: -existing.amount };
        const { rest } = await repo.lotRest(lot.id);
        // An expired lot is not live: nothing of it can be spent or taken back.
        const live = lot.expiresAt === null || lot.expiresAt > deps.now();
        const taken = live ? Math.max(0, Math.min(rest, input.atMost ?? rest)) : 0;
        if (taken > 0) {
          await post(
            {
              accountId: lot.accountId,
              kind: 'refund',
              amount: -taken,
              key: input.key,
              holdId: null,
              expiresAt: null,
            },
            [{ lotId: lot.id, amount: -taken }],
          );
        }
        return { credited: lot.amount, taken };
      });
    },

    /**
     * Moves what is left of the account's live lots whose key starts with `keyPrefix` into one new
     * lot that expires at `expiresAt` (null: never): a subscription's litres roll over into its next
     * term this way. An `adjustment` draws the rests from the old lots and a `purchase` keyed `key`
     * holds them; both post once (the adjustment is keyed `<key>:from`). Answers the litres moved.
     * What an open hold took from an old lot is not moved: a release gives it back to that lot.
     */
    async carryOver(input: {
      account: LedgerAccount;
      keyPrefix: string;
      expiresAt: Date | null;
      key: string;
      /** Counts the lots live at this moment (before now): a term renewed late still rolls over. */
      asOf?: Date;
    }): Promise<number> {
      return transactor.run(async () => {
        const accountId = await repo.findAccount(input.account);
        if (!accountId) return 0;
        await repo.lockAccount(accountId);
        const moved = await repo.entryByKey(input.key);
        if (moved) return moved.amount;
        const lots = (
          await repo.liveLots({ accountId, now: input.asOf ?? deps.now(), staleBefore: staleBefore() })
        ).filter((lot) => lot.key.startsWith(input.keyPrefix) && lot.rest > 0);
        const amount = sum(lots);
        if (amount === 0) return 0;
        await post(
          {
            accountId,
            kind: 'adjustment',
            amount: -amount,
            key: `${input.key}:from`,
            holdId: null,
            expiresAt: null,
          },
          lots.map((lot) => ({ lotId: lot.id, amount: -lot.rest })),
        );
        await post({
          accountId,
          kind: 'purchase',
          amount,
          key: input.key,
          holdId: null,
          expiresAt: input.expiresAt,
        });
        return amount;
      });
    },

    /**
     * Writes off what is left of each lot that expired, with an `expiry` entry drawn from it, so that
     * the entries of an account sum to its balance. A lot with an open hold waits until the hold is
     * closed: a release gives back to it first. Answers how many lots it wrote off.
     */
    async expireLots(): Promise<number> {
      const now = deps.now();
      const since = new Date(now.getTime() - ledgerPolicy.writeOffWindowMs);
      let written = 0;
      for (const lot of await repo.expiredLots({ since, now })) {
        const posting = await transactor.run(async () => {
          await repo.lockAccount(lot.accountId);
          const { rest, openHolds } = await repo.lotRest(lot.id);
          if (openHolds > 0 || rest <= 0) return null;
          return post(
            {
              accountId: lot.accountId,
              kind: 'expiry',
              amount: -rest,
              key: `expiry:${lot.id}`,
              holdId: null,
              expiresAt: null,
            },
            [{ lotId: lot.id, amount: -rest }],
          );
        });
        if (posting?.posted) written += 1;
      }
      return written;
    },
  };
  return service;
}

export type LedgerService = ReturnType<typeof createLedgerService>;
