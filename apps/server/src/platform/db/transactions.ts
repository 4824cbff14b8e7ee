import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/** A transaction of the database: the same query interface as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repo runs its SQL on: the database, or the transaction in progress. */
export type Executor = Db | Tx;

/**
 * The unit of work of the server. `run` opens a transaction (or joins the one in progress) and every
 * repo that asks `executor()` inside it runs on that transaction, whichever module it belongs to. So
 * a flow across modules (a workflow) owns one transaction without passing it through every call,
 * and a service never sees `Db`.
 */
export interface Transactor {
  /** Runs `work` in a transaction: a new one, or the one already in progress around the call. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The transaction in progress, else the database itself. */
  executor(): Executor;
}

export function createTransactor(db: Db): Transactor {
  const current = new AsyncLocalStorage<Tx>();
  return {
    run(work) {
      if (current.getStore()) return work();
      return db.transaction((tx) => current.run(tx, work));
    },
    executor: () => current.getStore() ?? db,
  };
}
