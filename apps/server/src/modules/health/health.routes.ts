import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/** What readiness asks of the database: which one it is, and whether it answers. */
export interface DatabaseProbe {
  kind: string;
  ping(): Promise<void>;
}

/** Another service the process needs when it is configured (object storage, Redis): its check throws when it cannot be reached. */
export interface DependencyProbe {
  name: string;
  /** What it is, for the answer: 's3', 'redis'. */
  kind: string;
  check(): Promise<void>;
}

/** Liveness (the process answers) and readiness (the database and every configured dependency answer). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseProbe; dependencies?: DependencyProbe[] },
): Promise<void> {
  const probes: DependencyProbe[] = [
    { name: 'database', kind: options.database.kind, check: () => options.database.ping() },
    ...(options.dependencies ?? []),
  ];
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request) => {
    const results = await Promise.all(
      probes.map(async (probe) => {
        try {
          await probe.check();
          return [probe.name, probe.kind] as const;
        } catch (error) {
          request.log.warn({ err: error, dependency: probe.name }, `${probe.name} not reachable`);
          return [probe.name, null] as const;
        }
      }),
    );
    const down = results.filter(([, kind]) => kind === null).map(([name]) => name);
    if (down.length > 0) {
      throw new DomainError('SERVICE_UNAVAILABLE', {
        details: Object.fromEntries(down.map((name) => [name, 'unreachable'])),
      });
    }
    return { status: 'ready', ...Object.fromEntries(results) };
  });
}
