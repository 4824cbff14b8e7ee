import { randomUUID } from 'node:crypto';
import { createEngine, type Engine } from '@cutout/engine';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createBillingService } from './modules/billing/billing.service.ts';
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
import { createPermissionService } from './modules/users/permissions.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { registerAuth, usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { languageOf, registerRequestContext } from './platform/http/context.ts';
import { registerErrorHandling } from './platform/http/errors.ts';
import { registerWebApp } from './platform/http/web.ts';
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
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
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
  const permissions = createPermissionService({ repo: usersRepo, mailer, sms, limiter, now });
  const users = createUsersService({ repo: usersRepo, permissions, mailer, limiter, now });
  const billing = createBillingService({ db: database.db, now });
  const apiKeys = createApiKeyService({ db: database.db, now });
  const ownEngine = options.engine ? undefined : lazyEngine(config);
  const removal = createRemovalService({
    engine: options.engine ?? (ownEngine as ReturnType<typeof lazyEngine>).get,
    billing,
    litreCostFull: stores.constants().litreCostFull,
    fetchOptions: {
      maxBytes: 32 * 1024 * 1024,
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
  await app.register(
    async (scope) => {
      registerStoreScope(scope, { stores });
      registerAuth(scope, { users });
      await scope.register(storeRoutes, {
        stores,
        viewer: (user) => users.viewer(user),
        partnerActions: (user) => billing.partnerActions(user.id),
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
        actionId: stores.constants().removeBackgroundActionId,
      });
      await scope.register(usersRoutes, {
        prefix: '/users',
        users,
        permissions,
        publicUrl: config.publicUrl,
      });
    },
    { prefix: '/api/stores' },
  );
  await app.register(passportsRoutes, {
    prefix: '/api/passports',
    passports,
    stores,
    publicUrl: config.publicUrl,
  });
  app.get('/api/openapi.json', async (request) =>
    openApiDocument(config.publicUrl ?? new URL(`${request.protocol}://${request.host}`).origin),
  );
  await app.register(publicApiRoutes, {
    prefix: '/api/v1',
    removal,
    stores,
    apiKeys,
    billing,
    limiter,
    requestsPerMinute: config.apiRequestsPerMinute,
  });
  app.addHook('onClose', async () => {
    await ownEngine?.close();
    await database.close();
  });
  return app;
}
