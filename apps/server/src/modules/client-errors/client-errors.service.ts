import { randomUUID } from 'node:crypto';
import type { ClientErrorReport } from '@cutout/contracts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import type { ClientErrorsRepo } from './client-errors.repo.ts';

export const clientErrorsPolicy = {
  /** Reports one client address may send: enough for a bad minute, too few to fill the table. */
  perClient: { limit: 30, windowMs: 60_000 },
  keepForMs: 30 * 24 * 3_600_000,
};

/**
 * The error service of SPEC §8: every HTTP error the web app meets is recorded (route, status, code,
 * request id, browser), so that the error rate can be charted. Bounded per client and in time.
 */
export function createClientErrorsService(deps: {
  repo: ClientErrorsRepo;
  limiter: RateLimiter;
  now: () => Date;
}) {
  return {
    async record(input: {
      storeId: string;
      report: ClientErrorReport;
      userAgent: string | undefined;
      client: string;
    }) {
      refuseWhenLimited(
        await deps.limiter.hit(`client-errors:${input.client}`, clientErrorsPolicy.perClient),
      );
      const { report } = input;
      await deps.repo.insert({
        id: randomUUID(),
        storeId: input.storeId,
        route: report.route.split('?')[0] ?? report.route,
        status: report.status,
        code: report.code,
        requestId: report.requestId ?? null,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        createdAt: deps.now(),
      });
    },

    /** Forgets reports older than the keeping time; answers how many went. */
    prune(): Promise<number> {
      return deps.repo.deleteOlderThan(new Date(deps.now().getTime() - clientErrorsPolicy.keepForMs));
    },
  };
}

export type ClientErrorsService = ReturnType<typeof createClientErrorsService>;
