import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { type AppOptions, buildApp } from '../app.ts';
import { tradeOffers } from '../modules/catalog/catalog.schema.ts';
import type { PageSource } from '../modules/pages/pages.content.ts';
import { seedPages } from '../modules/pages/pages.seed.ts';
import { promoCodeRedemptions } from '../modules/promotions/promotions.schema.ts';
import { storeOptions } from '../modules/store/store.schema.ts';
import { defaultStoreId } from '../modules/store/store.seed.ts';
import { createUsersRepo, type UserRow } from '../modules/users/users.repo.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type Database, openDatabase, openMemoryDatabase } from '../platform/db/client.ts';
import { createTransactor } from '../platform/db/transactions.ts';
import { createOutboxRepo } from '../platform/messaging/outbox.repo.ts';
import { migrateAndSeed } from '../seed.ts';
import { createFilesFor, createServices } from '../services.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
/** Redis for the scale-out tests (TEST_REDIS_URL, as CI sets it); unset: those tests are skipped. */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL;

export const testDatabases: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A new temporary folder for a test's stored files (the embedded mode's DATA_DIR/files). */
export const makeFilesDir = (): string => mkdtempSync(path.join(tmpdir(), 'cutout-files-'));

/**
 * Where the run's template databases are described (test/templates.ts, a globalSetup): a folder with
 * `pglite.tar` (a dump of a migrated and seeded PGlite data directory), `templates.json` (the name of
 * the PostgreSQL template database, when TEST_DATABASE_URL was set) and the catalogue pictures each
 * one's rows name. Unset (a bench, another project's run), every test database is seeded afresh.
 */
export const TEMPLATES_VARIABLE = 'CUTOUT_TEST_TEMPLATES';

/**
 * Migrates and seeds a new database as the test databases start (the shipped pages without their
 * covers: a pages test seeds them with files); the catalogue's pictures go to `filesDir`.
 */
export async function seedTestDatabase(database: Database, filesDir: string): Promise<void> {
  await migrateAndSeed(database, createFilesFor({ db: database.db, filesDir }), { pageCovers: false });
}

interface Templates {
  dir: string;
  postgres?: string;
}

/** The run's templates (null without them) and the PGlite template's dump, each read once per test file. */
let templatesRead: Templates | null | undefined;
let pgliteDump: Blob | undefined;

const templates = (): Templates | null => {
  if (templatesRead !== undefined) return templatesRead;
  const dir = process.env[TEMPLATES_VARIABLE];
  const read: Templates | null = dir
    ? { dir, ...JSON.parse(readFileSync(path.join(dir, 'templates.json'), 'utf8')) }
    : null;
  templatesRead = read;
  return read;
};

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or a new PostgreSQL database dropped on
 * close, each a copy of the run's template where there is one (TEMPLATES_VARIABLE). The catalogue's
 * pictures go to `filesDir`, a new temporary folder unless given.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { filesDir?: string } = {},
): Promise<Database> {
  const filesDir = options.filesDir ?? makeFilesDir();
  const template = templates();
  if (kind === 'pglite') {
    if (template) {
      cpSync(path.join(template.dir, 'pglite-files'), filesDir, { recursive: true });
      pgliteDump ??= new Blob([readFileSync(path.join(template.dir, 'pglite.tar'))]);
      return openMemoryDatabase(pgliteDump);
    }
    const database = await openMemoryDatabase();
    await seedTestDatabase(database, filesDir);
    return database;
  }
  const scratch = await createScratchPostgresDatabase('cutout_test', template?.postgres);
  // Dropping the database at the end ends its idle connections: expected here.
  const database = await openDatabase({ url: scratch.url, dataDir: null, onIdleError: () => {} });
  if (template?.postgres) cpSync(path.join(template.dir, 'postgres-files'), filesDir, { recursive: true });
  else await seedTestDatabase(database, filesDir);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, empty or a copy of `template`, and a way
 * to drop it.
 */
export async function createScratchPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A built web app stand-in: an index.html with the markers the server fills, and one asset. */
export function makeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cutout-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><!--app-head--><!--app-config--></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Builds the application on a fresh database, with no logging and a stand-in web build. */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'now' | 'engine' | 'isFetchAllowed' | 'storage'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: makeWebDist(),
    // The address `inject` requests come to (Host: localhost:80).
    PUBLIC_URL: 'http://localhost',
    // The database is in memory or a scratch one: its files go to a scratch folder too.
    FILES_DIR: makeFilesDir(),
    // A test that listens starts no engine it does not use (one that removes starts it then).
    ENGINE_PRELOAD: 'false',
    ...env,
  });
  const database = await openTestDatabase(kind, { filesDir: config.filesDir });
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  const close = async () => {
    await app.close();
    if (!env.FILES_DIR) rmSync(config.filesDir, { recursive: true, force: true });
  };
  return { app, database, config, close };
}

