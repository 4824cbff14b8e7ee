import { randomUUID } from 'node:crypto';
import { imageLimits, removalHeaders } from '@cutout/contracts';
import { createEngine, type Engine } from '@cutout/engine';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createApiKeysRepo } from './modules/api-keys/api-keys.repo.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeyService } from './modules/api-keys/api-keys.service.ts';
import { createClientErrorsRepo } from './modules/client-errors/client-errors.repo.ts';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes.ts';
import { createClientErrorsService } from './modules/client-errors/client-errors.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createLedgerRepo } from './modules/ledger/ledger.repo.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createLitreService } from './modules/ledger/litres.service.ts';
import { createPassportsRepo } from './modules/passports/passports.repo.ts';
import { passportsRoutes } from './modules/passports/passports.routes.ts';
import { createPassportService } from './modules/passports/passports.service.ts';
import { openApiDocument } from './modules/removal/openapi.ts';
import { createRemovalRepo } from './modules/removal/removal.repo.ts';
import { executeRoutes, publicApiRoutes } from './modules/removal/removal.routes.ts';
import { createRemovalService } from './modules/removal/removal.service.ts';
import { createRemoveBackgroundWorkflow } from './modules/removal/remove-background.workflow.ts';
import { createStoreRepo } from './modules/store/store.repo.ts';
import { registerStoreScope, storeRoutes } from './modules/store/store.routes.ts';
import { createStoreService } from './modules/store/store.service.ts';
import { createPasswordService } from './modules/users/password.service.ts';
import { createPermissionService } from './modules/users/permissions.service.ts';
import { createRegistrationService } from './modules/users/registration.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { registerAuth, usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { type Config, startupWarnings } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { createTransactor } from './platform/db/transactions.ts';
import { languageOf, registerRequestContext } from './platform/http/context.ts';
import { registerErrorHandling } from './platform/http/errors.ts';
import { registerInputGuard, requestIdOf } from './platform/http/input-guard.ts';
import { registerCrossSiteCheck, registerSecurityHeaders } from './platform/http/security.ts';
import { siteOriginOf } from './platform/http/site-origin.ts';
import { registerWebApp } from './platform/http/web.ts';
import { createInProcessJobs } from './platform/jobs/in-process/in-process-jobs.ts';
import { createMailer, createSms } from './platform/messaging/mailer.ts';
import { createOutboxRepo } from './platform/messaging/outbox.repo.ts';
import { outboxRoutes } from './platform/messaging/outbox.routes.ts';
import { createMemoryRateLimiter } from './platform/rate-limit.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the business rules (code expiry, token lifetimes); tests move it. */
  now?: () => Date;
  /** The background-removal engine, started on first use unless given (tests share one). */
  engine?: () => Promise<Engine>;
  /** Which resolved addresses image URLs may reach; tests allow loopback. */
  isFetchAllowed?: (address: string) => boolean;
}

/** Starts the engine once, on first use, and closes it with the app. */
function lazyEngine(config: Config): { get: () => Promise<Engine>; close: () => Promise<void> } {
  let started: Promise<Engine> | undefined;
  return {
    get: () => {
      started ??= createEngine({ workers: config.engineWorkers, maxQueue: config.engineMaxQueue });
      return started;
    },
    close: async () => {
      if (started) await (await started).close();
    },
  };
}

