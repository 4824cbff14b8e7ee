import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, testDatabases } from '../../test/harness.ts';
import { openDatabase } from './client.ts';

const migrations = readdirSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle'),
).filter((name) => name.endsWith('.sql'));

describe.runIf(testDatabases.includes('postgres'))('migrations on PostgreSQL', () => {
  it('run once when several processes start at once', async () => {
    const scratch = await createScratchPostgresDatabase('cutout_migrate');
    // Three processes' pools (web, web, worker) migrating the same empty database together.
    const databases = await Promise.all(
      [1, 2, 3].map(() =>
        openDatabase({ url: scratch.url, poolSize: 2, dataDir: null, onIdleError: () => {} }),
      ),
    );
    try {
      await Promise.all(databases.map((database) => database.migrate()));
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await client.end();
      expect(applied.rows[0].n).toBe(migrations.length);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await scratch.drop();
    }
  });
});
