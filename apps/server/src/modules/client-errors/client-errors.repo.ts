import { lt } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { clientErrors } from './client-errors.schema.ts';

export function createClientErrorsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async insert(row: typeof clientErrors.$inferInsert): Promise<void> {
      await db().insert(clientErrors).values(row);
    },

    async deleteOlderThan(moment: Date): Promise<number> {
      const rows = await db()
        .delete(clientErrors)
        .where(lt(clientErrors.createdAt, moment))
        .returning({ id: clientErrors.id });
      return rows.length;
    },
  };
}

export type ClientErrorsRepo = ReturnType<typeof createClientErrorsRepo>;
