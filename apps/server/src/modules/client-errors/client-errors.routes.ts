import { clientErrorReportSchema } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ClientErrorsService } from './client-errors.service.ts';

/** POST /api/stores/clientErrors/record: the web app reports an HTTP error it met. */
export async function clientErrorsRoutes(
  app: FastifyInstance,
  options: { clientErrors: ClientErrorsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/record',
    // A report is a few short fields; anything bigger is not one.
    { schema: { body: clientErrorReportSchema }, bodyLimit: 4096 },
    async (request, reply) => {
      await options.clientErrors.record({
        storeId: request.store.snapshot.store.id,
        report: request.body,
        userAgent: request.headers['user-agent'],
        client: request.ip,
      });
      return reply.code(204).send();
    },
  );
}
