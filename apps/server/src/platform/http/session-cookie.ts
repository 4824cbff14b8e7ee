import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that carries a session after an external sign-in: never readable by scripts. */
export const accessTokenCookie = 'access_token';
/**
 * A hint beside it that scripts may read: the web app counts itself signed in by it (SPEC §4 reads
 * the access_token cookie, which an HttpOnly cookie hides). It holds no secret.
 */
export const signedInCookie = 'signed_in';

/** Sets the session cookies: HttpOnly token, SameSite=Lax, Secure when the site is served over https. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { token: string; maxAgeSeconds: number },
): void {
  const common = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: input.maxAgeSeconds,
  };
  reply.setCookie(accessTokenCookie, input.token, { ...common, httpOnly: true });
  reply.setCookie(signedInCookie, '1', common);
}

/** Clears both session cookies (logout, or a cookie whose session the server no longer knows). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(accessTokenCookie, { path: '/' });
  reply.clearCookie(signedInCookie, { path: '/' });
}
