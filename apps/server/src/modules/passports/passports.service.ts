import * as oidc from 'openid-client';
import type { PassportConfig } from '../../platform/config.ts';
import { DomainError } from '../../platform/errors.ts';
import { safeReturnPath } from '../../platform/http/return-path.ts';
import type { RegistrationService } from '../users/registration.service.ts';
import type { PassportsRepo } from './passports.repo.ts';

/** How long a started sign-in may take at the provider. */
export const loginLifetimeMs = 10 * 60_000;

export function createPassportService(deps: {
  passports: PassportConfig[];
  repo: PassportsRepo;
  /** The accounts (the users module owns them). */
  accounts: Pick<RegistrationService, 'signInWithPassport'>;
  now: () => Date;
}) {
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function passportOf(slug: string): PassportConfig {
    const passport = deps.passports.find((item) => item.slug === slug);
    if (!passport) throw new DomainError('NOT_FOUND');
    return passport;
  }

  /** The provider's configuration, discovered once; a failed discovery is tried again next time. */
  function clientOf(passport: PassportConfig): Promise<oidc.Configuration> {
    let pending = discovered.get(passport.slug);
    if (!pending) {
      const insecure = passport.issuer.startsWith('http://');
      pending = oidc
        .discovery(
          new URL(passport.issuer),
          passport.clientId,
          passport.clientSecret,
          undefined,
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered.delete(passport.slug);
          throw new DomainError('SERVICE_UNAVAILABLE', {
            details: { passport: passport.slug, cause: String(error) },
          });
        });
      discovered.set(passport.slug, pending);
    }
    return pending;
  }

  return {
    /** The passports of SPEC §3 as store info lists them. */
    list() {
      return deps.passports.map((passport) => ({
        slugifyId: passport.slug,
        name: passport.name,
        primaryImage: passport.iconUrl ? { url: passport.iconUrl, alt: passport.name } : null,
      }));
    },

    /**
     * Starts a sign-in: remembers state, nonce and PKCE verifier, and answers the provider's address
     * with the state, which the browser that started keeps in a cookie.
     */
    async start(input: {
      slug: string;
      storeId: string;
      returnTo: string | undefined;
      redirectUri: string;
    }): Promise<{ url: URL; state: string }> {
      const passport = passportOf(input.slug);
      const client = await clientOf(passport);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = deps.now();
      await deps.repo.deleteExpiredLogins(now);
      await deps.repo.insertLogin({
        state,
        provider: passport.slug,
        storeId: input.storeId,
        nonce,
        codeVerifier,
        returnTo: safeReturnPath(input.returnTo),
        expiresAt: new Date(now.getTime() + loginLifetimeMs),
      });
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: input.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, state };
    },

    /**
     * Finishes a sign-in: checks the answer, then finds the user by this passport, or links the
     * account with the same verified e-mail, or creates one; answers an access token.
     */
    async finish(input: {
      slug: string;
      callbackUrl: URL;
      /** The state the browser kept from the start; a callback without it was not started there. */
      browserState: string | undefined;
    }): Promise<{ token: string; returnTo: string }> {
      const passport = passportOf(input.slug);
      const state = input.callbackUrl.searchParams.get('state') ?? '';
      if (!input.browserState || input.browserState !== state)
        throw new DomainError('AUTHORIZATION_REQUIRED', { details: { reason: 'browser' } });
      const login = await deps.repo.takeLogin(state, passport.slug);
      if (!login || login.expiresAt <= deps.now())
        throw new DomainError('AUTHORIZATION_REQUIRED', { details: { reason: 'state' } });
      const client = await clientOf(passport);
      let claims: Record<string, unknown> & { sub: string };
      try {
        const tokens = await oidc.authorizationCodeGrant(client, input.callbackUrl, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
        });
        const idToken = tokens.claims();
        if (!idToken?.sub) throw new Error('no subject in the ID token');
        // Many providers put e-mail and name only behind the userinfo endpoint.
        const userInfo = await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub);
        claims = { ...idToken, ...userInfo, sub: idToken.sub };
      } catch (error) {
        throw new DomainError('AUTHORIZATION_REQUIRED', {
          details: { reason: 'grant', cause: String(error) },
        });
      }

      const { token } = await deps.accounts.signInWithPassport({
        storeId: login.storeId,
        provider: passport.slug,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        fullName: typeof claims.name === 'string' ? claims.name : null,
      });
      return { token, returnTo: login.returnTo };
    },
  };
}

export type PassportService = ReturnType<typeof createPassportService>;
