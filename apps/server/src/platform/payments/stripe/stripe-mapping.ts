import { isCurrencyCode, type Money } from '@cutout/contracts';
import type { CreatePaymentInput, PaymentState, RefundState } from '../payments.port.ts';
import { badResponse, isRecord } from '../provider-http.ts';
import type { FormValue } from './stripe-form.ts';

/** The Checkout Session parameters of a payment (https://docs.stripe.com/api/checkout/sessions/create). */
export function sessionParams(input: CreatePaymentInput): Record<string, FormValue> {
  const currency = input.amount.currency.toLowerCase();
  const sum = input.lines.reduce((total, line) => total + line.unitPrice.amountMinor * line.quantity, 0);
  const linesFit =
    input.lines.length > 0 &&
    sum === input.amount.amountMinor &&
    input.lines.every(
      (line) =>
        line.unitPrice.currency === input.amount.currency &&
        Number.isInteger(line.quantity) &&
        line.quantity > 0,
    );
  // Stripe charges the sum of the lines: when a discount makes them differ, one line for the total.
  const lines = linesFit ? input.lines : [{ name: input.description, quantity: 1, unitPrice: input.amount }];
  return {
    mode: 'payment',
    line_items: lines.map((line) => ({
      price_data: { currency, unit_amount: line.unitPrice.amountMinor, product_data: { name: line.name } },
      quantity: line.quantity,
    })),
    // Stripe puts the session id in place of the literal placeholder: it must not be URL-encoded.
    success_url: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: input.cancelUrl,
    client_reference_id: input.paymentId,
    metadata: { paymentId: input.paymentId, orderId: input.orderId },
    payment_intent_data: {
      metadata: { paymentId: input.paymentId, orderId: input.orderId },
      description: input.description,
    },
    locale: input.language,
    customer_email: input.customer.email ?? undefined,
  };
}

/**
 * A session's state: paid once `payment_status` says so; an expired session is a canceled payment;
 * a completed one still unpaid is an async method (a bank debit) under way, unless Stripe said it failed.
 */
export function sessionState(session: unknown, paymentId: string, asyncFailed = false): PaymentState {
  if (!isRecord(session) || typeof session.id !== 'string')
    throw badResponse('stripe', 'a session without id');
  if (session.client_reference_id !== paymentId) {
    throw badResponse('stripe', `session ${session.id} is not ours (${String(session.client_reference_id)})`);
  }
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const status = paid
    ? 'paid'
    : session.status === 'expired'
      ? 'canceled'
      : asyncFailed
        ? 'failed'
        : 'pending';
  return {
    paymentId,
    providerPaymentId: session.id,
    status,
    amount: money(session.amount_total, session.currency),
    failureReason: status === 'canceled' ? 'expired' : status === 'failed' ? 'async_payment_failed' : null,
  };
}

const refundStatuses: Record<string, RefundState['status']> = {
  pending: 'pending',
  requires_action: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

export function refundState(refund: unknown): RefundState {
  if (!isRecord(refund) || typeof refund.id !== 'string' || typeof refund.status !== 'string') {
    throw badResponse('stripe', 'a refund without id or status');
  }
  const metadata = isRecord(refund.metadata) ? refund.metadata : {};
  return {
    refundId: typeof metadata.refundId === 'string' ? metadata.refundId : null,
    providerRefundId: refund.id,
    status: refundStatuses[refund.status] ?? 'pending',
    amount: money(refund.amount, refund.currency),
  };
}

function money(amount: unknown, currency: unknown): Money {
  const code = typeof currency === 'string' ? currency.toUpperCase() : '';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || !isCurrencyCode(code)) {
    throw badResponse('stripe', `an unreadable amount ${String(amount)} ${String(currency)}`);
  }
  return { amountMinor: amount, currency: code };
}
