import { randomInt, randomUUID } from 'node:crypto';
import {
  formatMoney,
  type IssueVouchersRequest,
  type Language,
  type Voucher,
  type VoucherGrant,
  type VoucherKind,
} from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { Mailer } from '../../platform/messaging/messaging.port.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { litreAccount } from '../ledger/litres.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { VoucherRow, VouchersRepo } from './vouchers.repo.ts';
import type { StoredGrant } from './vouchers.schema.ts';

/** Letters and digits a person cannot mistake for one another (no I, O, 0, 1). */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const groups = 3;
const groupLength = 4;

/** A new code, `XXXX-XXXX-XXXX`: 60 random bits, out of reach of guessing at the apply rate limit. */
export function newVoucherCode(): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join(''),
  ).join('-');
}

/**
 * A code as typed: any case, spaces or dashes anywhere. Answers the stored form, or the trimmed
 * upper-case text when it cannot be one of ours (it is then simply not found).
 */
export function normalizeVoucherCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (bare.length !== groups * groupLength) return typed.trim().toUpperCase();
  return bare.match(new RegExp(`.{${groupLength}}`, 'g'))?.join('-') ?? bare;
}

/**
 * Wrong codes a user, and an address, may try before being made to wait: with 32^12 codes, a
 * guesser at this rate finds nothing in a lifetime, while a person who mistypes a few times does not
 * notice the limit.
 */
export const voucherPolicy = {
  failuresPerUser: { limit: 10, windowMs: 15 * 60_000 },
  failuresPerAddress: { limit: 30, windowMs: 15 * 60_000 },
};

/** The ledger key of what a voucher credited: the litre summary counts it as litres from a code. */
const creditKey = (voucherId: string) => `code:${voucherId}`;

export interface IssueRequest {
  kind: VoucherKind;
  grant: StoredGrant;
  quantity: number;
  /** Each voucher's issue key is `<keyPrefix>:<n>`: issuing again gives back the same codes. */
  keyPrefix: string;
  orderItemId?: string;
  buyerId?: string;
  productName?: Record<string, string>;
}

/** The names of the plans codes may activate, for showing what a code gives. */
export type PlanNames = (productId: string, language: Language) => Promise<string | null>;

const mailTexts = {
  en: {
    subject: 'A gift for you: background removal',
    body: (from: string, gives: string, code: string, link: string) =>
      `${from} sends you a gift card: ${gives}.\n\nYour code: ${code}\n\nApply it in your account: ${link}`,
    someone: 'Someone',
  },
  ru: {
    subject: 'Подарок для вас: удаление фона',
    body: (from: string, gives: string, code: string, link: string) =>
      `${from} дарит вам подарочную карту: ${gives}.\n\nВаш код: ${code}\n\nАктивируйте его в личном кабинете: ${link}`,
    someone: 'Вам',
  },
} satisfies Record<Language, unknown>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a grant gives, in words, for mails. */
export function grantInWords(grant: VoucherGrant, language: Language): string {
  if (grant.type === 'litres') {
    return new Intl.PluralRules(language).select(grant.litres) === 'one'
      ? `${grant.litres} ${language === 'ru' ? 'литр' : 'litre'}`
      : `${grant.litres} ${language === 'ru' ? litresRu(grant.litres) : 'litres'}`;
  }
  if (grant.type === 'money') {
    return formatMoney(grant.amount, grant.currency, language);
  }
  return grant.planName;
}

function litresRu(count: number): string {
  const form = new Intl.PluralRules('ru').select(count);
  return form === 'few' ? 'литра' : 'литров';
}

/**
 * Pin codes and gift cards (issue 15): issued by a paid order line or by the operator, applied once
 * by any signed-in user through `/shoppingCarts/applyPinCode`. Applying locks the code's row, marks
 * it used and credits what it gives in the same transaction, each credit keyed by the voucher: a
 * code cannot give twice, whoever races for it. README.md beside this file has the rules.
 */
