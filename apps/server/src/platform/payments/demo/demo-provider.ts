import type { CurrencyCode } from '@cutout/contracts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundState,
  type WebhookResult,
} from '../payments.port.ts';
import { isRecord, parseJsonBody } from '../provider-http.ts';
import { signHeader, verifySignedHeader } from '../signed-header.ts';
import type { DemoAcquirer, DemoAcquirerEvent, DemoPaymentRow, DemoRefundRow } from './demo-acquirer.ts';

export const demoSignatureHeader = 'x-demo-signature';

export interface DemoProviderOptions {
  acquirer: DemoAcquirer;
  /** The absolute origin and prefix of the hosted pages, e.g. `http://localhost:3000/demo-acquirer`. */
  baseUrl: string;
  /** The secret the acquirer signs its notifications with (DEMO_ACQUIRER_SECRET). */
  webhookSecret: string;
  /** Delivers a signed notification to the store's webhook (in-process: the payments module's handler). */
  notify: (request: { headers: Record<string, string>; rawBody: Buffer }) => Promise<void>;
  /** Told when a delivery fails: the buyer's page never waits on it nor sees it. */
  onNotifyError?: (error: unknown) => void;
  now?: () => Date;
}

const currencies: readonly CurrencyCode[] = ['RUB', 'USD', 'EUR'];
const provider = 'demo';

/**
 * The PaymentProvider of the built-in acquirer. Its notifications are wired here because both sides
 * run in this process and share the secret: the acquirer reports a final payment, this signs it
 * like an outside acquirer would and hands it to `notify`; `parseWebhook` verifies it and re-reads
 * the acquirer's books rather than the body.
 */
export function createDemoProvider(options: DemoProviderOptions): PaymentProvider & { stop(): void } {
  const { acquirer } = options;
  const now = options.now ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  const stop = acquirer.subscribe(async (event) => {
    const rawBody = Buffer.from(JSON.stringify(eventBody(event)));
    const timestamp = Math.floor(now().getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      [demoSignatureHeader]: signHeader({ secret: options.webhookSecret, payload: rawBody, timestamp }),
    };
    await options.notify({ headers, rawBody }).catch((error: unknown) => {
      (options.onNotifyError ?? ((e) => console.warn('demo acquirer: notification failed', e)))(error);
    });
  });

  return {
    id: provider,
    currencies,
    stop,

    async createPayment(input) {
      if (!currencies.includes(input.amount.currency))
        return { kind: 'refused', reason: 'currency_not_supported' };
      if (input.amount.amountMinor <= 0) return { kind: 'refused', reason: 'amount_invalid' };
      const payment = await acquirer.open({
        merchantPaymentId: input.paymentId,
        amountMinor: input.amount.amountMinor,
        currency: input.amount.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        language: input.language,
      });
      if (!payment) return { kind: 'refused', reason: 'idempotency_conflict' };
      return {
        kind: 'redirect',
        providerPaymentId: payment.id,
        url: `${baseUrl}/pay/${encodeURIComponent(payment.id)}`,
      };
    },

    // The query (`paymentId`, or anything a buyer typed in) is never read: only the acquirer's books.
    async validateReturn(input) {
      const payment = input.providerPaymentId
        ? await acquirer.find(input.providerPaymentId)
        : await acquirer.findByMerchantId(input.paymentId);
      if (!payment || payment.merchantPaymentId !== input.paymentId) {
        throw new PaymentProviderError({
          provider,
          code: 'not_found',
          message: `demo: no payment for ${input.paymentId}`,
        });
      }
      return paymentState(payment);
    },

    async parseWebhook(input): Promise<WebhookResult> {
      const check = verifySignedHeader({
        header: input.headers[demoSignatureHeader],
        payload: input.rawBody,
        secret: options.webhookSecret,
        now: Math.floor(now().getTime() / 1000),
      });
      if (!check.ok) return { verified: false, reason: check.reason };
      const body = parseJsonBody(input.rawBody);
      if (
        !isRecord(body) ||
        typeof body.id !== 'string' ||
        typeof body.type !== 'string' ||
        !isRecord(body.payment)
      ) {
        return { verified: false, reason: 'body_malformed' };
      }
      if (body.type === 'refund.succeeded' && isRecord(body.refund) && typeof body.refund.id === 'string') {
        const refund = await acquirer.findRefund(body.refund.id);
        const payment = refund && (await acquirer.find(refund.paymentId));
        if (!refund || !payment) return { verified: false, reason: 'refund_unknown' };
        return {
          verified: true,
          eventId: body.id,
          event: { kind: 'refund', refund: refundState(refund, payment) },
        };
      }
      if (typeof body.payment.id === 'string' && body.type.startsWith('payment.')) {
        const payment = await acquirer.find(body.payment.id);
        if (!payment) return { verified: false, reason: 'payment_unknown' };
        return {
          verified: true,
          eventId: body.id,
          event: { kind: 'payment', payment: paymentState(payment) },
        };
      }
      return { verified: true, eventId: body.id, event: { kind: 'other', type: body.type } };
    },

    async refund(input) {
      const result = await acquirer.refund({
        paymentId: input.providerPaymentId,
        merchantRefundId: input.refundId,
        amountMinor: input.amount.amountMinor,
      });
      if (result.kind === 'refused') return result;
      const payment = await acquirer.find(result.refund.paymentId);
      if (!payment || payment.currency !== input.amount.currency)
        return { kind: 'refused', reason: 'currency_mismatch' };
      return { kind: 'accepted', ...refundState(result.refund, payment) };
    },
  };
}

function eventBody(event: DemoAcquirerEvent) {
  const { payment } = event;
  return {
    id: `evt_${event.type === 'refund.succeeded' ? event.refund.id : `${payment.id}_${payment.status}`}`,
    type: event.type,
    payment: {
      id: payment.id,
      merchantPaymentId: payment.merchantPaymentId,
      status: payment.status,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      failureReason: payment.failureReason,
    },
    ...(event.type === 'refund.succeeded'
      ? {
          refund: {
            id: event.refund.id,
            merchantRefundId: event.refund.merchantRefundId,
            amountMinor: event.refund.amountMinor,
          },
        }
      : {}),
  };
}

function paymentState(payment: DemoPaymentRow): PaymentState {
  const status = payment.status === 'awaiting_confirmation' ? 'pending' : payment.status;
  return {
    paymentId: payment.merchantPaymentId,
    providerPaymentId: payment.id,
    status,
    amount: { amountMinor: payment.amountMinor, currency: payment.currency as CurrencyCode },
    failureReason: status === 'failed' || status === 'canceled' ? payment.failureReason : null,
  };
}

function refundState(refund: DemoRefundRow, payment: DemoPaymentRow): RefundState {
  return {
    refundId: refund.merchantRefundId,
    providerRefundId: refund.id,
    status: refund.status,
    amount: { amountMinor: refund.amountMinor, currency: payment.currency as CurrencyCode },
  };
}
