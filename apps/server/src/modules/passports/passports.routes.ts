import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import type { StoreService } from '../store/store.service.ts';
import { sessionPolicy } from '../users/users.service.ts';
import { type PassportService, safeReturnPath } from './passports.service.ts';

/** External sign-in (SPEC §7.7): GET /api/passports/{slug}/auth and its callback. */
export async function passportsRoutes(
  app: FastifyInstance,
  options: { passports: PassportService; stores: StoreService; publicUrl: string | undefined },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const siteOrigin = (request: FastifyRequest) =>
    options.publicUrl
      ? new URL(options.publicUrl).origin
      : new URL(`${request.protocol}://${request.host}`).origin;
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
      const url = await options.passports.start({
        slug: request.params.slug,
        storeId: store.snapshot.store.id,
        returnTo: safeReturnPath(returnTo),
        redirectUri: callbackOf(request, request.params.slug),
      });
      return reply.redirect(url.toString(), 302);
    },
  );

  api.get(
    '/:slug/callback',
    { schema: { params: z.object({ slug: z.string() }) } },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, siteOrigin(request));
      try {
        const { token, returnTo } = await options.passports.finish({
          slug: request.params.slug,
          callbackUrl,
        });
        // Not HttpOnly: the web app counts a visible access_token cookie as being signed in (SPEC §4).
        reply.setCookie('access_token', token, {
          path: '/',
          sameSite: 'lax',
          secure: siteOrigin(request).startsWith('https://'),
          maxAge: sessionPolicy.tokenLifetimeMs / 1000,
        });
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code === 'NOT_FOUND') throw error;
        request.log.warn({ err: error, details: error.options.details }, 'external sign-in failed');
        return reply.redirect(`/?passport_error=${encodeURIComponent(error.code)}`, 302);
      }
    },
  );
}
