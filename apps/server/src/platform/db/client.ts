import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir, tightenDataDir } from '../data-dir.ts';
import * as schema from './schema.ts';
import { createTurns, type Turns } from './turns.ts';

export type Schema = typeof schema;
/** The typed database client; the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite: in `dataDir/db`, or in memory when
 * dataDir is null (tests). On disk, the data directory is locked for this process until close
 * (DataDirInUseError when another one holds it) and kept private to the server's user.
 */
export async function openDatabase(options: {
  url?: string;
  /** Connections the PostgreSQL pool may open (per process). Default 10. */
  poolSize?: number;
  dataDir: string | null;
  /** Told when an idle pooled connection breaks (a database restart); the pool replaces it. */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: OneQueryAtATime,
    });
    // Without a listener, a broken idle connection would crash the process.
    pool.on('error', (error) =>
      (options.onIdleError ?? ((e) => console.warn('database connection lost:', e.message)))(error),
    );
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (!options.dataDir) return openMemoryDatabase();
  // One process at a time: a second PGlite on the same directory would overwrite this one's writes.
  const lock = lockDataDir(options.dataDir);
  let client: PGlite | undefined;
  try {
    tightenDataDir(lock.dir);
    const dir = path.join(lock.dir, 'db');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    client = new PGlite(dir);
    await client.waitReady;
    // A new database is written 0666 whatever the umask; later files follow the process umask.
    tightenDataDir(lock.dir);
  } catch (error) {
    await client?.close().catch(() => {});
    lock.release();
    throw error;
  }
  return pgliteDatabase(client, lock);
}

/**
 * PGlite in memory (tests): a new database, or one started from `from`, a dump of another's data
 * directory (`dump`), which skips initdb: ~0.7 s instead of ~2 s here, and no migrations or seeds.
 */
export async function openMemoryDatabase(from?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  const client = new PGlite(from ? { loadDataDir: from } : undefined);
  await client.waitReady;
  return { ...pgliteDatabase(client, null), dump: () => client.dumpDataDir('none') };
}

/**
 * A node-postgres client that runs its queries one at a time of its own accord. A connection answers
 * one query at a time; node-postgres queues a query asked for while another runs, warns that pg 9
 * will refuse it ("already executing a query") and asks callers for their own flow control. This is
 * it: two queries at once on one client (reads side by side inside a transaction) wait their turn
 * here, in the order they were asked for. Queries with a callback or a cursor go straight through.
 */
class OneQueryAtATime extends pg.Client {
  #last: Promise<unknown> = Promise.resolve();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this forwards them all
  override query(...args: any[]): any {
    const send = (): unknown => Reflect.apply(super.query, this, args);
    const [config, values, callback] = args;
    if (
      typeof config?.submit === 'function' ||
      typeof values === 'function' ||
      typeof callback === 'function'
    )
      return send();
    const result = this.#last.then(send);
    this.#last = result.catch(() => {});
    return result;
  }
}

/** Any constant of ours: the advisory lock that one migrating process holds at a time. */
const migrationLock = 0x63_75_74_6f; // "cuto"

/**
 * Migrates while holding a session advisory lock, so that several processes starting at once (web
 * processes, workers) migrate once: the others wait for the lock, then find nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLock]);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite as drizzle calls it (a statement, or a transaction with its statements), each call taking
 * its turn (see createTurns): a statement runs in a turn of the event loop of its own, so sockets
 * are accepted and read between statements instead of after every request in reach has finished.
 */
class PgliteTakingTurns {
  constructor(
    private readonly client: PGlite,
    private readonly turns: Turns,
  ) {}

  query(...args: Parameters<PGlite['query']>) {
    return this.turns.run(() => this.client.query(...args));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>) {
    return this.turns.run(() => this.client.transaction(work));
  }
}

/** The Database of a ready PGlite client, giving up the data directory's lock on close. */
function pgliteDatabase(client: PGlite, lock: DataDirLock | null): Database {
  const taking = new PgliteTakingTurns(client, createTurns());
  const db = drizzlePglite(taking as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await taking.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
