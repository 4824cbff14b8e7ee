import { randomUUID } from 'node:crypto';
import {
  type Language,
  type Money,
  type PaymentOperationResult,
  type PaymentOption,
  personalAccountProviderId,
} from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import {
  type PaymentLine,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundResult,
  type RefundState,
  type WebhookRequest,
} from '../../platform/payments/payments.port.ts';
import { paymentStateMachine } from './payment.state.ts';
import {
  duplicatePaymentReason,
  type PaymentRow,
  type PaymentsRepo,
  type RefundRow,
} from './payments.repo.ts';

export interface PaymentsLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The query parameter of the return URLs that names our payment. */
export const paymentQueryParameter = 'payment';

const withQuery = (url: string, name: string, value: string) => {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
};

/**
 * A form the browser submits to go where a redirect points: a GET form sends its inputs as the
 * whole query, so the address's own query travels as inputs.
 */
function formOf(url: string): Pick<PaymentOperationResult, 'formUrl' | 'formMethod' | 'formInputList'> {
  const parsed = new URL(url);
  const formInputList = [...parsed.searchParams].map(([name, value]) => ({ name, value }));
  parsed.search = '';
  return { formUrl: parsed.toString(), formMethod: 'GET', formInputList };
}

/**
 * Payments (SPEC §7.4): the options a buyer can pay with, attempts at paying an order through a
 * provider, and what providers report (a buyer's return, a webhook). A payment becomes paid once,
 * in one transaction with what paying means for its order (`onPaid`), however many reports say so.
 */
/** The provider id of the personal account as a way to pay (not an outside acquirer). */
export const walletProviderId = personalAccountProviderId;

