import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';
import { accessTokenCookie } from './session-cookie.ts';
import { requestOrigin } from './site-origin.ts';

export interface SecurityOptions {
  /** The site's configured origins (PUBLIC_URL's, or loopback when unset). */
  siteOrigins: string[];
  /** The analytics counter's origin, allowed to load its script and report only when one is configured. */
  analyticsOrigin: string | null;
  /** Origins of external sign-in icons, shown as images. */
  imageOrigins: string[];
  /** Payment providers' pages the checkout posts its hidden form to (empty until one is configured). */
  formActionOrigins: string[];
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Scripts and data only from the site (and the analytics counter when one is configured). */
export function contentSecurityPolicy(options: SecurityOptions): Record<string, string[]> {
  const analytics = options.analyticsOrigin ? [options.analyticsOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...analytics],
    // Inline styles only: the dialogs' scroll lock (react-remove-scroll) injects a <style> element.
    // Styles cannot run code; scripts stay strictly 'self'.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Any https image too: a photo given by its address is shown as it is ("before") beside its
    // cut-out, straight from where it lives. Images run no code; scripts and requests stay 'self'.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...analytics, ...options.imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...analytics],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...options.formActionOrigins],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer: CSP without inline scripts, no framing, no MIME sniffing, a
 * referrer that never carries a path (reset links hold tokens) to other sites, and HSTS when the site
 * is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, only over https: on plain http it means nothing, and on localhost it would stick.
    strictTransportSecurity: false,
    // External sign-in icons and analytics pixels are not CORP-aware.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/** The origin a browser says a request came from: Origin, else the Referer's; null when neither is sent. */
function senderOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Refuses state-changing calls that a browser sent from another site (CSRF): a cross-site form can
 * carry the session cookie, never a same-origin Origin. A call with neither Origin nor Referer
 * (curl, a server) passes unless it rides on the cookie alone.
 */
export function registerCrossSiteCheck(
  app: FastifyInstance,
  options: { siteOrigins: string[]; prefixes: string[] },
): void {
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    if (!options.prefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const sender = senderOrigin(request);
    const allowed =
      sender !== null && (options.siteOrigins.includes(sender) || sender === requestOrigin(request));
    const crossSiteFetch = request.headers['sec-fetch-site'] === 'cross-site';
    const cookieOnly = Boolean(request.cookies?.[accessTokenCookie]) && !request.headers.authorization;
    if (allowed && !crossSiteFetch) return;
    if (sender === null && !crossSiteFetch && !cookieOnly) return;
    throw new DomainError('CROSS_SITE_REQUEST', { details: { origin: sender } });
  });
}
