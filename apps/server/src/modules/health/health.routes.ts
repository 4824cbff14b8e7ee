import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { DomainError } from '../../platform/errors.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request) => {
    try {
      await options.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      throw new DomainError('SERVICE_UNAVAILABLE', { details: { database: 'unreachable' } });
    }
    return { status: 'ready', database: options.database.kind };
  });
}
