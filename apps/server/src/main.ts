import { buildApp } from './app.ts';
import { seedDelivery } from './modules/cart/cart.seed.ts';
import { seedCatalog } from './modules/catalog/catalog.seed.ts';
import { seedFormDefinitions } from './modules/forms/forms.seed.ts';
import { seedPages } from './modules/pages/pages.seed.ts';
import { seedPaymentOptions } from './modules/payments/payments.seed.ts';
import { seedPromotions } from './modules/promotions/promotions.seed.ts';
import { seedStore } from './modules/store/store.seed.ts';
import { seedSubscriptionPlans } from './modules/subscriptions/subscriptions.seed.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirInUseError } from './platform/data-dir.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { createFileStorage } from './platform/storage/file-storage.ts';
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
  await database.migrate();
  await seedStore(database.db);
  const files = createFilesFor({
    db: database.db,
    filesDir: config.filesDir,
    storage: createFileStorage(config),
  });
  await seedCatalog(database.db, { files });
  await seedPages(database.db, { files });
  await seedDelivery(database.db);
  await seedPaymentOptions(database.db);
  await seedPromotions(database.db);
  await seedSubscriptionPlans(database.db);
  await seedFormDefinitions(database.db);
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
