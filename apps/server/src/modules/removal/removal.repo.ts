import type { Transactor } from '../../platform/db/transactions.ts';
import { removalResults } from './removal.schema.ts';

export type NewRemovalResult = typeof removalResults.$inferInsert;

/** The removal module's SQL; it joins the transaction in progress (the charge's). */
export function createRemovalRepo(transactor: Pick<Transactor, 'executor'>) {
  return {
    async insertResult(row: NewRemovalResult): Promise<void> {
      await transactor.executor().insert(removalResults).values(row);
    },
  };
}

export type RemovalRepo = ReturnType<typeof createRemovalRepo>;
