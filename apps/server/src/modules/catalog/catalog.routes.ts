import {
  favoriteTradeOfferRequestSchema,
  fetchFavoriteTradeOfferListRequestSchema,
  fetchProductTradeOfferListRequestSchema,
  fetchProductTradeOfferRequestSchema,
  productTradeOfferListSchema,
  productTradeOfferSchema,
  resultSchema,
} from '@cutout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedPageSerializer } from '../../platform/http/shared-page-serializer.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { CatalogService, CatalogViewer } from './catalog.service.ts';

// A visitor's page is the shared one, kept by the catalogue: checked and written out once.
const listSerializer = sharedPageSerializer(productTradeOfferSchema, {
  outputInfo: productTradeOfferListSchema.shape.outputInfo,
  totalCount: productTradeOfferListSchema.shape.totalCount,
});

const viewerOf = (request: FastifyRequest): CatalogViewer => ({
  language: request.store.language,
  currency: request.store.currency,
  userId: request.user?.id ?? null,
});

/** Products and favourites (SPEC §7.5) under /api/stores/products. */
export async function catalogRoutes(
  app: FastifyInstance,
  options: { catalog: CatalogService },
): Promise<void> {
  const { catalog } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/fetchProductTradeOfferList',
    {
      schema: {
        body: fetchProductTradeOfferListRequestSchema.nullish(),
        response: { 200: productTradeOfferListSchema },
      },
      serializerCompiler: listSerializer,
    },
    (request) => catalog.list(request.body ?? {}, viewerOf(request)),
  );

  api.post(
    '/:id/fetchProductTradeOffer',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(200) }),
        body: fetchProductTradeOfferRequestSchema,
        response: { 200: productTradeOfferSchema },
      },
    },
    (request) => catalog.get(request.params.id, viewerOf(request), request.body?.filter?.include),
  );

  api.post(
    '/favorites/fetchTradeOfferList',
    {
      ...signedIn,
      schema: {
        body: fetchFavoriteTradeOfferListRequestSchema,
        response: { 200: productTradeOfferListSchema },
      },
    },
    (request) => catalog.listFavourites(requireUser(request).id, request.body ?? {}, viewerOf(request)),
  );

  api.post(
    '/favorites/addTradeOffer',
    { ...signedIn, schema: { body: favoriteTradeOfferRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      await catalog.addFavourite(
        requireUser(request).id,
        request.body.productTradeOfferId,
        viewerOf(request),
      );
      return { result: true };
    },
  );

  api.post(
    '/favorites/removeTradeOffer',
    { ...signedIn, schema: { body: favoriteTradeOfferRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      await catalog.removeFavourite(
        requireUser(request).id,
        request.body.productTradeOfferId,
        viewerOf(request),
      );
      return { result: true };
    },
  );
}
