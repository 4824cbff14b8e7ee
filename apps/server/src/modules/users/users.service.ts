import { randomUUID } from 'node:crypto';
import { type Language, languageSchema, type PermissionType, type User } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/messaging/mailer.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/secrets.ts';
import type { ResolvedStore } from '../store/store.service.ts';
import type { PermissionService } from './permissions.service.ts';
import { apiKeyIssuedMail } from './users.messages.ts';
import { isUniqueViolation, type UserRow, type UsersRepo } from './users.repo.ts';

export const sessionPolicy = {
  tokenLifetimeMs: 90 * 24 * 3_600_000,
  /** Wrong passwords per account before it is locked for the window, whoever guesses. */
  loginFailuresPerAddress: { limit: 5, windowMs: 15 * 60_000 },
  loginAttemptsPerClient: { limit: 30, windowMs: 15 * 60_000 },
  /** Accounts one client address may create: sign-ups are free, so they are bounded. */
  registrationsPerClient: { limit: 10, windowMs: 3_600_000 },
  anonymousRegistrationsPerClient: { limit: 5, windowMs: 3_600_000 },
  touchEveryMs: 60_000,
};

export interface UsersDeps {
  repo: UsersRepo;
  permissions: PermissionService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The name of a store, for the mail the module sends on its own (the store module knows it). */
  storeNameOf: (storeId: string) => Promise<string>;
  now: () => Date;
}

/** A store as the rules of this module need it. */
const option = (store: ResolvedStore, name: string) => store.snapshot.options.get(name) ?? false;

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

  function knownOr<T extends { id: string }>(list: T[], id: string | null | undefined): string | null {
    return id && list.some((item) => item.id === id) ? id : null;
  }

  return {
    issueToken,

    /**
     * A verification code for registration or a password reset (SPEC §7.1). The answer is the same
     * whether or not the address has an account: for a taken address the registration code is
     * replaced by a note to its owner, and a reset code goes only to an existing account.
     */
    async requestCode(input: {
      store: ResolvedStore;
      language: Language;
      purpose: 'user_verify' | 'user_reset_password';
      typeId: PermissionType;
      address: string;
      client: string;
    }) {
      const storeId = input.store.snapshot.store.id;
      const account = await repo.findByAddress(
        storeId,
        input.typeId === 'email' ? { email: input.address } : { phoneNumber: input.address },
      );
      const notice =
        input.purpose === 'user_verify' ? (account ? 'account_exists' : 'code') : account ? 'code' : 'none';
      return deps.permissions.request({
        storeId,
        storeName: input.store.snapshot.store.name,
        language: input.language,
        purpose: input.purpose,
        typeId: input.typeId,
        address: input.address,
        client: input.client,
        notice,
      });
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
      // client addresses must not go on while the right one would still get through.
      refuseWhenLimited(await deps.limiter.peek(failuresKey, sessionPolicy.loginFailuresPerAddress));
      const user = await repo.findByAddress(input.store.snapshot.store.id, input);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await deps.limiter.hit(failuresKey, sessionPolicy.loginFailuresPerAddress);
        throw new DomainError('INVALID_CREDENTIALS');
      }
      if (user.passwordResetRequired) {
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

    /** Registration with the channels the store requires, each verified by a code when it demands it. */
    async register(input: {
      store: ResolvedStore;
      email?: string | null;
      phoneNumber?: string | null;
      password: string;
      fullName?: string | null;
      permissionItemIds: string[];
      autoLogin: boolean;
      localeId?: string | null;
      currencyId?: string | null;
      client: string;
    }): Promise<{ accessTokens: Array<{ id: string; userId: string }>; emailVerified: boolean }> {
      const { store } = input;
      const storeId = store.snapshot.store.id;
      await limit(`register:client:${input.client}`, sessionPolicy.registrationsPerClient);
      const emailRequired = option(store, 'UserEmailRequired');
      const phoneRequired = option(store, 'UserPhoneNumberRequired');
      const email = emailRequired || input.email ? (input.email ?? null) : null;
      const phoneNumber = phoneRequired || input.phoneNumber ? (input.phoneNumber ?? null) : null;
      const issues = [
        ...(emailRequired && !email ? [{ path: 'email', message: 'error_email_required' }] : []),
        ...(phoneRequired && !phoneNumber
          ? [{ path: 'phoneNumber', message: 'error_phone_number_required' }]
          : []),
        ...(!email && !phoneNumber ? [{ path: 'email', message: 'error_email_required' }] : []),
      ];
      if (issues.length > 0) throw new DomainError('VALIDATION_ERROR', { details: { issues } });

      let emailVerified = false;
      let phoneNumberVerified = false;
      if (email && option(store, 'UserEmailVerificationRequired')) {
        await deps.permissions.consume({
          storeId,
          purpose: 'user_verify',
          typeId: 'email',
          address: email,
          ids: input.permissionItemIds,
          field: 'email',
        });
        emailVerified = true;
      }
      if (phoneNumber && option(store, 'UserPhoneNumberVerificationRequired')) {
        await deps.permissions.consume({
          storeId,
          purpose: 'user_verify',
          typeId: 'phone',
          address: phoneNumber,
          ids: input.permissionItemIds,
          field: 'phoneNumber',
        });
        phoneNumberVerified = true;
      }

      // Only now, after the codes proved the addresses, may the answer say that one is taken.
      if (email && (await repo.findByAddress(storeId, { email })))
        throw new DomainError('USER_ALREADY_EXISTS', { details: { field: 'email' } });
      if (phoneNumber && (await repo.findByAddress(storeId, { phoneNumber })))
        throw new DomainError('USER_ALREADY_EXISTS', { details: { field: 'phoneNumber' } });

      let user: UserRow;
      try {
        user = await repo.insert({
          id: randomUUID(),
          storeId,
          email,
          phoneNumber,
          passwordHash: await hashPassword(input.password),
          fullName: input.fullName || null,
          localeId: knownOr(store.snapshot.locales, input.localeId) ?? store.locale.id,
          currencyId: knownOr(store.snapshot.currencies, input.currencyId),
          emailVerified,
          phoneNumberVerified,
        });
      } catch (error) {
        // Two registrations for one address at the same moment: the second loses.
        if (isUniqueViolation(error)) throw new DomainError('USER_ALREADY_EXISTS');
        throw error;
      }
      const accessTokens = input.autoLogin ? [{ id: await issueToken(user.id), userId: user.id }] : [];
      return { accessTokens, emailVerified };
    },

    /** An anonymous customer (SPEC §4): no address, no password; signed in by its token. */
    async registerAnonymous(input: {
      store: ResolvedStore;
      fullName?: string | null;
      autoLogin: boolean;
      localeId?: string | null;
      currencyId?: string | null;
      client: string;
    }): Promise<{ accessTokens: Array<{ id: string; userId: string }>; emailVerified: boolean }> {
      const { store } = input;
      if (!option(store, 'AllowAnonymousUser')) throw new DomainError('FORBIDDEN');
      await limit(`register:anonymous:${input.client}`, sessionPolicy.anonymousRegistrationsPerClient);
      const user = await repo.insert({
        id: randomUUID(),
        storeId: store.snapshot.store.id,
        anonymous: true,
        fullName: input.fullName || 'Anonymous',
        localeId: knownOr(store.snapshot.locales, input.localeId) ?? store.locale.id,
        currencyId: knownOr(store.snapshot.currencies, input.currencyId),
      });
      const accessTokens = input.autoLogin ? [{ id: await issueToken(user.id), userId: user.id }] : [];
      return { accessTokens, emailVerified: false };
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
