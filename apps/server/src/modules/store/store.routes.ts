import type { StoreInfo, User } from '@cutout/contracts';
import { localeSchema, storeConstantsSchema, storeInfoSchema } from '@cutout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResolvedStore, StoreService } from './store.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store of a call under /api/stores, with its resolved locale and currency. */
    store: ResolvedStore;
  }
}

/**
 * Resolves the store of every call in this scope from its headers (unknown store → STORE_NOT_FOUND)
 * before anything else runs; every module under /api/stores is registered inside it.
 */
export function registerStoreScope(app: FastifyInstance, options: { stores: StoreService }): void {
  app.decorateRequest('store', null as unknown as ResolvedStore);
  app.addHook('onRequest', async (request) => {
    request.store = await options.stores.resolve(request.storeSelection);
    request.language = request.store.language;
  });
}

/** Store info, locales and constants. */
export async function storeRoutes(
  app: FastifyInstance,
  options: {
    stores: StoreService;
    viewer: (user: NonNullable<FastifyRequest['user']>) => Promise<User>;
    passports: () => StoreInfo['passports'];
    partnerActions: (user: NonNullable<FastifyRequest['user']>) => Promise<StoreInfo['partnerActions']>;
  },
): Promise<void> {
  const { stores } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/fetchStoreInfo', { schema: { response: { 200: storeInfoSchema } } }, async (request) =>
    stores.storeInfo(request.store, {
      user: request.user ? await options.viewer(request.user) : null,
      partnerActions: request.user ? await options.partnerActions(request.user) : [],
      passports: options.passports(),
    }),
  );

  const localesSchema = { response: { 200: z.object({ locales: z.array(localeSchema) }) } };
  api.get('/locales', { schema: localesSchema }, async (request) => ({
    locales: stores.locales(request.store),
  }));
  api.post('/locales', { schema: localesSchema }, async (request) => ({
    locales: stores.locales(request.store),
  }));

  const constantsSchema = { response: { 200: storeConstantsSchema } };
  api.get('/constants', { schema: constantsSchema }, async () => stores.constants());
  api.post('/constants', { schema: constantsSchema }, async () => stores.constants());
}
