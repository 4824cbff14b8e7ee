import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirInUseError } from './platform/data-dir.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { createFileStorage } from './platform/storage/file-storage.ts';
import { migrateAndSeed } from './seed.ts';
import { createFilesFor } from './services.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database and files are the server's alone: what it creates is 0600/0700.
  if (!config.databaseUrl) process.umask(0o077);
  let database: Database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const files = createFilesFor({
    db: database.db,
    filesDir: config.filesDir,
    storage: createFileStorage(config),
  });
  await migrateAndSeed(database, files);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.dataDir },
    `Cutout is running at http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
