import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/** What readiness asks of the database: which one it is, and whether it answers. */
export interface DatabaseProbe {
  kind: string;
  ping(): Promise<void>;
}

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseProbe },
): Promise<void> {
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
