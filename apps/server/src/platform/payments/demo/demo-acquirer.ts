import { AsyncResource } from 'node:async_hooks';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CurrencyCode, Language } from '@cutout/contracts';
import type {
  DemoAcquirerRepo,
  DemoPaymentRow,
  DemoPaymentStatus,
  DemoRefundRow,
} from './demo-acquirer.repo.ts';
import { type CardField, type CardFieldError, type CardInput, checkCard } from './demo-cards.ts';

export type { DemoPaymentRow, DemoRefundRow } from './demo-acquirer.repo.ts';

/** What the acquirer tells its merchant when a payment or a refund is final (a webhook, once signed). */
export type DemoAcquirerEvent =
  | { type: 'payment.paid' | 'payment.failed' | 'payment.canceled'; payment: DemoPaymentRow }
  | { type: 'refund.succeeded'; payment: DemoPaymentRow; refund: DemoRefundRow };

export interface OpenDemoPayment {
  merchantPaymentId: string;
  amountMinor: number;
  currency: CurrencyCode;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  language: Language;
}

export type PayResult =
  | { kind: 'invalid'; payment: DemoPaymentRow; errors: Partial<Record<CardField, CardFieldError>> }
  /** The payment is (now, or already was) in the state shown: final, or waiting for the code. */
  | { kind: 'done'; payment: DemoPaymentRow };

export type ConfirmResult =
  | { kind: 'wrong_code'; payment: DemoPaymentRow; triesLeft: number }
  | { kind: 'done'; payment: DemoPaymentRow };

export type DemoRefundResult =
  | { kind: 'accepted'; refund: DemoRefundRow }
  | { kind: 'refused'; reason: 'not_found' | 'not_paid' | 'over_refund' | 'idempotency_conflict' };

export const finalStatuses: readonly DemoPaymentStatus[] = ['paid', 'failed', 'canceled'];
const open: DemoPaymentStatus[] = ['pending', 'awaiting_confirmation'];
const maxCodeTries = 3;

export interface DemoAcquirerOptions {
  /** `createDemoAcquirerRepo(transactor)`. */
  repo: DemoAcquirerRepo;
  now?: () => Date;
  /** The one-time code of a confirmation step; random unless a test fixes it. */
  generateCode?: () => string;
}

/**
 * The built-in acquirer: it plays an outside payment provider inside this server (its own ids, its
 * own books, its hosted page), so the checkout runs end to end with no account anywhere. It knows
 * nothing of orders; it tells whoever subscribed when a payment or refund is final.
 */
