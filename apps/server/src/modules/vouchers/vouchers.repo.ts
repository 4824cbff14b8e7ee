import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { vouchers } from './vouchers.schema.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

/** The vouchers table, on the transaction in progress. */
export function createVouchersRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  return {
    /** Inserts the voucher unless one with its issue key exists; answers the one kept. */
    async insertOnce(row: typeof vouchers.$inferInsert): Promise<VoucherRow> {
      const [inserted] = await db().insert(vouchers).values(row).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const [kept] = await db().select().from(vouchers).where(eq(vouchers.issueKey, row.issueKey));
      if (!kept) throw new Error(`voucher ${row.issueKey}: neither inserted nor found (a code clash)`);
      return kept;
    },

    /** The code, locked for the rest of the transaction: two applies of one code run one after another. */
    async lockByCode(code: string): Promise<VoucherRow | null> {
      const [row] = await db().select().from(vouchers).where(eq(vouchers.code, code)).for('update');
      return row ?? null;
    },

    async find(id: string): Promise<VoucherRow | null> {
      const [row] = await db().select().from(vouchers).where(eq(vouchers.id, id));
      return row ?? null;
    },

    async update(id: string, patch: Partial<typeof vouchers.$inferInsert>): Promise<VoucherRow> {
      const [row] = await db().update(vouchers).set(patch).where(eq(vouchers.id, id)).returning();
      if (!row) throw new Error(`voucher ${id} vanished`);
      return row;
    },

    /** The codes a user bought or applied, newest first. */
    async listOf(userId: string): Promise<VoucherRow[]> {
      return db()
        .select()
        .from(vouchers)
        .where(or(eq(vouchers.buyerId, userId), eq(vouchers.redeemedBy, userId)))
        .orderBy(desc(vouchers.createdAt), desc(vouchers.issueKey));
    },

    /** The codes issued for an order line, locked: a refund voids them while no apply runs. */
    async lockOfOrderItem(orderItemId: string): Promise<VoucherRow[]> {
      return db()
        .select()
        .from(vouchers)
        .where(eq(vouchers.orderItemId, orderItemId))
        .orderBy(vouchers.issueKey)
        .for('update');
    },

    async ofOrderItems(orderItemIds: string[]): Promise<VoucherRow[]> {
      if (orderItemIds.length === 0) return [];
      return db()
        .select()
        .from(vouchers)
        .where(inArray(vouchers.orderItemId, orderItemIds))
        .orderBy(vouchers.issueKey);
    },
  };
}

export type VouchersRepo = ReturnType<typeof createVouchersRepo>;
