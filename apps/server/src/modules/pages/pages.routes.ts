import { fetchPageListRequestSchema, pageListSchema, pageSchema } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PagesService } from './pages.service.ts';

/** /pages (SPEC §7.6): the blog's posts and the store's pages, open to everyone. */
export async function pagesRoutes(app: FastifyInstance, options: { pages: PagesService }): Promise<void> {
  const { pages } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/fetchPageList',
    { schema: { body: fetchPageListRequestSchema.nullish(), response: { 200: pageListSchema } } },
    (request) => pages.list(request.body ?? {}, request.store.language),
  );
  api.post(
    '/:id/fetchPage',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(200) }),
        // The SPEC's filter (include htmlMetaTagItems, primaryImage): both are always answered.
        body: z.object({}).passthrough().nullish(),
        response: { 200: pageSchema },
      },
    },
    (request) => pages.get(request.params.id, request.store.language),
  );
}