export function createDemoAcquirer(options: DemoAcquirerOptions) {
  const { repo } = options;
  const now = options.now ?? (() => new Date());
  const generateCode = options.generateCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'));
  const listeners = new Set<(event: DemoAcquirerEvent) => Promise<void>>();
  const deliveries = new Set<Promise<void>>();

  /*
   * Deliveries run in the async context of the acquirer's creation, not of the call that finished
   * the payment: that call may be inside a transaction of ours (a refund), and a notification handled
   * in its context would reuse the transaction after it ended.
   */
  const context = new AsyncResource('demo-acquirer-delivery');
  // Listeners run after the answer to the buyer: a slow or failing merchant never holds up the page.
  const emit = (event: DemoAcquirerEvent) => {
    for (const listener of listeners) {
      const delivery = context
        .runInAsyncScope(() => listener(event))
        .catch(() => {})
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    }
  };

  const finish = (payment: DemoPaymentRow | null) => {
    if (payment && finalStatuses.includes(payment.status)) {
      emit({ type: `payment.${payment.status}` as 'payment.paid', payment });
    }
    return payment;
  };

  async function current(id: string): Promise<DemoPaymentRow> {
    const payment = await repo.find(id);
    if (!payment) throw new Error(`demo acquirer: no payment ${id}`);
    return payment;
  }

  return {
    /** Opens a payment, or answers the one already opened with this merchant id (null if it differs). */
    async open(input: OpenDemoPayment): Promise<DemoPaymentRow | null> {
      const row = await repo.openPayment({
        ...input,
        id: newId('demo_pay'),
        createdAt: now(),
        updatedAt: now(),
      });
      const same = row.amountMinor === input.amountMinor && row.currency === input.currency;
      return same ? row : null;
    },

    find: (id: string) => repo.find(id),
    findByMerchantId: (merchantPaymentId: string) => repo.findByMerchantId(merchantPaymentId),
    findRefund: (id: string) => repo.findRefund(id),

    /** Charges a card; the amount is the payment's, never the form's. */
    async pay(id: string, card: CardInput): Promise<PayResult> {
      const payment = await current(id);
      if (payment.status !== 'pending') return { kind: 'done', payment };
      const check = checkCard(card, now());
      if (!check.ok) return { kind: 'invalid', payment, errors: check.errors };
      const cardLast4 = check.number.slice(-4);
      const updatedAt = now();
      const moved =
        check.outcome === 'paid'
          ? finish(await repo.transition(id, ['pending'], { status: 'paid', cardLast4, updatedAt }))
          : check.outcome === 'confirmation'
            ? await repo.transition(id, ['pending'], {
                status: 'awaiting_confirmation',
                cardLast4,
                confirmationCodeHash: codeRecord(0, generateCode()),
                updatedAt,
              })
            : finish(
                await repo.transition(id, ['pending'], {
                  status: 'failed',
                  failureReason: check.outcome === 'declined' ? 'card_declined' : 'unknown_test_card',
                  cardLast4,
                  updatedAt,
                }),
              );
      return { kind: 'done', payment: moved ?? (await current(id)) };
    },

    /**
     * Issues a new one-time code for a payment waiting for one and answers it in clear: the demo page
     * shows it as a hint, since no bank sends it. Only its hash is kept; the tries count carries over.
     */
    async issueCode(id: string): Promise<string | null> {
      const payment = await current(id);
      if (payment.status !== 'awaiting_confirmation') return null;
      const code = generateCode();
      const tries = readCodeRecord(payment.confirmationCodeHash).failedTries;
      await repo.transition(id, ['awaiting_confirmation'], {
        confirmationCodeHash: codeRecord(tries, code),
        updatedAt: now(),
      });
      return code;
    },

    /** Checks the one-time code; the third wrong one fails the payment. */
    async confirm(id: string, code: string): Promise<ConfirmResult> {
      const payment = await current(id);
      if (payment.status !== 'awaiting_confirmation') return { kind: 'done', payment };
      const record = readCodeRecord(payment.confirmationCodeHash);
      const updatedAt = now();
      if (codeMatches(record.hash, code.trim())) {
        const paid = finish(
          await repo.transition(id, ['awaiting_confirmation'], { status: 'paid', updatedAt }),
        );
        return { kind: 'done', payment: paid ?? (await current(id)) };
      }
      const failedTries = record.failedTries + 1;
      if (failedTries >= maxCodeTries) {
        const failed = finish(
          await repo.transition(id, ['awaiting_confirmation'], {
            status: 'failed',
            failureReason: 'confirmation_failed',
            updatedAt,
          }),
        );
        return { kind: 'done', payment: failed ?? (await current(id)) };
      }
      const counted = await repo.transition(id, ['awaiting_confirmation'], {
        confirmationCodeHash: codeRecord(failedTries, null, record.hash),
        updatedAt,
      });
      return {
        kind: 'wrong_code',
        payment: counted ?? (await current(id)),
        triesLeft: maxCodeTries - failedTries,
      };
    },

    async cancel(id: string): Promise<DemoPaymentRow> {
      const canceled = finish(
        await repo.transition(id, open, {
          status: 'canceled',
          failureReason: 'canceled_by_customer',
          updatedAt: now(),
        }),
      );
      return canceled ?? (await current(id));
    },

    /** Refunds part or all of a paid payment, once per merchant refund id. */
    async refund(input: {
      paymentId: string;
      merchantRefundId: string;
      amountMinor: number;
    }): Promise<DemoRefundResult> {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
        return { kind: 'refused', reason: 'over_refund' };
      const payment = await repo.find(input.paymentId);
      if (!payment) return { kind: 'refused', reason: 'not_found' };
      const result = await repo.refund({ ...input, id: newId('demo_re'), createdAt: now() });
      if (result.kind !== 'created' && result.kind !== 'existing')
        return { kind: 'refused', reason: result.kind };
      const { refund } = result;
      if (refund.paymentId !== input.paymentId || refund.amountMinor !== input.amountMinor) {
        return { kind: 'refused', reason: 'idempotency_conflict' };
      }
      if (result.kind === 'created') emit({ type: 'refund.succeeded', payment, refund });
      return { kind: 'accepted', refund };
    },

    /** Subscribes to final payments and refunds; answers the unsubscribe. */
    subscribe(listener: (event: DemoAcquirerEvent) => Promise<void>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves when every notification under way has been delivered (tests wait on it, not on time). */
    async idle(): Promise<void> {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },
  };
}

export type DemoAcquirer = ReturnType<typeof createDemoAcquirer>;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/*
 * The table has one column for the code (its hash) and none for the wrong tries, and its migration
 * is not this module's to change: the column holds `<wrong tries>:<sha256 hex>`.
 */
function codeRecord(failedTries: number, code: string | null, hash?: string): string {
  return `${failedTries}:${code === null ? hash : hashCode(code)}`;
}

function readCodeRecord(value: string | null): { failedTries: number; hash: string } {
  const [tries, hash] = (value ?? '').split(':');
  return { failedTries: Number(tries) || 0, hash: hash ?? '' };
}

function codeMatches(hash: string, code: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const given = Buffer.from(hashCode(code), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
