import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createStoreRepo } from './modules/store/store.repo.ts';
import { registerStoreScope, storeRoutes } from './modules/store/store.routes.ts';
import { createStoreService } from './modules/store/store.service.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { languageOf, registerRequestContext } from './platform/http/context.ts';
import { registerErrorHandling } from './platform/http/errors.ts';
import { registerWebApp } from './platform/http/web.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the HTTP application: API and web app from one process. Does not listen. */
export async function buildApp({ config, database, logger }: AppOptions): Promise<FastifyInstance> {
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
  registerRequestContext(app);

  const stores = createStoreService({
    repo: createStoreRepo(database.db),
    defaultStoreId: config.defaultStoreId,
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
  await app.register(
    async (scope) => {
      registerStoreScope(scope, { stores });
      await scope.register(storeRoutes, { stores });
    },
    { prefix: '/api/stores' },
  );
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
