import { currencyMinorUnits, isCurrencyCode, type Money } from '@cutout/contracts';
import type { CreatePaymentInput, PaymentState, RefundState } from '../payments.port.ts';
import { badResponse, isRecord } from '../provider-http.ts';

/**
 * YooKassa's shapes and ours. Amounts travel as decimal strings in major units ("1234.50"); we
 * count integer minor units, so both directions go through strings, never through floats.
 */
export interface YooKassaAmount {
  value: string;
  currency: string;
}

export function toAmount(money: Money): YooKassaAmount {
  const digits = currencyMinorUnits[money.currency];
  const minor = String(money.amountMinor).padStart(digits + 1, '0');
  const value = digits === 0 ? minor : `${minor.slice(0, -digits)}.${minor.slice(-digits)}`;
  return { value, currency: money.currency };
}

export function fromAmount(amount: unknown): Money {
  if (!isRecord(amount) || typeof amount.value !== 'string' || typeof amount.currency !== 'string') {
    throw badResponse('yookassa', 'an amount without value or currency');
  }
  const currency = amount.currency;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.value);
  if (!isCurrencyCode(currency) || !match)
    throw badResponse('yookassa', `an unreadable amount ${amount.value}`);
  const digits = currencyMinorUnits[currency];
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) throw badResponse('yookassa', `too many decimals in ${amount.value}`);
  return { amountMinor: Number(`${match[1]}${fraction}`), currency };
}

/*
 * `waiting_for_capture` is a two-stage payment's hold; we always send capture: true, so it should
 * not be seen. If it is (a shop set to two stages by hand), the money is not taken yet: pending.
 */
const statuses: Record<string, PaymentState['status']> = {
  pending: 'pending',
  waiting_for_capture: 'pending',
  succeeded: 'paid',
  canceled: 'canceled',
};

export function paymentState(object: unknown, paymentId: string): PaymentState {
  if (!isRecord(object) || typeof object.id !== 'string' || typeof object.status !== 'string') {
    throw badResponse('yookassa', 'a payment without id or status');
  }
  const status = statuses[object.status];
  if (!status) throw badResponse('yookassa', `an unknown payment status ${object.status}`);
  const ours = isRecord(object.metadata) ? object.metadata.paymentId : undefined;
  if (ours !== paymentId) throw badResponse('yookassa', `payment ${object.id} is not ours (${String(ours)})`);
  const details = isRecord(object.cancellation_details) ? object.cancellation_details : null;
  return {
    paymentId,
    providerPaymentId: object.id,
    status,
    amount: fromAmount(object.amount),
    failureReason: status === 'canceled' && typeof details?.reason === 'string' ? details.reason : null,
  };
}

export function refundState(object: unknown, refundId: string | null): RefundState {
  if (!isRecord(object) || typeof object.id !== 'string' || typeof object.status !== 'string') {
    throw badResponse('yookassa', 'a refund without id or status');
  }
  const status =
    object.status === 'succeeded' ? 'succeeded' : object.status === 'canceled' ? 'failed' : 'pending';
  return { refundId, providerRefundId: object.id, status, amount: fromAmount(object.amount) };
}

export interface ReceiptOptions {
  /** The VAT code of every item (1: no VAT, the simplified tax system's usual one). */
  vatCode: number;
  paymentSubject: 'commodity' | 'service';
}

/**
 * The receipt 54-FZ asks for: one item per line, or a single item for the total when the lines do
 * not add up to it (a discount spread over the order), so the receipt always matches the payment.
 * Null when there is nobody to send it to.
 */
export function receipt(input: CreatePaymentInput, options: ReceiptOptions) {
  const customer = input.customer.email
    ? { email: input.customer.email }
    : input.customer.phoneNumber
      ? { phone: input.customer.phoneNumber.replace(/\D/g, '') }
      : null;
  if (!customer) return null;
  const sum = input.lines.reduce((total, line) => total + line.unitPrice.amountMinor * line.quantity, 0);
  const linesFit =
    input.lines.length > 0 &&
    sum === input.amount.amountMinor &&
    input.lines.every(
      (line) => line.unitPrice.currency === input.amount.currency && Number.isInteger(line.quantity),
    );
  const items = (
    linesFit ? input.lines : [{ name: input.description, quantity: 1, unitPrice: input.amount }]
  ).map((line) => ({
    description: line.name.slice(0, 128),
    quantity: line.quantity.toFixed(2),
    amount: toAmount(line.unitPrice),
    vat_code: options.vatCode,
    payment_mode: 'full_payment',
    payment_subject: options.paymentSubject,
  }));
  return { customer, items };
}
