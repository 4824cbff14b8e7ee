import type { CurrencyCode, Language, Money } from '@cutout/contracts';

/**
 * The port of payment providers: what the checkout asks of an acquirer. Adapters come as folders
 * beside this file: `demo/` (the built-in acquirer, a hosted page served by this server),
 * `yookassa/` (RUB) and `stripe/` (Stripe Checkout). A provider moves money and reports what it
 * did; the payments module decides what that means (its state machine) and credits once per paid
 * payment, keyed by our payment id.
 *
 * Expected outcomes (a declined card, a bad signature, a refused refund) are answered as typed
 * results; faults (the provider is unreachable, answers nonsense) are thrown.
 */
export interface PaymentProvider {
  /** The adapter, as a payment option names it: 'demo', 'yookassa', 'stripe'. */
  readonly id: string;
  /** The currencies it takes; a payment option offers it only for these. */
  readonly currencies: readonly CurrencyCode[];

  /**
   * Opens a payment for an order at the provider and answers where the customer pays: a hosted page
   * to send the browser to, or a form to post there (SPEC §3 payment operation result: formUrl,
   * formMethod, formInputList). Calling it again with the same payment id opens no second payment.
   */
  createPayment(input: CreatePaymentInput): Promise<PaymentStart>;

  /**
   * Checks the customer's return to the return URL (SPEC §7.4 validate, with the query string the
   * provider added): asks the provider for the payment's real state, never trusting the query alone.
   */
  validateReturn(input: PaymentReturn): Promise<PaymentState>;

  /**
   * Verifies a notification by its signature over the raw body (or by its source, where the
   * provider signs that way) and reads it. One that does not verify is answered as such and must
   * change nothing; the same event may come more than once.
   */
  parseWebhook(input: WebhookRequest): Promise<WebhookResult>;

  /** Returns all or part of a paid payment; calling it again with the same refund id refunds once. */
  refund(input: RefundInput): Promise<RefundResult>;
}

export interface CreatePaymentInput {
  /** Our id of the payment: the provider's idempotency key, kept in its metadata, read back later. */
  paymentId: string;
  /** What is paid for (an order, a personal account top-up), shown to the customer and kept. */
  orderId: string;
  amount: Money;
  /** The line the customer sees on the provider's page and statement. */
  description: string;
  /** The lines of the order, for providers that print a receipt (YooKassa, 54-FZ) or list items. */
  lines: PaymentLine[];
  /** Where the provider sends the browser back after paying: the validate call of the web app. */
  returnUrl: string;
  /** Where it sends the browser when the customer gives up, for providers that tell the two apart. */
  cancelUrl: string;
  /** Whom the receipt goes to. */
  customer: { email: string | null; phoneNumber: string | null };
  /** The language of the provider's page. */
  language: Language;
}

export interface PaymentLine {
  name: string;
  quantity: number;
  /** The price of one unit. */
  unitPrice: Money;
}

/** Where the customer pays, or why the provider refused to open the payment. */
export type PaymentStart =
  | { kind: 'redirect'; providerPaymentId: string; url: string }
  | {
      kind: 'form';
      providerPaymentId: string;
      url: string;
      method: 'GET' | 'POST';
      fields: Array<{ name: string; value: string }>;
    }
  | { kind: 'refused'; reason: string };

export interface PaymentReturn {
  /** Our payment the return belongs to (the return URL carries it). */
  paymentId: string;
  /** The provider's id of it, when createPayment answered one. */
  providerPaymentId: string | null;
  /** The query string the provider added to the return URL. */
  query: URLSearchParams;
}

/** A payment as the provider reports it. */
export interface PaymentState {
  paymentId: string;
  providerPaymentId: string;
  status: 'pending' | 'paid' | 'failed' | 'canceled';
  /** What the provider took: checked against the payment's amount before anything is credited. */
  amount: Money;
  /** The provider's reason for a failure or a cancellation, for logs and support; null otherwise. */
  failureReason: string | null;
}

export interface WebhookRequest {
  /** The request headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are over these bytes, not over parsed JSON. */
  rawBody: Buffer;
  /** The caller's address, for providers that publish the addresses they notify from. */
  client: string;
}

export type WebhookResult =
  | { verified: false; reason: string }
  | {
      verified: true;
      /** The provider's id of the event: a repeated event is recognised by it. */
      eventId: string;
      event:
        | { kind: 'payment'; payment: PaymentState }
        | { kind: 'refund'; refund: RefundState }
        /** An event the checkout does not act on (its type is logged). */
        | { kind: 'other'; type: string };
    };

export interface RefundInput {
  /** Our id of the refund: the provider's idempotency key. */
  refundId: string;
  paymentId: string;
  providerPaymentId: string;
  /** At most what was paid less what was already refunded. */
  amount: Money;
  /** Why, as the customer and the provider's dashboard see it. */
  reason: string;
}

export interface RefundState {
  /**
   * Our id of the refund; null where the provider does not carry it back (a YooKassa refund has no
   * metadata): the payments module then matches the refund by providerRefundId.
   */
  refundId: string | null;
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: Money;
}

export type RefundResult = ({ kind: 'accepted' } & RefundState) | { kind: 'refused'; reason: string };

/**
 * A fault of the provider, not an answer: it could not be reached, timed out, refused our
 * credentials, failed on its side or answered something we cannot read. The caller may try again
 * later (with the same ids: every call is idempotent); the customer is told to retry, not refused.
 */
export class PaymentProviderError extends Error {
  readonly provider: string;
  /** 'unreachable', 'timeout', 'bad_response', 'not_found', or the provider's own code. */
  readonly code: string;
  /** The provider's HTTP status, when it answered one. */
  readonly status: number | null;

  constructor(options: {
    provider: string;
    code: string;
    message: string;
    status?: number;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = 'PaymentProviderError';
    this.provider = options.provider;
    this.code = options.code;
    this.status = options.status ?? null;
  }
}
