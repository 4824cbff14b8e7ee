import type { ApiKey, Language, SetPasswordResponse } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/messaging/messaging.port.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/secrets.ts';
import type { ResolvedStore } from '../store/store.service.ts';
import type { PermissionService } from './permissions.service.ts';
import { resetMail } from './users.messages.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

export const passwordPolicy = {
  resetLinkLifetimeMs: 60 * 60_000,
  resetRequestsPerAddress: { limit: 3, windowMs: 3_600_000 },
  /** Checks of reset links, per client: a page opening a link checks it once. */
  resetLinkChecksPerClient: { limit: 30, windowMs: 15 * 60_000 },
  /** Wrong current passwords on a change, per account: a stolen session must not guess the password. */
  changeFailuresPerUser: { limit: 5, windowMs: 15 * 60_000 },
  /** How long the person who reset the password may still revoke every API key in one click. */
  revokeKeysLifetimeMs: 30 * 60_000,
};

/** What the password flows need of the account's API keys (the keys live in their own module). */
export interface AccountApiKeys {
  list(userId: string): Promise<ApiKey[]>;
  revokeAll(userId: string): Promise<number>;
}

export interface PasswordDeps {
  repo: UsersRepo;
  permissions: PermissionService;
  mailer: Mailer;
  limiter: RateLimiter;
  apiKeys: AccountApiKeys;
  /** The origins a reset link may lead to: the site's configured ones, never a request's Host. */
  siteOrigins: string[];
  now: () => Date;
}

/**
 * Passwords: the reset by link or code, the change by the signed-in user, and the revocation of
 * API keys that ends a reset. Whenever a password changes, every outstanding reset link and code of
 * the account stops working.
 */
