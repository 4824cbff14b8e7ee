import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { DomainError } from '../../platform/errors.ts';
import { users } from '../users/users.schema.ts';
import { litreEntries } from './billing.schema.ts';

export const billingPolicy = {
  freeLitresPerMonth: 5,
  /**
   * A hold older than this belongs to a request whose process died: it no longer counts, and
   * `releaseStaleHolds` deletes it. A hold covers one engine run only (taken after the image is
   * read, settled or released when the run ends): at most a full queue of 16 images at ~2.6 s for
   * 12 MP, under a minute, and the server's request deadline is 120 s (`requestTimeout` in app.ts,
   * which bounds the upload before it). 5 minutes is more than twice either, and a litre lost with
   * a process comes back within 6 minutes (the release runs every minute).
   */
  holdLifetimeMs: 5 * 60_000,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An account as the free grant judges it. */
export interface LitreHolder {
  id: string;
  anonymous: boolean;
  emailVerified: boolean;
  phoneNumberVerified: boolean;
}

/**
 * The monthly free litres go only to accounts with a verified e-mail or phone: an anonymous account
 * (made for a checkout, SPEC §4) or an unverified one costs nothing to make, so it gets none.
 */
export const freeLitresFor = (holder: LitreHolder): number =>
  !holder.anonymous && (holder.emailVerified || holder.phoneNumberVerified)
    ? billingPolicy.freeLitresPerMonth
    : 0;

export interface LitreBalance {
  free: number;
  paid: number;
  total: number;
}

/** The calendar month of a moment, in UTC: the period of free litres. */
export const periodOf = (moment: Date): string => moment.toISOString().slice(0, 7);

/** The litre ledger: balances, holds for charges in flight, settlement and idempotent credits. */
export function createBillingService(deps: { db: Db; now: () => Date }) {
  async function balanceIn(tx: Db | Tx, holder: LitreHolder): Promise<LitreBalance> {
    const userId = holder.id;
    const now = deps.now();
    const period = periodOf(now);
    const liveHold = new Date(now.getTime() - billingPolicy.holdLifetimeMs);
    const [row] = await tx
      .select({
        free: sql<number>`coalesce(sum(${litreEntries.quantity}) filter (where ${litreEntries.bucket} = 'free' and ${litreEntries.period} = ${period}), 0)::int`,
        paid: sql<number>`coalesce(sum(${litreEntries.quantity}) filter (where ${litreEntries.bucket} = 'paid'), 0)::int`,
      })
      .from(litreEntries)
      .where(
        and(
          eq(litreEntries.userId, userId),
          or(
            eq(litreEntries.state, 'done'),
            and(eq(litreEntries.state, 'held'), gt(litreEntries.createdAt, liveHold)),
          ),
        ),
      );
    const free = Math.max(0, freeLitresFor(holder) + Number(row?.free ?? 0));
    const paid = Math.max(0, Number(row?.paid ?? 0));
    return { free, paid, total: free + paid };
  }

  return {
    balance: (holder: LitreHolder) => balanceIn(deps.db, holder),

    /** The partner actions of store info: one per bucket, their quantities summing to the balance. */
    async partnerActions(holder: LitreHolder) {
      const balance = await balanceIn(deps.db, holder);
      return [
        { id: `free-${periodOf(deps.now())}`, quantity: balance.free },
        { id: 'paid', quantity: balance.paid },
      ];
    },

    /**
     * Holds `cost` litres for a charge in flight, free ones first. The user's row is locked, so
     * that concurrent charges are counted one after another and never go below zero.
     */
    async hold(input: { user: LitreHolder; cost: number; reason: string }): Promise<string[]> {
      const userId = input.user.id;
      return deps.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const balance = await balanceIn(tx, input.user);
        if (balance.total < input.cost) {
          throw new DomainError('INSUFFICIENT_BALANCE', {
            details: { balance: balance.total, cost: input.cost },
          });
        }
        const fromFree = Math.min(balance.free, input.cost);
        const parts = [
          { bucket: 'free', period: periodOf(deps.now()), quantity: fromFree },
          { bucket: 'paid', period: null, quantity: input.cost - fromFree },
        ].filter((part) => part.quantity > 0);
        const ids: string[] = [];
        for (const part of parts) {
          const id = randomUUID();
          ids.push(id);
          await tx.insert(litreEntries).values({
            id,
            userId,
            bucket: part.bucket,
            period: part.period,
            quantity: -part.quantity,
            state: 'held',
            reason: input.reason,
            createdAt: deps.now(),
          });
        }
        return ids;
      });
    },

    /** Turns a hold into a charge, in the same transaction as `record` writes the result. */
    async settle(holdIds: string[], record: (tx: Tx) => Promise<void>): Promise<void> {
      await deps.db.transaction(async (tx) => {
        for (const id of holdIds) {
          const settled = await tx
            .update(litreEntries)
            .set({ state: 'done' })
            .where(eq(litreEntries.id, id))
            .returning({ id: litreEntries.id });
          // Released as stale: the charge ran past the hold's lifetime. No result without its charge.
          if (settled.length === 0) throw new Error(`litre hold ${id} was released before it was settled`);
        }
        await record(tx);
      });
    },

    /** Gives held litres back: the processing failed, nothing is charged. */
    async release(holdIds: string[]): Promise<void> {
      for (const id of holdIds) {
        await deps.db
          .delete(litreEntries)
          .where(and(eq(litreEntries.id, id), eq(litreEntries.state, 'held')));
      }
    },

    /**
     * Gives back the holds older than `holdLifetimeMs`: their requests died with a process before
     * settling or releasing them. Answers how many entries it deleted.
     */
    async releaseStaleHolds(): Promise<number> {
      const staleBefore = new Date(deps.now().getTime() - billingPolicy.holdLifetimeMs);
      const released = await deps.db
        .delete(litreEntries)
        .where(and(eq(litreEntries.state, 'held'), lte(litreEntries.createdAt, staleBefore)))
        .returning({ id: litreEntries.id });
      return released.length;
    },

    /** Adds bought litres once per reference: crediting the same payment twice credits once. */
    async credit(input: {
      userId: string;
      quantity: number;
      reason: string;
      reference: string;
    }): Promise<boolean> {
      const inserted = await deps.db
        .insert(litreEntries)
        .values({
          id: randomUUID(),
          userId: input.userId,
          bucket: 'paid',
          quantity: input.quantity,
          state: 'done',
          reason: input.reason,
          reference: input.reference,
          createdAt: deps.now(),
        })
        .onConflictDoNothing()
        .returning({ id: litreEntries.id });
      return inserted.length > 0;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
