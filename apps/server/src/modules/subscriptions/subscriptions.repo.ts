import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import {
  subscriptionPlanOptions,
  subscriptionPlanOptionValues,
  subscriptionPlanPeriods,
  subscriptionPlans,
  subscriptions,
  subscriptionTerms,
  type ValidityPeriod,
} from './subscriptions.schema.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PlanPeriodRow = typeof subscriptionPlanPeriods.$inferSelect;
export type PlanOptionRow = typeof subscriptionPlanOptions.$inferSelect;
export type PlanOptionValueRow = typeof subscriptionPlanOptionValues.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionTermRow = typeof subscriptionTerms.$inferSelect;

/** A plan with its prices and option values. */
export interface PlanRecord extends PlanRow {
  periods: PlanPeriodRow[];
  values: PlanOptionValueRow[];
}

const live = inArray(subscriptions.state, ['active', 'cancelled']);

/** The plans' and subscriptions' SQL, on the transaction in progress. */
export function createSubscriptionsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  async function withDetails(plans: PlanRow[]): Promise<PlanRecord[]> {
    if (plans.length === 0) return [];
    const ids = plans.map((plan) => plan.id);
    const [periods, values] = await Promise.all([
      db().select().from(subscriptionPlanPeriods).where(inArray(subscriptionPlanPeriods.planId, ids)),
      db()
        .select()
        .from(subscriptionPlanOptionValues)
        .where(inArray(subscriptionPlanOptionValues.planId, ids)),
    ]);
    return plans.map((plan) => ({
      ...plan,
      periods: periods.filter((period) => period.planId === plan.id),
      values: values.filter((value) => value.planId === plan.id),
    }));
  }

  return {
    /** The plans on sale, smallest first. */
    async activePlans(): Promise<PlanRecord[]> {
      const plans = await db()
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.active, true))
        .orderBy(asc(subscriptionPlans.priority), asc(subscriptionPlans.litresPerMonth));
      return withDetails(plans);
    },

    /** Plans by id, on sale or not (a subscription keeps a plan taken off sale). */
    async plansByIds(ids: string[]): Promise<PlanRecord[]> {
      if (ids.length === 0) return [];
      return withDetails(
        await db().select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, ids)),
      );
    },

    async plansByProductIds(productIds: string[]): Promise<PlanRecord[]> {
      if (productIds.length === 0) return [];
      return withDetails(
        await db().select().from(subscriptionPlans).where(inArray(subscriptionPlans.productId, productIds)),
      );
    },

    async options(): Promise<PlanOptionRow[]> {
      return db().select().from(subscriptionPlanOptions).orderBy(asc(subscriptionPlanOptions.priority));
    },

    /** The user's active or cancelled subscription; locked for the transaction when asked. */
    async liveOf(userId: string, lock = false): Promise<SubscriptionRow | null> {
      const query = db()
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), live));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async byId(id: string, lock = false): Promise<SubscriptionRow | null> {
      const query = db().select().from(subscriptions).where(eq(subscriptions.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insert(row: typeof subscriptions.$inferInsert): Promise<void> {
      await db().insert(subscriptions).values(row);
    },

    async update(id: string, patch: Partial<typeof subscriptions.$inferInsert>): Promise<SubscriptionRow> {
      const [row] = await db().update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
      if (!row) throw new Error(`subscription ${id} is gone`);
      return row;
    },

    /** Writes a term unless its key was written: answers whether this call wrote it. */
    async insertTerm(row: typeof subscriptionTerms.$inferInsert): Promise<boolean> {
      const inserted = await db()
        .insert(subscriptionTerms)
        .values(row)
        .onConflictDoNothing({ target: subscriptionTerms.key })
        .returning({ id: subscriptionTerms.id });
      return inserted.length > 0;
    },

    async termByKey(key: string): Promise<SubscriptionTermRow | null> {
      const [row] = await db().select().from(subscriptionTerms).where(eq(subscriptionTerms.key, key));
      return row ?? null;
    },

    /** Live subscriptions with an accrual due by `now`. */
    async dueAccruals(now: Date): Promise<string[]> {
      const rows = await db()
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(live, isNotNull(subscriptions.nextAccrualAt), lte(subscriptions.nextAccrualAt, now)))
        .orderBy(asc(subscriptions.nextAccrualAt));
      return rows.map((row) => row.id);
    },

    /** Live subscriptions whose paid term has ended by `now`. */
    async dueTermEnds(now: Date): Promise<string[]> {
      const rows = await db()
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(live, isNotNull(subscriptions.paidUntil), lte(subscriptions.paidUntil, now)))
        .orderBy(asc(subscriptions.paidUntil));
      return rows.map((row) => row.id);
    },
  };
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
export type { ValidityPeriod };