export function createPasswordService(deps: PasswordDeps) {
  const { repo } = deps;

  /** The new password is stored; the old ways in (reset links and codes, other sessions) end. */
  async function replacePassword(user: UserRow, newPassword: string, keepTokenHash?: string) {
    const now = deps.now();
    await repo.update(user.id, {
      passwordHash: await hashPassword(newPassword),
      passwordResetRequired: false,
    });
    await repo.invalidateResetCredentials(user, now);
    await repo.revokeAllAccessTokens(user.id, now, keepTokenHash);
  }

  /** The user whose address a granted user_reset_password code proves; the code is used up. */
  async function userOfResetCodes(store: ResolvedStore, ids: string[]): Promise<UserRow> {
    const storeId = store.snapshot.store.id;
    for (const id of ids) {
      const item = await repo.findPermissionItem(storeId, id);
      if (item?.purpose !== 'user_reset_password') continue;
      const typeId = item.typeId === 'phone' ? 'phone' : 'email';
      await deps.permissions.consume({
        storeId,
        purpose: 'user_reset_password',
        typeId,
        address: item.address,
        ids: [id],
        field: typeId === 'email' ? 'email' : 'phoneNumber',
      });
      const user = await repo.findByAddress(
        storeId,
        typeId === 'email' ? { email: item.address } : { phoneNumber: item.address },
      );
      if (user) return user;
    }
    throw new DomainError('VERIFICATION_REQUIRED', { details: { field: 'email' } });
  }

  async function userOfResetLink(token: string | undefined): Promise<UserRow | null> {
    if (!token) return null;
    const userId = await repo.useResetToken({
      tokenHash: hashToken(token),
      purpose: 'set_password',
      now: deps.now(),
    });
    return userId ? repo.findById(userId) : null;
  }

  return {
    /**
     * Sends a one-time link to set a new password. The answer is the same whether or not the
     * account exists; the link must lead to one of the site's own origins.
     */
    async requestReset(input: {
      store: ResolvedStore;
      email: string;
      callbackUrl: string;
      language: Language;
    }): Promise<void> {
      const callback = new URL(input.callbackUrl);
      if (!deps.siteOrigins.includes(callback.origin)) {
        throw new DomainError('CALLBACK_NOT_ALLOWED', { params: { origin: deps.siteOrigins.join(', ') } });
      }
      const storeId = input.store.snapshot.store.id;
      refuseWhenLimited(
        await deps.limiter.hit(`reset:${storeId}:${input.email}`, passwordPolicy.resetRequestsPerAddress),
      );
      const user = await repo.findByAddress(storeId, { email: input.email });
      if (!user || user.anonymous) return;
      const token = newToken();
      await repo.insertResetToken({
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: 'set_password',
        expiresAt: new Date(deps.now().getTime() + passwordPolicy.resetLinkLifetimeMs),
      });
      callback.searchParams.set('token', token);
      await deps.mailer.send(
        resetMail({
          to: input.email,
          link: callback.toString(),
          minutes: passwordPolicy.resetLinkLifetimeMs / 60_000,
          language: input.language,
          storeName: input.store.snapshot.store.name,
        }),
      );
    },

    /**
     * Whether a reset link's token would still set a password (not used, not expired, not ended by
     * a later password change), without using it up; the answer never names the account.
     */
    async checkResetLink(input: { token: string; client: string }): Promise<boolean> {
      refuseWhenLimited(
        await deps.limiter.hit(`reset-link:client:${input.client}`, passwordPolicy.resetLinkChecksPerClient),
      );
      return repo.isResetTokenLive({
        tokenHash: hashToken(input.token),
        purpose: 'set_password',
        now: deps.now(),
      });
    },

    /**
     * Sets a new password with granted reset codes (permission items) or with a reset link's token.
     * Every session of the user ends. The answer lists the account's API keys, with a token that
     * revokes them all: a hijacker's keys would otherwise outlive the recovery.
     */
    async setPassword(input: {
      store: ResolvedStore;
      newPassword: string;
      permissionItemIds: string[];
      resetToken: string | undefined;
    }): Promise<SetPasswordResponse> {
      const user =
        input.permissionItemIds.length > 0
          ? await userOfResetCodes(input.store, input.permissionItemIds)
          : await userOfResetLink(input.resetToken);
      if (!user) throw new DomainError('INVALID_RESET_TOKEN');
      await replacePassword(user, input.newPassword);
      const apiKeys = await deps.apiKeys.list(user.id);
      if (apiKeys.length === 0) return { result: true, apiKeys, revokeKeysToken: null };
      const revokeKeysToken = newToken();
      await repo.insertResetToken({
        tokenHash: hashToken(revokeKeysToken),
        userId: user.id,
        purpose: 'revoke_api_keys',
        expiresAt: new Date(deps.now().getTime() + passwordPolicy.revokeKeysLifetimeMs),
      });
      return { result: true, apiKeys, revokeKeysToken };
    },

    /** Revokes every API key of the account whose password was just reset; the token works once. */
    async revokeApiKeys(token: string): Promise<number> {
      const userId = await repo.useResetToken({
        tokenHash: hashToken(token),
        purpose: 'revoke_api_keys',
        now: deps.now(),
      });
      if (!userId) throw new DomainError('INVALID_RESET_TOKEN');
      return deps.apiKeys.revokeAll(userId);
    },

    /**
     * The signed-in user's new password, proven by the current one. Wrong current passwords are
     * limited per account; every other session ends (this one stays).
     */
    async changePassword(input: {
      user: UserRow;
      accessToken: string | undefined;
      password: string;
      newPassword: string;
    }): Promise<void> {
      const failuresKey = `password:change:${input.user.id}`;
      // Counted before the check, so that parallel guesses cannot all pass it; a right one resets it.
      refuseWhenLimited(await deps.limiter.hit(failuresKey, passwordPolicy.changeFailuresPerUser));
      if (!(await verifyPassword(input.user.passwordHash, input.password))) {
        throw new DomainError('INVALID_CREDENTIALS');
      }
      await deps.limiter.reset(failuresKey);
      await replacePassword(
        input.user,
        input.newPassword,
        input.accessToken ? hashToken(input.accessToken) : undefined,
      );
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