/** The newest message the outbox holds for a recipient. */
export function latestOutboxMessage(t: TestApp, recipient: string) {
  return createOutboxRepo(createTransactor(t.database.db)).latestTo(recipient);
}

/** Every message to one recipient, oldest first. */
export function outboxMessagesTo(t: TestApp, recipient: string) {
  return createOutboxRepo(createTransactor(t.database.db)).to(recipient);
}

/*
 * Fixtures: rows of one module that a test of another module needs. Tests reach other modules'
 * tables only through these (the architecture test keeps modules out of each other's schemas).
 */

/** A user of the default store with an e-mail and nothing else, made without a sign-up. */
export async function insertTestUser(database: Database): Promise<string> {
  const id = randomUUID();
  await createUsersRepo(createTransactor(database.db)).insert({
    id,
    storeId: defaultStoreId,
    email: `${id}@example.com`,
  });
  return id;
}

/** Finds a user by id, as the users service does, for services a test builds on their own. */
export function testUserFinder(database: Database): (id: string) => Promise<UserRow | null> {
  const repo = createUsersRepo(createTransactor(database.db));
  return (id) => repo.findById(id);
}

/** Sets option flags of a store (SPEC §3 optionItems), as its operator would. */
export async function setStoreOptions(
  database: Database,
  options: Record<string, boolean>,
  storeId = defaultStoreId,
): Promise<void> {
  for (const [name, value] of Object.entries(options)) {
    await database.db
      .update(storeOptions)
      .set({ value })
      .where(and(eq(storeOptions.storeId, storeId), eq(storeOptions.name, name)));
  }
}

/** Sets a trade offer's stock behind the app's back, as an operator's edit would. */
export async function setAvailableQuantity(t: TestApp, tradeOfferId: string, quantity: number | null) {
  await t.database.db
    .update(tradeOffers)
    .set({ availableQuantity: quantity })
    .where(eq(tradeOffers.id, tradeOfferId));
}

/** The promo code redemptions an order made, as the back office would read them. */
export function redemptionsOfOrder(t: TestApp, orderId: string) {
  return t.database.db.select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.orderId, orderId));
}

