import { z } from './zod.ts';

/**
 * An HTTP error the web app met (SPEC §8: every HTTP error is recorded in an error service), as
 * `POST /api/stores/clientErrors/record` takes it. Never the body of the failed call.
 */
export const clientErrorReportSchema = z.object({
  /** The path of the failed call, without its query string. */
  route: z.string().min(1).max(300),
  /** The HTTP status; 0 for a network failure. */
  status: z.number().int().min(0).max(599),
  code: z.string().min(1).max(64),
  requestId: z.string().max(100).optional().nullable(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
