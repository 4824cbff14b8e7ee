import { randomUUID } from 'node:crypto';
import type { Language, User } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/messaging/mailer.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/secrets.ts';
import type { ResolvedStore } from '../store/store.service.ts';
import type { PermissionService } from './permissions.service.ts';
import { resetMail } from './users.messages.ts';
import { isUniqueViolation, type UserRow, type UsersRepo } from './users.repo.ts';

export const sessionPolicy = {
  tokenLifetimeMs: 90 * 24 * 3_600_000,
  resetLinkLifetimeMs: 60 * 60_000,
  loginFailuresPerAddress: { limit: 5, windowMs: 15 * 60_000 },
  loginAttemptsPerClient: { limit: 30, windowMs: 15 * 60_000 },
  resetRequestsPerAddress: { limit: 3, windowMs: 3_600_000 },
  touchEveryMs: 60_000,
};

export interface UsersDeps {
  repo: UsersRepo;
  permissions: PermissionService;
  mailer: Mailer;
  limiter: RateLimiter;
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

  async function limit(key: string, rule: { limit: number; windowMs: number }) {
    const { allowed, retryAfterSeconds } = await deps.limiter.hit(key, rule);
    if (!allowed) {
      throw new DomainError('RATE_LIMITED', {
        params: { seconds: retryAfterSeconds },
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
  }

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

    findByAddress(storeId: string, typeId: 'email' | 'phone', address: string): Promise<UserRow | null> {
      return repo.findByAddress(storeId, typeId === 'email' ? { email: address } : { phoneNumber: address });
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
      const user = await repo.findByAddress(input.store.snapshot.store.id, input);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await limit(failuresKey, sessionPolicy.loginFailuresPerAddress);
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
    }): Promise<{ accessTokens: Array<{ id: string; userId: string }>; emailVerified: boolean }> {
      const { store } = input;
      const storeId = store.snapshot.store.id;
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

      for (const [address, taken] of [
        [email, email && (await repo.findByAddress(storeId, { email }))],
        [phoneNumber, phoneNumber && (await repo.findByAddress(storeId, { phoneNumber }))],
      ] as const) {
        if (address && taken) throw new DomainError('USER_ALREADY_EXISTS');
      }

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
    }): Promise<{ accessTokens: Array<{ id: string; userId: string }>; emailVerified: boolean }> {
      const { store } = input;
      if (!option(store, 'AllowAnonymousUser')) throw new DomainError('FORBIDDEN');
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

    /**
     * Sends a one-time link to set a new password. The answer is the same whether or not the
     * account exists; the link must lead back to this site.
     */
    async requestReset(input: {
      store: ResolvedStore;
      email: string;
      callbackUrl: string;
      allowedOrigins: string[];
      language: Language;
    }): Promise<void> {
      const callback = new URL(input.callbackUrl);
      if (!input.allowedOrigins.includes(callback.origin)) throw new DomainError('CALLBACK_NOT_ALLOWED');
      const storeId = input.store.snapshot.store.id;
      await limit(`reset:${storeId}:${input.email}`, sessionPolicy.resetRequestsPerAddress);
      const user = await repo.findByAddress(storeId, { email: input.email });
      if (!user || user.anonymous) return;
      const token = newToken();
      const minutes = sessionPolicy.resetLinkLifetimeMs / 60_000;
      await repo.insertResetToken({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(deps.now().getTime() + sessionPolicy.resetLinkLifetimeMs),
      });
      callback.searchParams.set('token', token);
      await deps.mailer.send(
        resetMail({
          to: input.email,
          link: callback.toString(),
          minutes,
          language: input.language,
          storeName: input.store.snapshot.store.name,
        }),
      );
    },

    /**
     * Sets a new password with granted reset codes (permission items) or with a reset link's token.
     * Every session of the user ends: whoever knew the old password is signed out.
     */
    async setPassword(input: {
      store: ResolvedStore;
      newPassword: string;
      permissionItemIds: string[];
      resetToken: string | undefined;
    }): Promise<void> {
      const now = deps.now();
      let userId: string | null = null;
      if (input.permissionItemIds.length > 0) {
        userId = await this.userOfResetCodes(input.store, input.permissionItemIds);
      } else if (input.resetToken) {
        const tokenHash = hashToken(input.resetToken);
        const link = await repo.findResetToken(tokenHash);
        if (link && !link.usedAt && link.expiresAt > now && (await repo.markResetTokenUsed(tokenHash, now))) {
          userId = link.userId;
        }
      }
      if (!userId) throw new DomainError('INVALID_RESET_TOKEN');
      await repo.update(userId, {
        passwordHash: await hashPassword(input.newPassword),
        passwordResetRequired: false,
      });
      await repo.revokeAllAccessTokens(userId, now);
    },

    /** The user whose address a granted user_reset_password code proves; the code is used up. */
    async userOfResetCodes(store: ResolvedStore, ids: string[]): Promise<string> {
      const storeId = store.snapshot.store.id;
      for (const id of ids) {
        const item = await repo.findPermissionItem(storeId, id);
        if (item?.purpose !== 'user_reset_password') continue;
        const typeId = item.typeId === 'phone' ? 'phone' : 'email';
        const address = typeId === 'email' ? { email: item.address } : { phoneNumber: item.address };
        await deps.permissions.consume({
          storeId,
          purpose: 'user_reset_password',
          typeId,
          address: item.address,
          ids: [id],
          field: typeId === 'email' ? 'email' : 'phoneNumber',
        });
        const user = await repo.findByAddress(storeId, address);
        if (user) return user.id;
      }
      throw new DomainError('VERIFICATION_REQUIRED', { details: { field: 'email' } });
    },

    async changePassword(input: { user: UserRow; password: string; newPassword: string }): Promise<void> {
      if (!(await verifyPassword(input.user.passwordHash, input.password)))
        throw new DomainError('INVALID_CREDENTIALS');
      await repo.update(input.user.id, { passwordHash: await hashPassword(input.newPassword) });
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
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
