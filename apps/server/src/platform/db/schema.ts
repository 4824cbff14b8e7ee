// Every module's tables, for drizzle-kit and the typed database client.

export * from '../../modules/api-keys/api-keys.schema.ts';
export * from '../../modules/cart/cart.schema.ts';
export * from '../../modules/catalog/catalog.schema.ts';
export * from '../../modules/client-errors/client-errors.schema.ts';
export * from '../../modules/files/files.schema.ts';
export * from '../../modules/forms/forms.schema.ts';
export * from '../../modules/ledger/ledger.schema.ts';
export * from '../../modules/newsletter/newsletter.schema.ts';
export * from '../../modules/orders/orders.schema.ts';
export * from '../../modules/pages/pages.schema.ts';
export * from '../../modules/passports/passports.schema.ts';
export * from '../../modules/payments/payments.schema.ts';
export * from '../../modules/promotions/promotions.schema.ts';
export * from '../../modules/removal/removal.schema.ts';
export * from '../../modules/store/store.schema.ts';
export * from '../../modules/subscriptions/subscriptions.schema.ts';
export * from '../../modules/users/users.schema.ts';
export * from '../../modules/vouchers/vouchers.schema.ts';
export * from '../messaging/outbox.schema.ts';
export * from '../payments/demo/demo-acquirer.schema.ts';
