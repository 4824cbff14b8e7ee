// The server tests' globalSetup: one migrated and seeded database per kind for the whole run, which
// each test's database copies (harness.ts, openTestDatabase) instead of paying for initdb, the
// migrations and the seeds every time: ~3 s of CPU per PGlite database on two cores, and most test
// files open one or more.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, openMemoryDatabase } from '../platform/db/client.ts';
import { createScratchPostgresDatabase, seedTestDatabase, TEMPLATES_VARIABLE } from './harness.ts';

/** The templates made in this process, shared by the projects that set this up (server, cli, sdk). */
const shared = Symbol.for('cutout.test.templates');
type Shared = { made: Promise<() => Promise<void>>; users: number };
const state = globalThis as { [shared]?: Shared };

export default async function setup(): Promise<() => Promise<void>> {
  state[shared] ??= { made: make(), users: 0 };
  const current = state[shared];
  current.users += 1;
  const remove = await current.made;
  return async () => {
    current.users -= 1;
    if (current.users > 0) return;
    delete state[shared];
    await remove();
  };
}

async function make(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cutout-templates-'));
  const filesDir = (kind: string) => {
    const files = path.join(dir, `${kind}-files`);
    mkdirSync(files);
    return files;
  };

  const pglite = await openMemoryDatabase();
  await seedTestDatabase(pglite, filesDir('pglite'));
  writeFileSync(path.join(dir, 'pglite.tar'), new Uint8Array(await (await pglite.dump()).arrayBuffer()));
  await pglite.close();

  // A template database must have no connection while it is copied: the pool is closed before any test.
  let postgres: Awaited<ReturnType<typeof createScratchPostgresDatabase>> | undefined;
  let postgresName: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    postgres = await createScratchPostgresDatabase('cutout_template');
    postgresName = new URL(postgres.url).pathname.slice(1);
    const database = await openDatabase({ url: postgres.url, dataDir: null });
    await seedTestDatabase(database, filesDir('postgres'));
    await database.close();
  }

  writeFileSync(path.join(dir, 'templates.json'), JSON.stringify({ postgres: postgresName }));
  process.env[TEMPLATES_VARIABLE] = dir;
  return async () => {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
