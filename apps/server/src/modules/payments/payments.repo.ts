import { and, asc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { paymentEvents, paymentOptions, paymentRefunds, payments } from './payments.schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentOptionRow = typeof paymentOptions.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

/**
 * The reason of a refund that returns a second payment of an order already paid (two payment pages
 * of one order, both paid): the whole payment goes back, apart from the order's own refund.
 */
export const duplicatePaymentReason = 'duplicate payment of a paid order';

/** Payment options, payment attempts and provider events. */
export function createPaymentsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  return {
    async listOptions(): Promise<PaymentOptionRow[]> {
      return await db()
        .select()
        .from(paymentOptions)
        .orderBy(asc(paymentOptions.priority), asc(paymentOptions.id));
    },

    async insert(row: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [inserted] = await db().insert(payments).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },

    async find(id: string): Promise<PaymentRow | null> {
      const [row] = await db().select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    async findByProvider(provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
      const [row] = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },

    /**
     * The order's payments, locked for the rest of the transaction: two payments of one order that
     * lock them settle one after the other, and the second sees the first.
     */
    async lockOfOrder(orderId: string): Promise<PaymentRow[]> {
      return await db()
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(payments.createdAt))
        .for('update');
    },

    async ofOrder(orderId: string): Promise<PaymentRow[]> {
      return await db()
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(payments.createdAt));
    },

    async update(
      id: string,
      change: Partial<
        Pick<PaymentRow, 'status' | 'providerPaymentId' | 'failureReason' | 'paidAt' | 'updatedAt'>
      >,
    ): Promise<void> {
      await db().update(payments).set(change).where(eq(payments.id, id));
    },

    async insertRefund(row: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
      const [inserted] = await db().insert(paymentRefunds).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },

    /** The order's own refund (of what it left unused), not the return of a duplicate payment. */
    async refundOfOrder(orderId: string): Promise<RefundRow | null> {
      const [row] = await db()
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.orderId, orderId), ne(paymentRefunds.reason, duplicatePaymentReason)));
      return row ?? null;
    },

    /** Pending refunds no provider has taken yet, opened before `before`, oldest first. */
    unsentRefunds(before: Date, limit: number): Promise<RefundRow[]> {
      return db()
        .select()
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.status, 'pending'),
            isNull(paymentRefunds.providerRefundId),
            lt(paymentRefunds.createdAt, before),
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt))
        .limit(limit);
    },

    /** The refund by our id or, where the provider does not carry it back, by the provider's. */
    async lockRefund(
      by: { id: string } | { provider: string; providerRefundId: string },
    ): Promise<RefundRow | null> {
      const [row] = await db()
        .select()
        .from(paymentRefunds)
        .where(
          'id' in by
            ? eq(paymentRefunds.id, by.id)
            : and(
                eq(paymentRefunds.provider, by.provider),
                eq(paymentRefunds.providerRefundId, by.providerRefundId),
              ),
        )
        .for('update');
      return row ?? null;
    },

    async updateRefund(
      id: string,
      change: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'failureReason' | 'updatedAt'>>,
    ): Promise<RefundRow> {
      const [row] = await db()
        .update(paymentRefunds)
        .set(change)
        .where(eq(paymentRefunds.id, id))
        .returning();
      if (!row) throw new Error(`refund ${id} vanished`);
      return row;
    },

    /** Records a provider's event; false when it was recorded before (the same event again). */
    async recordEvent(row: typeof paymentEvents.$inferInsert): Promise<boolean> {
      const inserted = await db()
        .insert(paymentEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      return inserted.length > 0;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
