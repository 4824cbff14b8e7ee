import { randomUUID } from 'node:crypto';
import type { Language, PermissionItem, PermissionType } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import type { Mailer, Sms } from '../../platform/messaging/messaging.port.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import { hashToken, newOtp, sameDigest } from '../../platform/secrets.ts';
import { accountExistsMail, accountExistsSms, codeMail, codeSms } from './users.messages.ts';
import type { PermissionItemRow, UsersRepo } from './users.repo.ts';

export const codePolicy = {
  length: 6,
  resendAfterMs: 60_000,
  lifetimeMs: 10 * 60_000,
  maxAttempts: 5,
  /** How long a granted code may still be used for registration or a new password. */
  grantedLifetimeMs: 60 * 60_000,
  perAddressPerHour: 5,
  perClientPerHour: 30,
};

type Purpose = 'user_verify' | 'user_reset_password';

export interface PermissionDeps {
  repo: UsersRepo;
  transactor: Transactor;
  mailer: Mailer;
  sms: Sms;
  limiter: RateLimiter;
  now: () => Date;
  /** Where links in messages lead (the site's configured address, never a request's Host). */
  siteUrl: string;
}

/**
 * What a code request sends: the code; a note to the owner that the address already has an
 * account (a registration for a taken address); or nothing (a reset for an unknown address).
 */
export type CodeNotice = 'code' | 'account_exists' | 'none';

const otpDigest = (itemId: string, otp: string) => hashToken(`${itemId}:${otp}`);

function expiredAtText(expiredAt: Date, now: Date, language: Language): string {
  const minutes = Math.max(0, Math.ceil((expiredAt.getTime() - now.getTime()) / 60_000));
  return language === 'ru' ? `Код действует ${minutes} мин.` : `The code is valid for ${minutes} min.`;
}

/** The permission item of SPEC §3 as the client sees it: never the code itself. */
export function toPermissionItem(row: PermissionItemRow, now: Date, language: Language): PermissionItem {
  return {
    id: row.id,
    typeId: row.typeId as PermissionType,
    purpose: row.purpose as Purpose,
    email: row.typeId === 'email' ? row.address : null,
    phoneNumber: row.typeId === 'phone' ? row.address : null,
    otp: null,
    granted: row.grantedAt !== null,
    nextRequestAt: row.nextRequestAt.toISOString(),
    expiredAt: row.expiredAt.toISOString(),
    expiredAtText: expiredAtText(row.expiredAt, now, language),
  };
}

/** NEXT_REQUEST_NOT_YET while the address's last code is younger than the wait between codes. */
function refuseBeforeNextRequest(previous: PermissionItemRow | null, now: Date): void {
  if (!previous || previous.nextRequestAt <= now) return;
  const seconds = Math.ceil((previous.nextRequestAt.getTime() - now.getTime()) / 1000);
  throw new DomainError('NEXT_REQUEST_NOT_YET', {
    params: { seconds },
    details: { seconds, nextRequestAt: previous.nextRequestAt.toISOString() },
    headers: { 'retry-after': String(seconds) },
  });
}

