import { seedDelivery } from './modules/cart/cart.seed.ts';
import { seedCatalog } from './modules/catalog/catalog.seed.ts';
import type { FilesService } from './modules/files/files.service.ts';
import { seedFormDefinitions } from './modules/forms/forms.seed.ts';
import { seedPages } from './modules/pages/pages.seed.ts';
import { seedPaymentOptions } from './modules/payments/payments.seed.ts';
import { seedPromotions } from './modules/promotions/promotions.seed.ts';
import { seedStore } from './modules/store/store.seed.ts';
import { seedSubscriptionPlans } from './modules/subscriptions/subscriptions.seed.ts';
import type { Database } from './platform/db/client.ts';

/**
 * Migrates the database and loads what a new store starts with, each seed adding only what is
 * missing: the store, the catalogue with its pictures (stored through `files`), the shipped pages
 * (their covers rendered and stored too unless `pageCovers` is false), delivery, payment options,
 * promotions, plans and forms.
 */
export async function migrateAndSeed(
  database: Database,
  files: Pick<FilesService, 'put'>,
  options: { pageCovers?: boolean } = {},
): Promise<void> {
  await database.migrate();
  await seedStore(database.db);
  await seedCatalog(database.db, { files });
  await seedPages(database.db, options.pageCovers === false ? {} : { files });
  await seedDelivery(database.db);
  await seedPaymentOptions(database.db);
  await seedPromotions(database.db);
  await seedSubscriptionPlans(database.db);
  await seedFormDefinitions(database.db);
}
