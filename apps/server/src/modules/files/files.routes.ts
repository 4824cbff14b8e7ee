import { fileDownloadParamsSchema, fileDownloadQuerySchema } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FilesService } from './files.service.ts';

/** With `t` the address names one version of the file, which never changes: cached for good. */
const versionedCache = 'public, max-age=31536000, immutable';
/** Without it the file may be replaced: kept a few minutes, then revalidated by its ETag. */
const unversionedCache = 'public, max-age=300';

/** Whether an If-None-Match header names this entity tag (weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Image download (SPEC §7.7) under /api/stores/files. */
export async function filesRoutes(app: FastifyInstance, options: { files: FilesService }): Promise<void> {
  const { files } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/:id/size/:size/download',
    { schema: { params: fileDownloadParamsSchema, querystring: fileDownloadQuerySchema } },
    async (request, reply) => {
      const image = await files.image(request.params);
      reply
        .header('etag', image.etag)
        .header('cache-control', request.query.t === undefined ? unversionedCache : versionedCache);
      if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
      return reply.type(image.contentType).send(await image.read());
    },
  );
}