/** Verification codes by e-mail and SMS: request, approve, and use once. */
export function createPermissionService(deps: PermissionDeps) {
  const limit = async (key: string, rule: { limit: number; windowMs: number }) =>
    refuseWhenLimited(await deps.limiter.hit(key, rule));

  async function deliver(input: {
    notice: CodeNotice;
    typeId: PermissionType;
    address: string;
    otp: string;
    language: Language;
    storeName: string;
  }): Promise<void> {
    const { language, storeName, address: to } = input;
    if (input.notice === 'none') return;
    if (input.notice === 'account_exists') {
      if (input.typeId === 'email') {
        await deps.mailer.send(accountExistsMail({ to, siteUrl: deps.siteUrl, language, storeName }));
      } else {
        await deps.sms.send({ to, text: accountExistsSms(deps.siteUrl, language) });
      }
      return;
    }
    const minutes = codePolicy.lifetimeMs / 60_000;
    if (input.typeId === 'email') {
      await deps.mailer.send(codeMail({ to, code: input.otp, minutes, language, storeName }));
    } else {
      await deps.sms.send({ to, text: codeSms({ code: input.otp, minutes, language, storeName }) });
    }
  }

  /** Checks a code; a right one grants the item, a wrong one costs an attempt. */
  async function approve(input: {
    storeId: string;
    language: Language;
    purpose: Purpose;
    id: string;
    otp: string | null | undefined;
  }): Promise<PermissionItem> {
    const now = deps.now();
    const row = await deps.repo.findPermissionItem(input.storeId, input.id);
    if (!row || row.purpose !== input.purpose || row.consumedAt) {
      throw new DomainError('CODE_NOT_VALID', { details: { id: input.id } });
    }
    if (row.grantedAt) return toPermissionItem(row, now, input.language);
    if (row.expiredAt <= now) throw new DomainError('CODE_EXPIRED', { details: { id: row.id } });
    const otp = input.otp?.trim();
    if (!otp) throw new DomainError('CODE_REQUIRED', { details: { id: row.id } });
    // The attempt counts before the code is compared, in one statement: of parallel guesses at
    // most the attempts left are compared at all.
    const attempts = await deps.repo.countCodeAttempt(row.id, codePolicy.maxAttempts);
    if (attempts === null) throw new DomainError('ATTEMPTS_EXCEEDED', { details: { id: row.id } });
    if (!sameDigest(row.otpHash, otpDigest(row.id, otp))) {
      const left = codePolicy.maxAttempts - attempts;
      throw new DomainError(left > 0 ? 'CODE_NOT_VALID' : 'ATTEMPTS_EXCEEDED', {
        details: { id: row.id, attemptsLeft: left },
      });
    }
    await deps.repo.updatePermissionItem(row.id, { grantedAt: now });
    return toPermissionItem({ ...row, grantedAt: now }, now, input.language);
  }

  return {
    /**
     * Makes a new code for an address and sends what `notice` says. The item is made either way, so
     * that the answer never tells whether the address has an account.
     */
    async request(input: {
      storeId: string;
      storeName: string;
      language: Language;
      purpose: Purpose;
      typeId: PermissionType;
      address: string;
      client: string;
      notice: CodeNotice;
    }): Promise<PermissionItem> {
      const now = deps.now();
      const otp = newOtp(codePolicy.length);
      // The wait between two codes is checked and the new one written under a lock on the address:
      // of requests made at once, one sends a code and the others are told to wait.
      const row = await deps.transactor.run(async () => {
        const address = {
          storeId: input.storeId,
          typeId: input.typeId,
          address: input.address,
          purpose: input.purpose,
        };
        await deps.repo.lockCodeRequests(address);
        const previous = await deps.repo.findLatestPermissionItem(address);
        refuseBeforeNextRequest(previous, now);
        const hour = { windowMs: 3_600_000 };
        await limit(`code:address:${input.typeId}:${input.address}`, {
          ...hour,
          limit: codePolicy.perAddressPerHour,
        });
        await limit(`code:client:${input.client}`, { ...hour, limit: codePolicy.perClientPerHour });
        // Only the newest code works: one from an earlier message, which the form no longer knows
        // of, would otherwise still be accepted.
        await deps.repo.expirePendingCodes(address, now);
        const id = randomUUID();
        return deps.repo.insertPermissionItem({
          id,
          storeId: input.storeId,
          purpose: input.purpose,
          typeId: input.typeId,
          address: input.address,
          otpHash: otpDigest(id, otp),
          nextRequestAt: new Date(now.getTime() + codePolicy.resendAfterMs),
          expiredAt: new Date(now.getTime() + codePolicy.lifetimeMs),
        });
      });
      await deliver({ ...input, otp });
      return toPermissionItem(row, now, input.language);
    },

    /** Checks the codes of a list in turn (SPEC §7.1 approve); the first refusal ends the call. */
    async approveAll(input: {
      storeId: string;
      language: Language;
      purpose: Purpose;
      items: Array<{ id: string; otp?: string | null }>;
    }): Promise<PermissionItem[]> {
      const approved: PermissionItem[] = [];
      for (const item of input.items) approved.push(await approve({ ...input, id: item.id, otp: item.otp }));
      return approved;
    },

    /**
     * Takes a granted item of the given address and purpose out of use, or says why it cannot:
     * missing → VERIFICATION_REQUIRED, expired → CODE_EXPIRED, not granted → CODE_NOT_VALID.
     */
    async consume(input: {
      storeId: string;
      purpose: Purpose;
      typeId: PermissionType;
      address: string;
      ids: string[];
      field: string;
    }): Promise<void> {
      const now = deps.now();
      for (const id of input.ids) {
        const row = await deps.repo.findPermissionItem(input.storeId, id);
        const matches =
          row &&
          row.typeId === input.typeId &&
          row.address === input.address &&
          row.purpose === input.purpose;
        if (!row || !matches || row.consumedAt) continue;
        if (!row.grantedAt) {
          if (row.expiredAt <= now)
            throw new DomainError('CODE_EXPIRED', { details: { field: input.field } });
          throw new DomainError('CODE_NOT_VALID', { details: { field: input.field } });
        }
        if (now.getTime() - row.grantedAt.getTime() > codePolicy.grantedLifetimeMs) {
          throw new DomainError('CODE_EXPIRED', { details: { field: input.field } });
        }
        await deps.repo.updatePermissionItem(row.id, { consumedAt: now });
        return;
      }
      throw new DomainError('VERIFICATION_REQUIRED', { details: { field: input.field } });
    },
  };
}

export type PermissionService = ReturnType<typeof createPermissionService>;
