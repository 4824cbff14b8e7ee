import { and, asc, count, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { invoiceCounters, invoices, orderItems, orders, type StoredOrderStatus } from './orders.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export interface OrderListQuery {
  userId: string;
  statuses?: StoredOrderStatus[];
  search?: string;
  newestFirst: boolean;
  skip: number;
  limit: number;
}

/** Orders, their lines and invoices; every read by a user is narrowed to that user's orders. */
export function createOrdersRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  function listWhere(query: OrderListQuery): SQL | undefined {
    const words = query.search?.trim();
    return and(
      eq(orders.userId, query.userId),
      eq(orders.deleted, false),
      query.statuses?.length ? inArray(orders.status, query.statuses) : undefined,
      words
        ? or(
            sql`${orders.number}::text = ${words.replace(/^#/, '')}`,
            exists(
              db()
                .select({ one: sql`1` })
                .from(orderItems)
                .where(
                  and(
                    eq(orderItems.orderId, orders.id),
                    sql`${orderItems.name}::text ilike ${`%${words.replace(/[%_\\]/g, '\\$&')}%`}`,
                  ),
                ),
            ),
          )
        : undefined,
    );
  }

  return {
    async insert(
      order: typeof orders.$inferInsert,
      items: Array<typeof orderItems.$inferInsert>,
    ): Promise<OrderRow> {
      const [row] = await db().insert(orders).values(order).returning();
      if (!row) throw new Error('insert returned nothing');
      if (items.length > 0) await db().insert(orderItems).values(items);
      return row;
    },

    /** The user's order (null for another user's: it is not theirs to see). */
    async findOwn(userId: string, id: string): Promise<OrderRow | null> {
      const [row] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)));
      return row ?? null;
    },

    async find(id: string): Promise<OrderRow | null> {
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    async lock(id: string): Promise<OrderRow | null> {
      const [row] = await db().select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    async itemsOf(orderIds: string[]): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return [];
      return await db()
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position));
    },

    async list(query: OrderListQuery): Promise<OrderRow[]> {
      const direction = query.newestFirst ? desc : asc;
      return await db()
        .select()
        .from(orders)
        .where(listWhere(query))
        .orderBy(direction(orders.placedAt), direction(orders.number))
        .offset(query.skip)
        .limit(query.limit);
    },

    async count(query: OrderListQuery): Promise<number> {
      const [row] = await db().select({ total: count() }).from(orders).where(listWhere(query));
      return row?.total ?? 0;
    },

    async update(
      id: string,
      change: Partial<
        Pick<
          OrderRow,
          | 'status'
          | 'paidAt'
          | 'fulfilledAt'
          | 'cancelledAt'
          | 'refundedAt'
          | 'refundMinor'
          | 'paymentOptionId'
          | 'promoCode'
          | 'deleted'
          | 'updatedAt'
        >
      >,
    ): Promise<void> {
      await db().update(orders).set(change).where(eq(orders.id, id));
    },

    /**
     * Writes the order's invoice with the next number of the year. The counter row is updated in
     * the transaction in progress, so numbers are taken one after another and a transaction that
     * fails gives its number back: no gaps.
     */
    async issueInvoice(input: { id: string; orderId: string; issuedAt: Date }): Promise<InvoiceRow> {
      const year = input.issuedAt.getUTCFullYear();
      const [counter] = await db()
        .insert(invoiceCounters)
        .values({ year, lastNumber: 1 })
        .onConflictDoUpdate({
          target: invoiceCounters.year,
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning();
      if (!counter) throw new Error('invoice counter returned nothing');
      const [row] = await db()
        .insert(invoices)
        .values({
          id: input.id,
          orderId: input.orderId,
          year,
          sequence: counter.lastNumber,
          issuedAt: input.issuedAt,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async invoicesOf(orderIds: string[]): Promise<InvoiceRow[]> {
      if (orderIds.length === 0) return [];
      return await db().select().from(invoices).where(inArray(invoices.orderId, orderIds));
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
