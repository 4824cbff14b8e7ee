import type { Transactor } from '../db/transactions.ts';

/**
 * A stand-in Transactor for tests of workflows: it runs the work as it comes and notes in `notes`
 * where a transaction begins and how it ends (commit or rollback), among the notes of the steps.
 */
export function notingTransactor(notes: string[]): Pick<Transactor, 'run'> {
  return {
    async run(work) {
      notes.push('begin');
      try {
        const result = await work();
        notes.push('commit');
        return result;
      } catch (error) {
        notes.push('rollback');
        throw error;
      }
    },
  };
}
