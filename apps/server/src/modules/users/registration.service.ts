import { randomUUID } from 'node:crypto';
import type { Language, PermissionType } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { type ResolvedStore, storeOption } from '../store/store.service.ts';
import type { PermissionService } from './permissions.service.ts';
import { isUniqueViolation, type UserRow, type UsersRepo } from './users.repo.ts';
import { knownOr, type UsersService } from './users.service.ts';

export const registrationPolicy = {
  /** Accounts one client address may create: sign-ups are free, so they are bounded. */
  perClient: { limit: 10, windowMs: 3_600_000 },
  anonymousPerClient: { limit: 5, windowMs: 3_600_000 },
};

export interface RegistrationDeps {
  repo: UsersRepo;
  permissions: PermissionService;
  limiter: RateLimiter;
  /** Signs the new account in. */
  sessions: Pick<UsersService, 'issueToken'>;
}

/** The answer of a registration (SPEC §7.1): the new session when asked for, and what was verified. */
interface Registered {
  accessTokens: Array<{ id: string; userId: string }>;
  emailVerified: boolean;
}

/** A store option flag (SPEC §3 optionItems). */
const option = storeOption;

/**
 * How accounts come to be: the verification code of an address, registration with the addresses
 * the store requires, anonymous customers, and external sign-in (passports).
 */
export function createRegistrationService(deps: RegistrationDeps) {
  const { repo } = deps;
  const limit = async (key: string, rule: { limit: number; windowMs: number }) =>
    refuseWhenLimited(await deps.limiter.hit(key, rule));
  const tokensFor = async (userId: string, autoLogin: boolean) =>
    autoLogin ? [{ id: await deps.sessions.issueToken(userId), userId }] : [];

  return {
    /**
     * A verification code for registration or a password reset (SPEC §7.1) to the address of the
     * chosen type, which is required. The answer is the same whether or not the address has an
     * account: for a taken address the registration code is replaced by a note to its owner, and a
     * reset code goes only to an existing account.
     */
    async requestCode(input: {
      store: ResolvedStore;
      language: Language;
      purpose: 'user_verify' | 'user_reset_password';
      typeId: PermissionType;
      email?: string | null;
      phoneNumber?: string | null;
      client: string;
    }) {
      const byEmail = input.typeId === 'email';
      const address = byEmail ? input.email : input.phoneNumber;
      if (!address) {
        const issue = byEmail
          ? { path: 'email', message: 'error_email_required' }
          : { path: 'phoneNumber', message: 'error_phone_number_required' };
        throw new DomainError('VALIDATION_ERROR', { details: { issues: [issue] } });
      }
      const storeId = input.store.snapshot.store.id;
      const account = await repo.findByAddress(
        storeId,
        byEmail ? { email: address } : { phoneNumber: address },
      );
      const notice =
        input.purpose === 'user_verify' ? (account ? 'account_exists' : 'code') : account ? 'code' : 'none';
      return deps.permissions.request({
        storeId,
        storeName: input.store.snapshot.store.name,
        language: input.language,
        purpose: input.purpose,
        typeId: input.typeId,
        address,
        client: input.client,
        notice,
      });
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
    }): Promise<Registered> {
      const { store } = input;
      const storeId = store.snapshot.store.id;
      await limit(`register:client:${input.client}`, registrationPolicy.perClient);
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
      return { accessTokens: await tokensFor(user.id, input.autoLogin), emailVerified };
    },

    /** An anonymous customer (SPEC §4): no address, no password; signed in by its token. */
    async registerAnonymous(input: {
      store: ResolvedStore;
      fullName?: string | null;
      autoLogin: boolean;
      localeId?: string | null;
      currencyId?: string | null;
      client: string;
    }): Promise<Registered> {
      const { store } = input;
      if (!option(store, 'AllowAnonymousUser')) throw new DomainError('FORBIDDEN');
      await limit(`register:anonymous:${input.client}`, registrationPolicy.anonymousPerClient);
      const user = await repo.insert({
        id: randomUUID(),
        storeId: store.snapshot.store.id,
        anonymous: true,
        fullName: input.fullName || 'Anonymous',
        localeId: knownOr(store.snapshot.locales, input.localeId) ?? store.locale.id,
        currencyId: knownOr(store.snapshot.currencies, input.currencyId),
      });
      return { accessTokens: await tokensFor(user.id, input.autoLogin), emailVerified: false };
    },

    /**
     * The account of an external sign-in (SPEC §7.7): the one the passport is linked to, else the one
     * with the same verified e-mail, else a new one; the passport is linked to it. An unverified
     * e-mail that another account owns is not taken over. Answers an access token.
     */
    async signInWithPassport(input: {
      storeId: string;
      provider: string;
      subject: string;
      email: string | null;
      emailVerified: boolean;
      fullName: string | null;
    }): Promise<{ token: string; userId: string }> {
      const { storeId, email } = input;
      let userId = (await repo.findPassport(input.provider, input.subject))?.userId;
      if (!userId && email && input.emailVerified) {
        userId = (await repo.findByAddress(storeId, { email }))?.id;
      }
      if (!userId) {
        const taken = email ? await repo.findByAddress(storeId, { email }) : null;
        const user = await repo.insert({
          id: randomUUID(),
          storeId,
          email: taken ? null : email,
          emailVerified: !taken && input.emailVerified,
          fullName: input.fullName,
        });
        userId = user.id;
      }
      await repo.insertPassport({ userId, provider: input.provider, subject: input.subject });
      return { token: await deps.sessions.issueToken(userId), userId };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
