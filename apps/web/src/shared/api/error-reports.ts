import type { ClientErrorReport } from '@cutout/contracts';

/** Where the app records the HTTP errors it meets (SPEC §8), under the API base. */
export const errorReportPath = '/clientErrors/record';

/** At most this many reports in a sliding minute: a failing page must not flood the error service. */
export const errorReportLimit = { count: 10, windowMs: 60_000 } as const;

let sentAt: number[] = [];

/**
 * Sends one report, fire and forget: its own failure is swallowed, never reported (no loops).
 * `keepalive` lets it finish while the page unloads; it carries the session headers of the failed
 * call, and fetch adds the same-origin Origin the server asks of a POST.
 */
export function sendErrorReport(options: {
  url: string;
  report: ClientErrorReport;
  headers: Record<string, string>;
}): void {
  const now = Date.now();
  sentAt = sentAt.filter((time) => now - time < errorReportLimit.windowMs);
  if (sentAt.length >= errorReportLimit.count || typeof fetch !== 'function') return;
  sentAt.push(now);
  fetch(options.url, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { ...options.headers, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(options.report),
  }).catch(() => undefined);
}

/** The report of a failed call to `path` (never its body): the path without query, status, code, request id. */
export function errorReportOf(options: {
  path: string;
  status: number;
  code: string;
  requestId: string | null;
}): ClientErrorReport {
  const route = options.path.split(/[?#]/)[0] ?? options.path;
  const requestId = options.requestId && options.requestId.length <= 100 ? options.requestId : null;
  return {
    route: route.slice(0, 300),
    status: options.status,
    code: options.code.slice(0, 64) || 'UNKNOWN_ERROR',
    ...(requestId ? { requestId } : {}),
  };
}

/** Forgets the reports of the current minute; for tests, which run many failures in a row. */
export function resetErrorReports(): void {
  sentAt = [];
}
