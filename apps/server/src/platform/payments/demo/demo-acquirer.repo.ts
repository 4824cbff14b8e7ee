import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/transactions.ts';
import { demoAcquirerPayments, demoAcquirerRefunds } from './demo-acquirer.schema.ts';

export type DemoPaymentRow = typeof demoAcquirerPayments.$inferSelect;
export type DemoRefundRow = typeof demoAcquirerRefunds.$inferSelect;
export type DemoPaymentStatus = DemoPaymentRow['status'];
type NewPayment = typeof demoAcquirerPayments.$inferInsert;

/**
 * The demo acquirer's SQL: its two tables, nothing else. It runs on the transaction in progress, if
 * any: on PGlite a query beside an open transaction would wait for it, and the payments module may
 * call the acquirer (a refund) from inside one.
 */
export function createDemoAcquirerRepo(transactor: Pick<Transactor, 'executor' | 'run'>) {
  const db = () => transactor.executor();
  return {
    /** Inserts unless the merchant's payment id is known; answers the row either way. */
    async openPayment(row: NewPayment): Promise<DemoPaymentRow> {
      await db().insert(demoAcquirerPayments).values(row).onConflictDoNothing();
      const found = await this.findByMerchantId(row.merchantPaymentId);
      if (!found) throw new Error('demo acquirer: the payment vanished after insert');
      return found;
    },

    async find(id: string): Promise<DemoPaymentRow | null> {
      const [row] = await db().select().from(demoAcquirerPayments).where(eq(demoAcquirerPayments.id, id));
      return row ?? null;
    },

    async findByMerchantId(merchantPaymentId: string): Promise<DemoPaymentRow | null> {
      const [row] = await db()
        .select()
        .from(demoAcquirerPayments)
        .where(eq(demoAcquirerPayments.merchantPaymentId, merchantPaymentId));
      return row ?? null;
    },

    /**
     * Moves a payment on only from one of the given states: a conditional update, so two clicks
     * racing each other move it once. Null when it was no longer in one of them.
     */
    async transition(
      id: string,
      from: DemoPaymentStatus[],
      change: Partial<Omit<NewPayment, 'id'>> & { updatedAt: Date },
    ): Promise<DemoPaymentRow | null> {
      const [row] = await db()
        .update(demoAcquirerPayments)
        .set(change)
        .where(and(eq(demoAcquirerPayments.id, id), inArray(demoAcquirerPayments.status, from)))
        .returning();
      return row ?? null;
    },

    async findRefund(id: string): Promise<DemoRefundRow | null> {
      const [row] = await db().select().from(demoAcquirerRefunds).where(eq(demoAcquirerRefunds.id, id));
      return row ?? null;
    },

    async findRefundByMerchantId(merchantRefundId: string): Promise<DemoRefundRow | null> {
      const [row] = await db()
        .select()
        .from(demoAcquirerRefunds)
        .where(eq(demoAcquirerRefunds.merchantRefundId, merchantRefundId));
      return row ?? null;
    },

    /**
     * Records a refund if what was paid less what was refunded covers it. The payment row is locked
     * first, so two refunds at once cannot both fit into the same remainder.
     */
    async refund(input: {
      id: string;
      paymentId: string;
      merchantRefundId: string;
      amountMinor: number;
      createdAt: Date;
    }): Promise<RefundOutcome> {
      return transactor.run(async (): Promise<RefundOutcome> => {
        const tx = db();
        const [payment] = await tx
          .select()
          .from(demoAcquirerPayments)
          .where(eq(demoAcquirerPayments.id, input.paymentId))
          .for('update');
        if (payment?.status !== 'paid') return { kind: 'not_paid' };
        const [existing] = await tx
          .select()
          .from(demoAcquirerRefunds)
          .where(eq(demoAcquirerRefunds.merchantRefundId, input.merchantRefundId));
        if (existing) return { kind: 'existing', refund: existing };
        const [sum] = await tx
          .select({ refunded: sql<string>`coalesce(sum(${demoAcquirerRefunds.amountMinor}), 0)` })
          .from(demoAcquirerRefunds)
          .where(
            and(eq(demoAcquirerRefunds.paymentId, payment.id), eq(demoAcquirerRefunds.status, 'succeeded')),
          );
        if (Number(sum?.refunded ?? 0) + input.amountMinor > payment.amountMinor)
          return { kind: 'over_refund' };
        const [refund] = await tx
          .insert(demoAcquirerRefunds)
          .values({ ...input, status: 'succeeded' })
          .returning();
        return { kind: 'created', refund: refund! };
      });
    },
  };
}

type RefundOutcome =
  | { kind: 'created' | 'existing'; refund: DemoRefundRow }
  | { kind: 'over_refund' | 'not_paid' };

export type DemoAcquirerRepo = ReturnType<typeof createDemoAcquirerRepo>;