/** A movable clock for rules that depend on time. */
export function testClock(start = new Date('2026-11-21T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

let registrations = 1;

/** Registers a user the way a person does (code from the outbox, approve, register); answers the access token. */
export async function registerUser(t: TestApp, email: string, password = 'secret-1'): Promise<string> {
  // A client address of its own, as if each person signed up from their own machine.
  const remoteAddress = `10.${(registrations >> 16) & 255}.${(registrations >> 8) & 255}.${registrations++ & 255}`;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/stores/users${url}`, payload, remoteAddress });
  const request = await post('/permissions/request?typeId=email', { purpose: 'user_verify', email });
  const [item] = request.json().permissionItemList;
  const code = (await latestOutboxMessage(t, email))?.text.match(/(\d{6})/)?.[1];
  await post('/permissions/approve?typeId=email', {
    purpose: 'user_verify',
    permissionItemList: [{ id: item.id, otp: code }],
  });
  const register = await post('/register', { email, password, permissionItemList: [{ id: item.id }] });
  return register.json().accessTokens[0].id;
}

/** The litres a signed-in user has, as store info's partner actions add up (SPEC §3). */
export async function litreBalance(t: TestApp, token: string): Promise<number> {
  const info = await t.app.inject({
    method: 'GET',
    url: '/api/stores/fetchStoreInfo',
    headers: { authorization: token },
  });
  return (info.json().partnerActions as Array<{ quantity: number }>).reduce(
    (sum, action) => sum + action.quantity,
    0,
  );
}

/** The user id behind a token, as store info answers it. */
export async function userIdOf(t: TestApp, token: string): Promise<string> {
  const info = await t.app.inject({
    method: 'GET',
    url: '/api/stores/fetchStoreInfo',
    headers: { authorization: token },
  });
  return info.json().user.id;
}

/** Where the demo acquirer sends a buyer back, for checkouts in tests. */
export const demoCallbacks = {
  resolveCallbackUrl: 'http://localhost/en/shopping-cart/checkout/demo-card/validate',
  rejectCallbackUrl: 'http://localhost/en/shopping-cart/checkout/failure',
};

/**
 * Pays on the demo acquirer's page with a test card and validates the return, as the buyer's
 * browser does; answers the validation's status.
 */
export async function payOnDemoAcquirer(t: TestApp, token: string, formUrl: string): Promise<string> {
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(formUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
  });
  const queryString = new URL(String(paid.headers.location)).search;
  const validated = await t.app.inject({
    method: 'POST',
    url: '/api/stores/paymentOptions/demo-card/validate',
    payload: { queryString },
    headers: { authorization: token },
  });
  return validated.json().statusId;
}

let clientAddresses = 0;

/** Options of one `postToStore` call. */
export interface StoreCall {
  headers?: Record<string, string>;
  /** The caller's address; by default 127.0.0.1, or one of its own with `ownClient`. */
  remoteAddress?: string;
  /**
   * A client address no other call uses (10.x.y.z), so that per-client limits stay out of the way
   * of cases about other rules.
   */
  ownClient?: boolean;
}

/** A POST of `payload` to `/api/stores<url>`. */
export function postToStore(t: TestApp, url: string, payload: unknown = {}, call: StoreCall = {}) {
  const own = ++clientAddresses;
  const ownAddress = `10.${100 + (own >> 16)}.${(own >> 8) & 255}.${own & 255}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/stores${url}`,
    payload: payload as object,
    headers: call.headers,
    remoteAddress: call.remoteAddress ?? (call.ownClient ? ownAddress : undefined),
  });
}

/** A caller of `/api/stores<url>` (POST) as the holder of `token` (null: a visitor). */
export function storeApi(t: TestApp) {
  return (token: string | null, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    postToStore(t, url, payload, { headers: { ...(token && { authorization: token }), ...headers } });
}

/**
 * Buys the lines as a person does: into the cart with the demo card, checkout, paid on the demo
 * acquirer's page. Answers the order's id.
 */
export async function buyWithDemoCard(
  t: TestApp,
  token: string,
  productItems: object[],
  cart: object = {},
): Promise<string> {
  const call = storeApi(t);
  const added = await call(token, '/shoppingCarts/updateShoppingCart', {
    productItems,
    paymentOptionId: 'demo-card',
    ...cart,
  });
  if (added.statusCode !== 200) throw new Error(`the cart refused the lines: ${added.body}`);
  const checkout = await call(token, '/shoppingCarts/checkoutShoppingCart', demoCallbacks);
  if (checkout.statusCode !== 200) throw new Error(`the checkout failed: ${checkout.body}`);
  const { formUrl, orderId } = checkout.json();
  const status = await payOnDemoAcquirer(t, token, formUrl);
  if (status !== 'payment_operation_statuses.paid') throw new Error(`the payment ended ${status}`);
  return orderId;
}

/** The services on the app's database and clock, as app.ts wires them: the ledger, the scheduler's runs. */
export function backOffice(t: TestApp, now: () => Date) {
  return createServices({ config: t.config, database: t.database, log: pino({ level: 'silent' }), now });
}

export type { PageSource } from '../modules/pages/pages.content.ts';

/** Writes pages as the shipped ones are written at start (a test's own posts); answers how many. */
export function addPages(t: TestApp, sources: PageSource[], now?: () => Date): Promise<number> {
  return seedPages(t.database.db, { sources, now });
}
