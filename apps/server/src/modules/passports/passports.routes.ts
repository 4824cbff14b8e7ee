import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { setSessionCookies } from '../../platform/http/session-cookie.ts';
import { siteOriginOf } from '../../platform/http/site-origin.ts';
import type { StoreService } from '../store/store.service.ts';
import { sessionPolicy } from '../users/users.service.ts';
import { loginLifetimeMs, type PassportService } from './passports.service.ts';

/**
 * Binds a sign-in to the browser that started it: the callback must come with this cookie holding
 * its state, so that a callback link sent to someone else signs nobody in.
 */
const stateCookie = 'passport_state';
const stateCookiePath = '/api/passports';

/** External sign-in (SPEC §7.7): GET /api/passports/{slug}/auth and its callback. */
export async function passportsRoutes(
  app: FastifyInstance,
  options: { passports: PassportService; stores: StoreService; siteOrigins: string[] },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const siteOrigin = (request: FastifyRequest) => siteOriginOf(request, options.siteOrigins);
  const callbackOf = (request: FastifyRequest, slug: string) =>
    `${siteOrigin(request)}/api/passports/${slug}/callback`;

  api.get(
    '/:slug/auth',
    {
      schema: {
        params: z.object({ slug: z.string() }),
        querystring: z.object({
          tenantClientId: z.string().optional(),
          storeId: z.string().optional(),
          returnTo: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { tenantClientId, storeId, returnTo } = request.query;
      const store = await options.stores.resolve({ ...request.storeSelection, tenantClientId, storeId });
      const { url, state } = await options.passports.start({
        slug: request.params.slug,
        storeId: store.snapshot.store.id,
        returnTo,
        redirectUri: callbackOf(request, request.params.slug),
      });
      reply.setCookie(stateCookie, state, {
        path: stateCookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: loginLifetimeMs / 1000,
      });
      return reply.redirect(url.toString(), 302);
    },
  );

  api.get(
    '/:slug/callback',
    { schema: { params: z.object({ slug: z.string() }) } },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, siteOrigin(request));
      const browserState = request.cookies[stateCookie];
      reply.clearCookie(stateCookie, { path: stateCookiePath });
      try {
        const { token, returnTo } = await options.passports.finish({
          slug: request.params.slug,
          callbackUrl,
          browserState,
        });
        setSessionCookies(request, reply, { token, maxAgeSeconds: sessionPolicy.tokenLifetimeMs / 1000 });
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code === 'NOT_FOUND') throw error;
        request.log.warn({ err: error, details: error.options.details }, 'external sign-in failed');
        return reply.redirect(`/?passport_error=${encodeURIComponent(error.code)}`, 302);
      }
    },
  );
}
