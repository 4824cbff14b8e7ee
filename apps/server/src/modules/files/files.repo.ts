import { inArray } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { files } from './files.schema.ts';

export type FileRow = typeof files.$inferSelect;

/** The files table. */
export function createFilesRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async insert(row: typeof files.$inferInsert): Promise<FileRow> {
      const [inserted] = await db().insert(files).values(row).returning();
      if (!inserted) throw new Error('file row not inserted');
      return inserted;
    },

    /** The rows of these ids that exist, in no particular order. */
    findMany(ids: string[]): Promise<FileRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db().select().from(files).where(inArray(files.id, ids));
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