/** Builds the HTTP application: API and web app from one process. Does not listen. */
export async function buildApp({
  config,
  database,
  logger,
  now = () => new Date(),
  ...options
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A client's x-request-id is echoed only when it is short and plain (see requestIdOf).
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id'], randomUUID),
    // Requests must not wait for their turn behind a slow one forever.
    requestTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  registerRequestContext(app);
  await registerSecurityHeaders(app, {
    siteOrigins: config.siteOrigins,
    analyticsOrigin: config.analyticsCounterId ? 'https://mc.yandex.ru' : null,
    imageOrigins: config.passports.flatMap((passport) =>
      passport.iconUrl && /^https?:/.test(passport.iconUrl) ? [new URL(passport.iconUrl).origin] : [],
    ),
    formActionOrigins: [],
  });
  registerCrossSiteCheck(app, { siteOrigins: config.siteOrigins, prefixes: ['/api/stores/'] });
  registerInputGuard(app);

  // One unit of work for the app: every module's repo joins the transaction a workflow opens.
  const transactor = createTransactor(database.db);
  const stores = createStoreService({
    repo: createStoreRepo(transactor),
    defaultStoreId: config.defaultStoreId,
  });
  const limiter = createMemoryRateLimiter();
  const outbox = createOutboxRepo(transactor);
  // The SMTP_URL's scheme picks the mail transport; without it, mail and SMS stay in the outbox.
  const mailer = createMailer({ url: config.smtpUrl, from: config.mailFrom, outbox, log: app.log });
  const sms = createSms({ url: undefined, from: config.mailFrom, outbox, log: app.log });
  const usersRepo = createUsersRepo(transactor);
  const permissions = createPermissionService({
    repo: usersRepo,
    mailer,
    sms,
    limiter,
    now,
    siteUrl: config.siteUrl,
  });
  const users = createUsersService({
    repo: usersRepo,
    limiter,
    mailer,
    storeNameOf: async (storeId) =>
      (
        await stores.resolve({
          storeId,
          tenantClientId: undefined,
          localeId: undefined,
          currencyId: undefined,
        })
      ).snapshot.store.name,
    now,
  });
  const registration = createRegistrationService({
    repo: usersRepo,
    permissions,
    limiter,
    sessions: users,
  });
  const ledger = createLedgerService({ repo: createLedgerRepo(transactor), transactor, now });
  const litres = createLitreService({ ledger, now });
  const apiKeys = createApiKeyService({
    repo: createApiKeysRepo(transactor),
    transactor,
    now,
    findUser: (userId) => users.findById(userId),
    onIssued: (key) => users.notifyApiKeyIssued({ ...key, siteUrl: config.siteUrl }),
  });
  const passwords = createPasswordService({
    repo: usersRepo,
    permissions,
    mailer,
    limiter,
    apiKeys,
    siteOrigins: config.siteOrigins,
    now,
  });
  const clientErrors = createClientErrorsService({
    repo: createClientErrorsRepo(transactor),
    limiter,
    now,
  });
  const ownEngine = options.engine ? undefined : lazyEngine(config);
  const removal = createRemovalService({
    engine: options.engine ?? (ownEngine as ReturnType<typeof lazyEngine>).get,
    removeBackground: createRemoveBackgroundWorkflow({
      transactor,
      litres,
      repo: createRemovalRepo(transactor),
      log: app.log,
    }),
    litreCostFull: stores.constants().litreCostFull,
    fetchOptions: {
      maxBytes: imageLimits.maxFileBytes,
      timeoutMs: 15_000,
      maxRedirects: 3,
      isAllowed: options.isFetchAllowed,
    },
  });
  const passports = createPassportService({
    passports: config.passports,
    repo: createPassportsRepo(transactor),
    accounts: registration,
    now,
  });

  const serveIndex = await registerWebApp(app, {
    distDir: config.webDistDir,
    analyticsCounterId: config.analyticsCounterId,
    headFor: async (request) => {
      const language = languageOf(request);
      try {
        const resolved = await stores.resolve({ ...request.storeSelection, localeId: language });
        return { language: resolved.language, metaTags: stores.metaTags(resolved) };
      } catch {
        return { language, metaTags: [] };
      }
    },
  });
  registerErrorHandling(app, { bodyLimit: config.bodyLimitBytes, fallback: serveIndex });

  await app.register(healthRoutes, { database });
  if (config.outboxPage) await app.register(outboxRoutes, { outbox });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  await app.register(
    async (scope) => {
      registerStoreScope(scope, { stores });
      registerAuth(scope, { users });
      await scope.register(storeRoutes, {
        stores,
        viewer: (user) => users.viewer(user),
        partnerActions: (user) => litres.partnerActions(user),
        passports: () => passports.list(),
      });
      await scope.register(apiKeysRoutes, {
        prefix: '/actions',
        apiKeys,
        actionId: stores.constants().removeBackgroundActionId,
      });
      await scope.register(executeRoutes, {
        prefix: '/actions',
        removal,
        stores,
        limiter,
        actionId: stores.constants().removeBackgroundActionId,
      });
      await scope.register(usersRoutes, {
        prefix: '/users',
        users,
        registration,
        passwords,
        permissions,
      });
      await scope.register(clientErrorsRoutes, { prefix: '/clientErrors', clientErrors });
    },
    { prefix: '/api/stores' },
  );
  await app.register(passportsRoutes, {
    prefix: '/api/passports',
    passports,
    stores,
    siteOrigins: config.siteOrigins,
  });
  app.get('/api/openapi.json', async (request) => openApiDocument(siteOriginOf(request, config.siteOrigins)));
  await app.register(
    async (scope) => {
      // Developers call the public API from their own pages with a key, never a cookie: any origin
      // may, without credentials.
      await scope.register(fastifyCors, {
        origin: '*',
        credentials: false,
        methods: ['GET', 'POST'],
        allowedHeaders: ['X-Access-Token', 'X-Api-Key', 'Content-Type', 'Accept'],
        exposedHeaders: [
          ...Object.values(removalHeaders),
          'X-Type',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'Retry-After',
          'X-Request-Id',
        ],
        maxAge: 600,
      });
      await scope.register(publicApiRoutes, {
        removal,
        stores,
        apiKeys,
        litres,
        limiter,
        requestsPerMinute: config.apiRequestsPerMinute,
      });
    },
    { prefix: '/api/v1' },
  );
  const jobs = createInProcessJobs({ log: app.log });
  // Litres held by requests that died with a process come back at start and within a minute.
  app.addHook('onReady', async () => {
    await jobs.every('release stale litre holds', 60_000, ledger.releaseStaleHolds);
    await jobs.every('write off expired credit lots', 3_600_000, ledger.expireLots);
    await jobs.every('forget old client error reports', 3_600_000, clientErrors.prune);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await ownEngine?.close();
    await database.close();
  });
  return app;
}