export function createPaymentsService(deps: {
  repo: PaymentsRepo;
  transactor: Pick<Transactor, 'run'>;
  providers: readonly PaymentProvider[];
  /** Marks the order paid and fulfils it, in the settling transaction. */
  onPaid: (payment: PaymentRow) => Promise<void>;
  /** Told once the payment's becoming paid is committed (the 'order paid' mail); its errors are logged. */
  afterPaid?: (payment: PaymentRow) => Promise<void>;
  /**
   * Told once the return of a duplicate payment has succeeded (the 'second payment returned' mail):
   * once per refund, whichever of the provider's answer and its notification says so first; its
   * errors are logged.
   */
  afterDuplicateReturned?: (refund: RefundRow) => Promise<void>;
  /**
   * The personal account as a way to pay (AllowPersonalAccount): takes the amount from the user's
   * money in its currency (INSUFFICIENT_FUNDS when it holds less), in the transaction in progress.
   */
  wallet?: {
    take: (input: { userId: string; amount: Money; key: string }) => Promise<void>;
    /** Puts money back on the personal account (a refund of what was paid from it), once per key. */
    giveBack: (input: { userId: string; amount: Money; key: string }) => Promise<void>;
  };
  log: PaymentsLog;
  now: () => Date;
}) {
  const { repo } = deps;
  const providerOf = (id: string) => deps.providers.find((provider) => provider.id === id);

  async function options(viewer: {
    language: Language;
    currency: { characterCode: string };
    /** The store allows the personal account (AllowPersonalAccount): it is a way to pay then. */
    personalAccount?: boolean;
  }): Promise<PaymentOption[]> {
    const rows = await repo.listOptions();
    const wallet = deps.wallet !== undefined && viewer.personalAccount === true;
    return rows
      .filter((row) => {
        if (row.provider === walletProviderId) return wallet;
        const provider = providerOf(row.provider);
        return provider?.currencies.some((code) => code === viewer.currency.characterCode) ?? false;
      })
      .map((row) => ({
        id: row.id,
        name: localized(row.name, viewer.language),
        description: localized(row.description, viewer.language),
        providerId: row.provider,
      }));
  }

  /** Moves a payment to what the provider reports; the same report twice changes nothing. */
  async function settle(state: PaymentState, provider: string): Promise<PaymentRow> {
    const settled = await settleInTransaction(state, provider);
    await afterSettled(settled);
    return settled.payment;
  }

  /**
   * What follows a committed settlement: the 'order paid' mail once the order became paid, or the
   * refund of a duplicate sent to its provider. Errors are logged: the provider is asked again by
   * support, the mail is not worth failing the buyer's return for.
   */
  async function afterSettled({ payment, becamePaid, duplicateRefund }: Settled): Promise<void> {
    if (becamePaid && deps.afterPaid) {
      await deps
        .afterPaid(payment)
        .catch((error: unknown) =>
          deps.log.error({ err: error, paymentId: payment.id }, 'after-payment work failed'),
        );
    }
    if (duplicateRefund) {
      await sendPendingRefund(duplicateRefund).catch((error: unknown) =>
        deps.log.error({ err: error, refundId: duplicateRefund.id }, 'refund of a duplicate payment failed'),
      );
    }
  }

  type Settled = { payment: PaymentRow; becamePaid: boolean; duplicateRefund?: RefundRow };

  /**
   * A payment that became paid while another payment of its order already had (two payment pages
   * of one order, both paid): the money is taken, so the payment is paid, and returned whole at
   * once; the order is not paid again and nothing is credited twice.
   */
  async function refundDuplicate(payment: PaymentRow, now: Date): Promise<RefundRow> {
    deps.log.warn(
      { paymentId: payment.id, orderId: payment.orderId },
      'a paid order was paid again: refunded',
    );
    const refund = await repo.insertRefund({
      id: randomUUID(),
      paymentId: payment.id,
      orderId: payment.orderId,
      provider: payment.provider,
      providerRefundId: null,
      status: 'pending',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reason: duplicatePaymentReason,
      createdAt: now,
      updatedAt: now,
    });
    await repo.update(payment.id, { status: 'refunded', updatedAt: now });
    return refund;
  }

  async function settleInTransaction(state: PaymentState, provider: string): Promise<Settled> {
    return deps.transactor.run(async () => {
      const found =
        (await repo.find(state.paymentId)) ?? (await repo.findByProvider(provider, state.providerPaymentId));
      // All the order's payments are locked, in one order, before any is changed: of two payments
      // of one order settled at once the second waits for the first and sees it (no deadlock).
      const ofOrder = found ? await repo.lockOfOrder(found.orderId) : [];
      const payment = ofOrder.find((row) => row.id === found?.id);
      if (!payment || payment.provider !== provider) throw new DomainError('NOT_FOUND');
      const target = state.status;
      if (payment.status === target || !paymentStateMachine.can(payment.status, target)) {
        return { payment, becamePaid: false };
      }
      if (
        target === 'paid' &&
        (state.amount.amountMinor !== payment.amountMinor || state.amount.currency !== payment.currency)
      ) {
        // Never credit what was not paid in full: support sorts it out with the provider.
        deps.log.error(
          { paymentId: payment.id, reported: state.amount },
          'provider reported another amount as paid',
        );
        throw new DomainError('PAYMENT_PROVIDER_ERROR');
      }
      const paidBefore =
        target === 'paid' &&
        ofOrder.some(
          (other) => other.id !== payment.id && (other.status === 'paid' || other.status === 'refunded'),
        );
      const now = deps.now();
      const change = {
        status: target,
        providerPaymentId: payment.providerPaymentId ?? state.providerPaymentId,
        failureReason: state.failureReason,
        updatedAt: now,
        ...(target === 'paid' && { paidAt: now }),
      };
      await repo.update(payment.id, change);
      const settled = { ...payment, ...change };
      if (paidBefore) {
        const duplicateRefund = await refundDuplicate(settled, now);
        return { payment: { ...settled, status: 'refunded' as const }, becamePaid: false, duplicateRefund };
      }
      if (target === 'paid') await deps.onPaid(settled);
      return { payment: settled, becamePaid: target === 'paid' };
    });
  }

  /**
   * Pays from the personal account at once: the money is taken and the payment settled as paid in
   * one transaction (the order is fulfilled in it), keyed by the payment; too little money leaves
   * the payment failed and the order unpaid, to be paid another way. The transaction first locks
   * the order's payments, so of two paying the same order at once the second finds it paid and
   * takes nothing (ORDER_NOT_PAYABLE).
   */
  async function payFromWallet(
    input: { orderId: string; userId: string; amount: Money; resolveUrl: string; rejectUrl: string },
    paymentOptionId: string,
  ): Promise<PaymentOperationResult> {
    const wallet = deps.wallet;
    if (!wallet) throw new DomainError('PAYMENT_OPTION_UNAVAILABLE');
    const id = randomUUID();
    await repo.insert({
      id,
      orderId: input.orderId,
      userId: input.userId,
      paymentOptionId,
      provider: walletProviderId,
      status: 'created',
      amountMinor: input.amount.amountMinor,
      currency: input.amount.currency,
      resolveUrl: input.resolveUrl,
      rejectUrl: input.rejectUrl,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
    try {
      const { payment, becamePaid } = await deps.transactor.run(async () => {
        const ofOrder = await repo.lockOfOrder(input.orderId);
        if (ofOrder.some((row) => row.id !== id && row.status === 'paid')) {
          throw new DomainError('ORDER_NOT_PAYABLE');
        }
        await wallet.take({
          userId: input.userId,
          amount: input.amount,
          key: `pay:order:${input.orderId}:${id}`,
        });
        return settleInTransaction(
          { paymentId: id, providerPaymentId: id, status: 'paid', amount: input.amount, failureReason: null },
          walletProviderId,
        );
      });
      if (becamePaid && deps.afterPaid) {
        await deps
          .afterPaid(payment)
          .catch((error: unknown) =>
            deps.log.error({ err: error, paymentId: id }, 'after-payment work failed'),
          );
      }
    } catch (error) {
      const reasons: Record<string, string> = {
        INSUFFICIENT_FUNDS: 'insufficient funds',
        ORDER_NOT_PAYABLE: 'the order was paid meanwhile',
      };
      const reason = error instanceof DomainError ? reasons[error.code] : undefined;
      if (reason) await repo.update(id, { status: 'failed', failureReason: reason, updatedAt: deps.now() });
      throw error;
    }
    return {
      statusId: 'payment_operation_statuses.paid',
      formUrl: null,
      formMethod: null,
      formInputList: [],
      paymentRequired: false,
      orderId: input.orderId,
    };
  }

  /**
   * Sends a pending refund to its provider (again: the refund's id is the provider's idempotency
   * key, so a retry refunds once) and records what it answers. A provider that cannot be reached
   * leaves it pending for the next try; a refusal marks it failed, for support.
   */
  async function sendPendingRefund(refund: RefundRow): Promise<RefundRow | null> {
    const sent = await sendToProvider(refund);
    await afterRefundSettled(sent);
    return sent.refund;
  }

  /** What follows a refund's success once committed: the mail of a returned duplicate payment. */
  async function afterRefundSettled({ refund, succeeded }: SettledRefund): Promise<void> {
    if (!succeeded || refund?.reason !== duplicatePaymentReason || !deps.afterDuplicateReturned) return;
    await deps
      .afterDuplicateReturned(refund)
      .catch((error: unknown) =>
        deps.log.error({ err: error, refundId: refund.id }, 'after-refund work failed'),
      );
  }

  /** A refund as settled, and whether this settling is the one that made it succeed. */
  type SettledRefund = { refund: RefundRow | null; succeeded: boolean };

  /** sendPendingRefund's part at the provider and in our records. */
  async function sendToProvider(refund: RefundRow): Promise<SettledRefund> {
    const payment = await repo.find(refund.paymentId);
    const provider = providerOf(refund.provider);
    if (!payment?.providerPaymentId || !provider) {
      throw new Error(`refund ${refund.id}: its payment or provider is gone`);
    }
    let result: RefundResult;
    try {
      result = await provider.refund({
        refundId: refund.id,
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amount: { amountMinor: refund.amountMinor, currency: refund.currency as Money['currency'] },
        reason: refund.reason,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, refundId: refund.id }, 'payment provider failed to take a refund');
      return { refund, succeeded: false };
    }
    return deps.transactor.run(async () => {
      if (result.kind === 'refused') {
        const locked = await repo.lockRefund({ id: refund.id });
        if (locked?.status !== 'pending') return { refund: locked, succeeded: false };
        deps.log.error({ refundId: refund.id, reason: result.reason }, 'payment provider refused a refund');
        const failed = await repo.updateRefund(refund.id, {
          status: 'failed',
          failureReason: result.reason,
          updatedAt: deps.now(),
        });
        return { refund: failed, succeeded: false };
      }
      // The provider's notification may have settled it already (a demo acquirer's comes before
      // its answer): then this changes nothing.
      await repo.updateRefund(refund.id, {
        providerRefundId: result.providerRefundId,
        updatedAt: deps.now(),
      });
      return settleRefund({ ...result, refundId: refund.id }, refund.provider);
    });
  }

  /**
   * Moves a refund to what the provider reports about it; a refund never leaves a final state, so
   * only one settling makes it succeed (`succeeded`), under the row's lock.
   */
  async function settleRefund(state: RefundState, provider: string): Promise<SettledRefund> {
    const refund = await repo.lockRefund(
      state.refundId ? { id: state.refundId } : { provider, providerRefundId: state.providerRefundId },
    );
    if (!refund || refund.provider !== provider || refund.status !== 'pending')
      return { refund, succeeded: false };
    if (state.status === 'pending') return { refund, succeeded: false };
    const settled = await repo.updateRefund(refund.id, {
      status: state.status,
      providerRefundId: refund.providerRefundId ?? state.providerRefundId,
      failureReason: state.status === 'failed' ? 'refund failed at the provider' : null,
      updatedAt: deps.now(),
    });
    return { refund: settled, succeeded: settled.status === 'succeeded' };
  }

  return {
    options,

    /**
     * Records the refund of `amount` of the order's paid payment, in the transaction in progress
     * (the one that takes back what the order gave). Paid from the personal account, the money goes
     * back there at once; paid at a provider, the refund waits for `sendRefund`. A payment fully
     * refunded becomes refunded.
     */
    async openRefund(input: { orderId: string; amount: number; reason: string }): Promise<RefundRow> {
      const payment = (await repo.ofOrder(input.orderId)).find((row) => row.status === 'paid');
      if (!payment) throw new Error(`order ${input.orderId} has no paid payment to refund`);
      if (input.amount <= 0 || input.amount > payment.amountMinor) {
        throw new Error(`order ${input.orderId}: a refund of ${input.amount} of ${payment.amountMinor}`);
      }
      const now = deps.now();
      const wallet = payment.provider === walletProviderId;
      const refund = await repo.insertRefund({
        id: randomUUID(),
        paymentId: payment.id,
        orderId: input.orderId,
        provider: payment.provider,
        providerRefundId: null,
        status: wallet ? 'succeeded' : 'pending',
        amountMinor: input.amount,
        currency: payment.currency,
        reason: input.reason,
        createdAt: now,
        updatedAt: now,
      });
      if (wallet) {
        if (!deps.wallet) throw new Error('a personal-account payment without the personal account');
        await deps.wallet.giveBack({
          userId: payment.userId,
          amount: { amountMinor: input.amount, currency: payment.currency as Money['currency'] },
          key: `refund:${refund.id}`,
        });
      }
      if (input.amount === payment.amountMinor) {
        await repo.update(payment.id, {
          status: paymentStateMachine.transition(payment.status, 'refunded'),
          updatedAt: now,
        });
      }
      return refund;
    },

    /** Sends the order's pending refund to its provider (see sendPendingRefund). */
    async sendRefund(orderId: string): Promise<RefundRow | null> {
      const refund = await repo.refundOfOrder(orderId);
      if (refund?.status !== 'pending') return refund;
      return sendPendingRefund(refund);
    },

    refundOfOrder: (orderId: string) => repo.refundOfOrder(orderId),

    /**
     * Sends again the refunds a provider has not taken yet (it could not be reached when they were
     * sent), those opened more than `settleMs` ago, so that a send in progress is left alone: a job.
     */
    async retryUnsentRefunds(settleMs = 60_000): Promise<number> {
      const unsent = await repo.unsentRefunds(new Date(deps.now().getTime() - settleMs), 100);
      let taken = 0;
      for (const refund of unsent) {
        if (!providerOf(refund.provider)) continue;
        const sent = await sendPendingRefund(refund).catch((error: unknown) => {
          deps.log.error({ err: error, refundId: refund.id }, 'refund retry failed');
          return null;
        });
        if (sent?.providerRefundId) taken += 1;
      }
      return taken;
    },

    /** Opens a payment for an order at the provider of the option and answers where the buyer pays. */
    async start(input: {
      orderId: string;
      userId: string;
      paymentOptionId: string;
      amount: Money;
      description: string;
      lines: PaymentLine[];
      resolveUrl: string;
      rejectUrl: string;
      customer: { email: string | null; phoneNumber: string | null };
      language: Language;
      personalAccount?: boolean;
    }): Promise<PaymentOperationResult> {
      const option = (
        await options({
          language: input.language,
          currency: { characterCode: input.amount.currency },
          personalAccount: input.personalAccount,
        })
      ).find((candidate) => candidate.id === input.paymentOptionId);
      if (option?.providerId === walletProviderId) return payFromWallet(input, option.id);
      const provider = option && providerOf(option.providerId);
      if (!option || !provider) throw new DomainError('PAYMENT_OPTION_UNAVAILABLE');
      const payment = await repo.insert({
        id: randomUUID(),
        orderId: input.orderId,
        userId: input.userId,
        paymentOptionId: option.id,
        provider: provider.id,
        status: 'created',
        amountMinor: input.amount.amountMinor,
        currency: input.amount.currency,
        resolveUrl: input.resolveUrl,
        rejectUrl: input.rejectUrl,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      });
      let started: Awaited<ReturnType<PaymentProvider['createPayment']>>;
      try {
        started = await provider.createPayment({
          paymentId: payment.id,
          orderId: input.orderId,
          amount: input.amount,
          description: input.description,
          lines: input.lines,
          returnUrl: withQuery(input.resolveUrl, paymentQueryParameter, payment.id),
          cancelUrl: withQuery(input.rejectUrl, paymentQueryParameter, payment.id),
          customer: input.customer,
          language: input.language,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        deps.log.error({ err: error, paymentId: payment.id }, 'payment provider failed to open a payment');
        throw new DomainError('PAYMENT_PROVIDER_ERROR');
      }
      if (started.kind === 'refused') {
        await repo.update(payment.id, {
          status: 'failed',
          failureReason: started.reason,
          updatedAt: deps.now(),
        });
        throw new DomainError('PAYMENT_OPTION_UNAVAILABLE', { details: { reason: started.reason } });
      }
      await repo.update(payment.id, {
        status: 'pending',
        providerPaymentId: started.providerPaymentId,
        updatedAt: deps.now(),
      });
      const form =
        started.kind === 'redirect'
          ? formOf(started.url)
          : { formUrl: started.url, formMethod: started.method, formInputList: started.fields };
      return {
        statusId: 'payment_operation_statuses.not_paid',
        ...form,
        paymentRequired: true,
        orderId: input.orderId,
      };
    },

    /**
     * The buyer's return from the provider (SPEC §7.4 validate): the query names our payment, and
     * the provider, not the query, says what became of it. Paid → paid; still pending → not paid
     * (the order stays placed); declined or given up → PAYMENT_DECLINED.
     */
    async validate(input: {
      userId: string;
      paymentOptionId: string;
      queryString: string;
    }): Promise<PaymentOperationResult> {
      const query = new URLSearchParams(input.queryString.replace(/^\?/, ''));
      const paymentId = query.get(paymentQueryParameter);
      const payment = paymentId ? await repo.find(paymentId) : null;
      if (!payment || payment.userId !== input.userId || payment.paymentOptionId !== input.paymentOptionId) {
        throw new DomainError('NOT_FOUND');
      }
      const provider = providerOf(payment.provider);
      if (!provider) throw new DomainError('PAYMENT_OPTION_UNAVAILABLE');
      let state: PaymentState;
      try {
        state = await provider.validateReturn({
          paymentId: payment.id,
          providerPaymentId: payment.providerPaymentId,
          query,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        deps.log.error({ err: error, paymentId: payment.id }, 'payment provider failed to report a payment');
        throw new DomainError('PAYMENT_PROVIDER_ERROR');
      }
      const settled = await settle(state, provider.id);
      if (settled.status === 'failed' || settled.status === 'canceled') {
        throw new DomainError('PAYMENT_DECLINED', {
          details: { orderId: settled.orderId, reason: settled.failureReason },
        });
      }
      // A payment refunded was paid: the order's own refund came later, or the order was paid
      // before by another payment and this one is on its way back (refundDuplicate).
      const paid = settled.status === 'paid' || settled.status === 'refunded';
      return {
        statusId: paid ? 'payment_operation_statuses.paid' : 'payment_operation_statuses.not_paid',
        formUrl: null,
        formMethod: null,
        formInputList: [],
        paymentRequired: !paid,
        orderId: settled.orderId,
      };
    },

    /**
     * A provider's notification: verified by the provider's rules, recorded once by its event id,
     * and acted on in the transaction that records it (so a failure is retried by the provider).
     * Answers false when it does not verify.
     */
    async webhook(providerId: string, request: WebhookRequest): Promise<boolean> {
      const provider = providerOf(providerId);
      if (!provider) throw new DomainError('NOT_FOUND');
      const result = await provider.parseWebhook(request);
      if (!result.verified) {
        deps.log.warn({ provider: providerId, reason: result.reason }, 'payment webhook refused');
        return false;
      }
      const { settled, refund } = await deps.transactor.run(async () => {
        const { event } = result;
        const paymentId = event.kind === 'payment' ? event.payment.paymentId : null;
        const first = await repo.recordEvent({
          provider: providerId,
          eventId: result.eventId,
          paymentId,
          kind: event.kind === 'other' ? event.type : event.kind,
          payload: event,
          receivedAt: deps.now(),
        });
        return {
          refund: first && event.kind === 'refund' ? await settleRefund(event.refund, providerId) : null,
          settled:
            first && event.kind === 'payment' ? await settleInTransaction(event.payment, providerId) : null,
        };
      });
      if (settled) await afterSettled(settled);
      if (refund) await afterRefundSettled(refund);
      return true;
    },

    ofOrder: (orderId: string) => repo.ofOrder(orderId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
