import { and, asc, eq } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { paymentEvents, paymentOptions, payments } from './payments.schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentOptionRow = typeof paymentOptions.$inferSelect;

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

    /** The payment, locked for the rest of the transaction: its settlements run one after another. */
    async lock(id: string): Promise<PaymentRow | null> {
      const [row] = await db().select().from(payments).where(eq(payments.id, id)).for('update');
      return row ?? null;
    },

    async findByProvider(provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
      const [row] = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row ?? null;
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