export function createVouchersService(deps: {
  repo: VouchersRepo;
  transactor: Transactor;
  ledger: Pick<LedgerService, 'credit'>;
  subscriptions: Pick<SubscriptionsService, 'activate'>;
  planNames: PlanNames;
  mailer: Mailer;
  limiter: RateLimiter;
  siteUrl: string;
  now: () => Date;
}) {
  const { repo } = deps;

  async function presentGrant(grant: StoredGrant, language: Language): Promise<VoucherGrant> {
    if (grant.type !== 'plan') return grant;
    const name = (await deps.planNames(grant.productId, language)) ?? grant.productId;
    return { type: 'plan', planName: name, validityPeriodId: `validity_periods.${grant.period}` };
  }

  async function present(row: VoucherRow, viewerId: string, language: Language): Promise<Voucher> {
    return {
      id: row.id,
      kind: row.kind,
      code: row.code,
      grant: await presentGrant(row.grant, language),
      productName: row.productName ? localized(row.productName, language) : null,
      recipientEmail: row.recipientEmail,
      createdAt: row.createdAt.toISOString(),
      redeemedAt: row.redeemedAt?.toISOString() ?? null,
      voidedAt: row.voidedAt?.toISOString() ?? null,
      redeemedByViewer: row.redeemedBy === viewerId,
    };
  }

  /** Gives what the code gives to the user, keyed by the voucher. */
  async function give(row: VoucherRow, userId: string): Promise<void> {
    const { grant } = row;
    if (grant.type === 'litres') {
      await deps.ledger.credit({
        account: litreAccount(userId),
        kind: 'purchase',
        amount: grant.litres,
        key: creditKey(row.id),
      });
    } else if (grant.type === 'money') {
      await deps.ledger.credit({
        account: { userId, unit: `money:${grant.currency as 'RUB'}` },
        kind: 'purchase',
        amount: grant.amount,
        key: creditKey(row.id),
      });
    } else {
      await deps.subscriptions.activate({
        userId,
        productId: grant.productId,
        period: grant.period,
        key: `voucher:${row.id}`,
      });
    }
  }

  /** Issues `quantity` vouchers, once per key: paying or issuing again answers the same codes. */
  async function issue(request: IssueRequest): Promise<VoucherRow[]> {
    return deps.transactor.run(async () => {
      const rows: VoucherRow[] = [];
      for (let n = 1; n <= request.quantity; n++) {
        rows.push(
          await repo.insertOnce({
            id: randomUUID(),
            code: newVoucherCode(),
            kind: request.kind,
            grant: request.grant,
            issueKey: `${request.keyPrefix}:${n}`,
            orderItemId: request.orderItemId ?? null,
            productName: request.productName ?? null,
            buyerId: request.buyerId ?? null,
            createdAt: deps.now(),
          }),
        );
      }
      return rows;
    });
  }

  return {
    issue,

    /**
     * The operator's batch: what it gives is checked (a plan must be one; money must be in a currency
     * the store sells in, or it could not be spent),
     * and the batch name keys the codes, so issuing it again answers the same ones.
     */
    async issueBatch(request: IssueVouchersRequest, storeCurrencies: string[]): Promise<string[]> {
      const { grant } = request;
      if (grant.type === 'plan' && !(await deps.planNames(grant.productId, 'en'))) {
        throw new DomainError('VALIDATION_ERROR', { details: { field: 'grant.productId' } });
      }
      if (grant.type === 'money' && !storeCurrencies.includes(grant.currency)) {
        throw new DomainError('VALIDATION_ERROR', { details: { field: 'grant.currency' } });
      }
      const rows = await issue({
        kind: request.kind,
        grant,
        quantity: request.quantity,
        keyPrefix: `operator:${request.batch}`,
      });
      return rows.map((row) => row.code);
    },

    /**
     * Applies a code for the user. Refusals: PIN_CODE_REQUIRED (empty), PIN_CODE_UNKNOWN,
     * PIN_CODE_ALREADY_APPLIED, PIN_CODE_PLAN_CONFLICT (a plan code while another plan runs), and
     * RATE_LIMITED once the user or their address tried too many wrong codes.
     */
    async apply(
      request: { userId: string; client: string; language: Language },
      typed: string | null | undefined,
    ): Promise<Voucher> {
      if (!typed?.trim()) throw new DomainError('PIN_CODE_REQUIRED');
      const failures = [
        { key: `voucher-failures:user:${request.userId}`, rule: voucherPolicy.failuresPerUser },
        { key: `voucher-failures:ip:${request.client}`, rule: voucherPolicy.failuresPerAddress },
      ];
      // Each try counts before the code is looked up (parallel guesses cannot all pass a check made
      // before any counted); a code that was no guess is forgiven.
      const verdicts = [];
      for (const { key, rule } of failures) verdicts.push(await deps.limiter.hit(key, rule));
      const forgive = async () => {
        for (const { key } of failures) await deps.limiter.forgive(key);
      };
      const refused = verdicts.find((verdict) => !verdict.allowed);
      if (refused) {
        // Only the counter that is over its limit keeps this try: a user locked out must not use
        // up their address's tries, nor the reverse.
        for (const [index, { key }] of failures.entries()) {
          if (verdicts[index]?.allowed) await deps.limiter.forgive(key);
        }
        refuseWhenLimited(refused);
      }
      const code = normalizeVoucherCode(typed);
      try {
        const row = await deps.transactor.run(async () => {
          const found = await repo.lockByCode(code);
          if (!found) throw new DomainError('PIN_CODE_UNKNOWN');
          if (found.redeemedAt) throw new DomainError('PIN_CODE_ALREADY_APPLIED');
          if (found.voidedAt) throw new DomainError('PIN_CODE_VOID');
          const redeemed = await repo.update(found.id, {
            redeemedBy: request.userId,
            redeemedAt: deps.now(),
          });
          await give(redeemed, request.userId);
          return redeemed;
        });
        await forgive();
        return present(row, request.userId, request.language);
      } catch (error) {
        const guessed =
          error instanceof DomainError &&
          ['PIN_CODE_UNKNOWN', 'PIN_CODE_ALREADY_APPLIED', 'PIN_CODE_VOID'].includes(error.code);
        if (!guessed) await forgive();
        throw error;
      }
    },

    /**
     * The refund of an order line: its codes not yet applied are cancelled, under a lock on them,
     * so a code is either applied or voided, never both. Answers how many were issued and voided
     * (voided earlier by the same refund count too: a retried refund answers the same).
     */
    async voidUnused(orderItemId: string): Promise<{ issued: number; voided: number }> {
      return deps.transactor.run(async () => {
        const rows = await repo.lockOfOrderItem(orderItemId);
        let voided = 0;
        for (const row of rows) {
          if (row.redeemedAt) continue;
          if (!row.voidedAt) await repo.update(row.id, { voidedAt: deps.now() });
          voided += 1;
        }
        return { issued: rows.length, voided };
      });
    },

    /** The codes the user bought (to pass on) or applied, newest first. */
    async list(userId: string, language: Language): Promise<Voucher[]> {
      const rows = await repo.listOf(userId);
      return Promise.all(rows.map((row) => present(row, userId, language)));
    },

    /** The codes issued for order lines, for the 'order paid' mail. */
    async ofOrderItems(orderItemIds: string[], language: Language): Promise<Voucher[]> {
      const rows = await repo.ofOrderItems(orderItemIds);
      return Promise.all(rows.map((row) => present(row, '', language)));
    },

    /**
     * Sends a gift card's code to someone by e-mail, in the language the buyer picks for them. Only
     * its buyer may, and only while it is unused; the address is kept to show where it went.
     */
    async send(
      userId: string,
      id: string,
      input: { email: string; fromName: string | null; language: Language },
      viewerLanguage: Language,
    ): Promise<Voucher> {
      const found = await repo.find(id);
      if (!found || found.buyerId !== userId) throw new DomainError('NOT_FOUND');
      if (found.redeemedAt) throw new DomainError('PIN_CODE_ALREADY_APPLIED');
      if (found.voidedAt) throw new DomainError('PIN_CODE_VOID');
      const t = mailTexts[input.language];
      const gives = grantInWords(await presentGrant(found.grant, input.language), input.language);
      const link = `${deps.siteUrl}/${input.language}/user/pincodes`;
      const text = t.body(input.fromName?.trim() || t.someone, gives, found.code, link);
      await deps.mailer.send({
        to: input.email,
        subject: t.subject,
        text,
        html: text
          .split('\n\n')
          .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
          .join(''),
      });
      const sent = await repo.update(id, { recipientEmail: input.email });
      return present(sent, userId, viewerLanguage);
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
