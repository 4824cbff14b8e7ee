import { randomUUID } from 'node:crypto';
import { imageLimits, removalHeaders } from '@cutout/contracts';
import { createEngine, type Engine } from '@cutout/engine';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createClientErrorsRepo } from './modules/client-errors/client-errors.repo.ts';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes.ts';
import { createClientErrorsService } from './modules/client-errors/client-errors.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { passportsRoutes } from './modules/passports/passports.routes.ts';
import { createPassportService } from './modules/passports/passports.service.ts';
import { apiKeysRoutes } from './modules/removal/api-keys.routes.ts';
import { createApiKeyService } from './modules/removal/api-keys.service.ts';
import { openApiDocument } from './modules/removal/openapi.ts';
import { executeRoutes, publicApiRoutes } from './modules/removal/removal.routes.ts';
import { createRemovalService } from './modules/removal/removal.service.ts';
import { createStoreRepo } from './modules/store/store.repo.ts';
import { registerStoreScope, storeRoutes } from './modules/store/store.routes.ts';
import { createStoreService } from './modules/store/store.service.ts';
import { createPasswordService } from './modules/users/password.service.ts';
import { createPermissionService } from './modules/users/permissions.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { registerAuth, usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { type Config, startupWarnings } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { languageOf, registerRequestContext } from './platform/http/context.ts';
import { registerErrorHandling } from './platform/http/errors.ts';
import { registerInputGuard, requestIdOf } from './platform/http/input-guard.ts';
import { registerCrossSiteCheck, registerSecurityHeaders } from './platform/http/security.ts';
import { siteOriginOf } from './platform/http/site-origin.ts';
import { registerWebApp } from './platform/http/web.ts';
import { createIntervalJobs } from './platform/jobs/interval-jobs.ts';
import { createMailer, createOutboxSms } from './platform/messaging/mailer.ts';
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

  const stores = createStoreService({
    repo: createStoreRepo(database.db),
    defaultStoreId: config.defaultStoreId,
  });
  const limiter = createMemoryRateLimiter();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log: app.log,
  });
  const sms = createOutboxSms({ db: database.db, log: app.log });
  const usersRepo = createUsersRepo(database.db);
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
    permissions,
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
  const billing = createBillingService({ db: database.db, now });
  const apiKeys = createApiKeyService({
    db: database.db,
    now,
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
    repo: createClientErrorsRepo(database.db),
    limiter,
    now,
  });
  const ownEngine = options.engine ? undefined : lazyEngine(config);
  const removal = createRemovalService({
    engine: options.engine ?? (ownEngine as ReturnType<typeof lazyEngine>).get,
    billing,
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
    db: database.db,
    usersRepo,
    users,
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
  if (config.outboxPage) await app.register(outboxRoutes, { db: database.db });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  await app.register(
    async (scope) => {
      registerStoreScope(scope, { stores });
      registerAuth(scope, { users });
      await scope.register(storeRoutes, {
        stores,
        viewer: (user) => users.viewer(user),
        partnerActions: (user) => billing.partnerActions(user),
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
      await scope.register(usersRoutes, { prefix: '/users', users, passwords, permissions });
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
        billing,
        limiter,
        requestsPerMinute: config.apiRequestsPerMinute,
      });
    },
    { prefix: '/api/v1' },
  );
  const jobs = createIntervalJobs({ log: app.log });
  // Litres held by requests that died with a process come back at start and within a minute.
  app.addHook('onReady', async () => {
    await jobs.every('release stale litre holds', 60_000, billing.releaseStaleHolds);
    await jobs.every('forget old client error reports', 3_600_000, clientErrors.prune);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await ownEngine?.close();
    await database.close();
  });
  return app;
}
