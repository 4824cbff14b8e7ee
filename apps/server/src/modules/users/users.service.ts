import { languageSchema, type User } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/messaging/messaging.port.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import { hashToken, newToken, verifyPassword } from '../../platform/secrets.ts';
import type { ResolvedStore } from '../store/store.service.ts';
import { apiKeyIssuedMail } from './users.messages.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

/** A user as the other modules see it (the signed-in user of a request, the owner of an API key). */
export type { UserRow };

export const sessionPolicy = {
  tokenLifetimeMs: 90 * 24 * 3_600_000,
  /** Wrong passwords per account before it is locked for the window, whoever guesses. */
  loginFailuresPerAddress: { limit: 5, windowMs: 15 * 60_000 },
  loginAttemptsPerClient: { limit: 30, windowMs: 15 * 60_000 },
  touchEveryMs: 60_000,
};

export interface UsersDeps {
  repo: UsersRepo;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The name of a store, for the mail the module sends on its own (the store module knows it). */
  storeNameOf: (storeId: string) => Promise<string>;
  now: () => Date;
}

/** The user object of SPEC §3, as store info and the profile show it. */
export function toUser(row: UserRow, passports: string[] = []): User {
  return {
    id: row.id,
    email: row.email,
    phoneNumber: row.phoneNumber,
    login: row.email ?? row.phoneNumber,
    fullName: row.fullName,
    localeId: row.localeId,
    currencyId: row.currencyId,
    bonusPointBalance: row.bonusPointBalance,
    anonymous: row.anonymous,
    hasPassword: row.passwordHash !== null,
    passports: passports.map((slugifyId) => ({ slugifyId })),
  };
}

/** The id when the list holds it, else null: a stale locale or currency id is not stored. */
export function knownOr<T extends { id: string }>(list: T[], id: string | null | undefined): string | null {
  return id && list.some((item) => item.id === id) ? id : null;
}

/** Accounts and their sessions: sign-in, the profile, locale and currency. */
export function createUsersService(deps: UsersDeps) {
  const { repo } = deps;

  const limit = async (key: string, rule: { limit: number; windowMs: number }) =>
    refuseWhenLimited(await deps.limiter.hit(key, rule));

  async function issueToken(userId: string): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(deps.now().getTime() + sessionPolicy.tokenLifetimeMs);
    await repo.insertAccessToken({ tokenHash: hashToken(token), userId, expiresAt });
    return token;
  }

  return {
    issueToken,

    findById(id: string): Promise<UserRow | null> {
      return repo.findById(id);
    },

    /** The user of an access token, or null when it is missing, revoked or expired. */
    async authenticate(token: string | undefined): Promise<UserRow | null> {
      if (!token) return null;
      const now = deps.now();
      const tokenHash = hashToken(token);
      const found = await repo.findUserByToken(tokenHash, now);
      if (!found) return null;
      if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > sessionPolicy.touchEveryMs) {
        await repo.touchAccessToken(tokenHash, now);
      }
      return found.user;
    },

    async viewer(user: UserRow): Promise<User> {
      const passports = await repo.listPassports(user.id);
      return toUser(
        user,
        passports.map((passport) => passport.provider),
      );
    },

    /** Login by e-mail or phone and password (SPEC §7.1); failures are limited per address and client. */
    async login(input: {
      store: ResolvedStore;
      email?: string;
      phoneNumber?: string;
      password: string;
      client: string;
    }): Promise<{ id: string; userId: string }> {
      const address = input.email ?? input.phoneNumber;
      if (!address)
        throw new DomainError('VALIDATION_ERROR', {
          details: { issues: [{ path: 'email', message: 'error_email_required' }] },
        });
      await limit(`login:client:${input.client}`, sessionPolicy.loginAttemptsPerClient);
      const failuresKey = `login:address:${input.store.snapshot.store.id}:${address}`;
      // A locked account is refused before its password is checked: guesses spread over many
      // client addresses must not go on while the right one would still get through. Each try
      // counts before the check (parallel guesses cannot all pass it); a right password is forgiven.
      refuseWhenLimited(await deps.limiter.hit(failuresKey, sessionPolicy.loginFailuresPerAddress));
      const user = await repo.findByAddress(input.store.snapshot.store.id, input);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw new DomainError('INVALID_CREDENTIALS');
      if (user.passwordResetRequired) {
        await deps.limiter.forgive(failuresKey);
        throw new DomainError('PASSWORD_RESET_REQUIRED', {
          details: { email: user.email, phoneNumber: user.phoneNumber },
        });
      }
      await deps.limiter.reset(failuresKey);
      return { id: await issueToken(user.id), userId: user.id };
    },

    async logout(token: string): Promise<void> {
      await repo.revokeAccessToken(hashToken(token), deps.now());
    },

    async changeLocale(input: { store: ResolvedStore; user: UserRow; localeId: string | null | undefined }) {
      const localeId = knownOr(input.store.snapshot.locales, input.localeId);
      if (!localeId) throw new DomainError('core_locale_not_set');
      await repo.update(input.user.id, { localeId });
      return { localeId };
    },

    async changeCurrency(input: {
      store: ResolvedStore;
      user: UserRow;
      currencyId: string | null | undefined;
    }) {
      const currencyId = knownOr(input.store.snapshot.currencies, input.currencyId);
      if (!currencyId) throw new DomainError('core_currency_not_set');
      await repo.update(input.user.id, { currencyId });
      return { currencyId };
    },

    async updateProfile(input: { user: UserRow; fullName: string | null }): Promise<void> {
      await repo.update(input.user.id, { fullName: input.fullName || null });
    },

    /** Tells the owner, by mail, that an API key was issued: a hijacker's key must not go unnoticed. */
    async notifyApiKeyIssued(input: { userId: string; label: string; prefix: string; siteUrl: string }) {
      const user = await repo.findById(input.userId);
      if (!user?.email) return;
      const language = languageSchema.catch('en').parse(user.localeId);
      await deps.mailer.send(
        apiKeyIssuedMail({
          to: user.email,
          label: input.label,
          prefix: input.prefix,
          siteUrl: input.siteUrl,
          language,
          storeName: await deps.storeNameOf(user.storeId),
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
