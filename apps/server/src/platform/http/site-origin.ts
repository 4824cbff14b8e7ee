import type { FastifyRequest } from 'fastify';

/** The origin a request was sent to, as the browser saw it (scheme, Host header). */
export const requestOrigin = (request: FastifyRequest): string | null => {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
};

/**
 * The site's own origin for an address it hands out (a sign-in callback, the API document): the
 * origin the request came to when the operator configured it, otherwise the first configured one.
 * A forged Host header can choose among the site's origins, never add one.
 */
export function siteOriginOf(request: FastifyRequest, siteOrigins: readonly string[]): string {
  const own = requestOrigin(request);
  return own && siteOrigins.includes(own) ? own : (siteOrigins[0] as string);
}
