import type { CurrencyCode } from '@cutout/contracts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStart,
  type WebhookResult,
} from '../payments.port.ts';
import {
  callProvider,
  type FetchLike,
  isRecord,
  neverOpened,
  type ProviderAnswer,
  parseJsonBody,
} from '../provider-http.ts';
import { paymentState, type ReceiptOptions, receipt, refundState, toAmount } from './yookassa-mapping.ts';
import { sourceMatcher, yookassaNotificationSources } from './yookassa-sources.ts';

export interface YooKassaProviderOptions {
  /** The shop's id (YOOKASSA_SHOP_ID): the user name of HTTP Basic auth. */
  shopId: string;
  /** The shop's secret key (YOOKASSA_SECRET_KEY): the password. */
  secretKey: string;
  /** The API's base (YOOKASSA_API_URL); a test double's address in tests. */
  apiUrl?: string;
  fetch?: FetchLike;
  /** Addresses (or CIDR ranges) trusted to notify besides YooKassa's own: loopback in tests. */
  allowedNotificationSources?: string[];
  /** Whether to send the 54-FZ receipt (off for shops whose receipts go through another cash register). */
  sendReceipt?: boolean;
  receipt?: Partial<ReceiptOptions>;
  timeoutMs?: number;
}

const provider = 'yookassa';
/** YooKassa's codes that are the request's (merchant's or buyer's) problem, answered as a refusal. */
const refusalStatuses = new Set([400, 403, 404]);

/** The PaymentProvider of YooKassa (API v3, https://yookassa.ru/developers/api), RUB only. */
export function createYooKassaProvider(options: YooKassaProviderOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? 'https://api.yookassa.ru/v3').replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const isAllowedSource = sourceMatcher([
    ...yookassaNotificationSources,
    ...(options.allowedNotificationSources ?? []),
  ]);
  const receiptOptions: ReceiptOptions = { vatCode: 1, paymentSubject: 'service', ...options.receipt };

  const call = (method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string) =>
    callProvider({
      provider,
      fetch: options.fetch ?? fetch,
      method,
      url: `${apiUrl}${path}`,
      headers: {
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: options.timeoutMs ?? 15_000,
    });

  /** The object of a read that must succeed: anything but 200 is a fault. */
  const read = async (path: string) => {
    const answer = await call('GET', path);
    if (answer.status !== 200) throw fault(answer, `GET ${path}`);
    return answer.json;
  };

  return {
    id: provider,
    currencies: ['RUB'] satisfies CurrencyCode[],

    async createPayment(input): Promise<PaymentStart> {
      if (input.amount.currency !== 'RUB') return { kind: 'refused', reason: 'currency_not_supported' };
      const receiptBody = options.sendReceipt ? receipt(input, receiptOptions) : undefined;
      if (receiptBody === null) return { kind: 'refused', reason: 'receipt_contact_missing' };
      const answer = await call(
        'POST',
        '/payments',
        {
          amount: toAmount(input.amount),
          capture: true,
          confirmation: {
            type: 'redirect',
            return_url: input.returnUrl,
            locale: input.language === 'ru' ? 'ru_RU' : 'en_US',
          },
          description: input.description.slice(0, 128),
          metadata: { paymentId: input.paymentId, orderId: input.orderId },
          ...(receiptBody ? { receipt: receiptBody } : {}),
        },
        input.paymentId,
      );
      const refusal = refusalOf(answer);
      if (refusal) return refusal;
      const { json } = answer;
      const confirmation = isRecord(json) && isRecord(json.confirmation) ? json.confirmation : null;
      if (
        !isRecord(json) ||
        typeof json.id !== 'string' ||
        typeof confirmation?.confirmation_url !== 'string'
      ) {
        throw fault(answer, 'POST /payments answered no confirmation_url');
      }
      return { kind: 'redirect', providerPaymentId: json.id, url: confirmation.confirmation_url };
    },

    // YooKassa adds nothing to the return URL; the query is not read at all.
    async validateReturn(input) {
      if (!input.providerPaymentId) {
        throw neverOpened(provider, input.paymentId);
      }
      return paymentState(
        await read(`/payments/${encodeURIComponent(input.providerPaymentId)}`),
        input.paymentId,
      );
    },

    async parseWebhook(input): Promise<WebhookResult> {
      if (!isAllowedSource(input.client)) return { verified: false, reason: 'source_not_allowed' };
      const body = parseJsonBody(input.rawBody);
      if (
        !isRecord(body) ||
        body.type !== 'notification' ||
        typeof body.event !== 'string' ||
        !isRecord(body.object) ||
        typeof body.object.id !== 'string'
      ) {
        return { verified: false, reason: 'body_malformed' };
      }
      const { event } = body;
      const objectId = body.object.id;
      const eventId = `${event}:${objectId}`;
      // The body is only a hint of what changed: the state is read back from the API.
      if (event.startsWith('payment.')) {
        const answer = await call('GET', `/payments/${encodeURIComponent(objectId)}`);
        if (answer.status === 404) return { verified: false, reason: 'object_not_found' };
        if (answer.status !== 200) throw fault(answer, 'GET /payments');
        const metadata = isRecord(answer.json) && isRecord(answer.json.metadata) ? answer.json.metadata : {};
        if (typeof metadata.paymentId !== 'string')
          return { verified: true, eventId, event: { kind: 'other', type: event } };
        return {
          verified: true,
          eventId,
          event: { kind: 'payment', payment: paymentState(answer.json, metadata.paymentId) },
        };
      }
      if (event.startsWith('refund.')) {
        const answer = await call('GET', `/refunds/${encodeURIComponent(objectId)}`);
        if (answer.status === 404) return { verified: false, reason: 'object_not_found' };
        if (answer.status !== 200) throw fault(answer, 'GET /refunds');
        // A YooKassa refund keeps no metadata: the payments module matches it by providerRefundId.
        return { verified: true, eventId, event: { kind: 'refund', refund: refundState(answer.json, null) } };
      }
      return { verified: true, eventId, event: { kind: 'other', type: event } };
    },

    async refund(input) {
      const answer = await call(
        'POST',
        '/refunds',
        {
          payment_id: input.providerPaymentId,
          amount: toAmount(input.amount),
          description: input.reason.slice(0, 250),
        },
        input.refundId,
      );
      const refusal = refusalOf(answer);
      if (refusal) return refusal;
      return { kind: 'accepted', ...refundState(answer.json, input.refundId) };
    },
  };
}

/** A 400/403/404 is the request's problem (a refusal); a 401 or any other non-200 is a fault. */
function refusalOf(answer: ProviderAnswer): { kind: 'refused'; reason: string } | null {
  if (answer.status === 200) return null;
  if (!refusalStatuses.has(answer.status)) throw fault(answer, 'an unexpected answer');
  return { kind: 'refused', reason: errorCode(answer.json) ?? `http_${answer.status}` };
}

function fault(answer: ProviderAnswer, what: string): PaymentProviderError {
  const code = errorCode(answer.json) ?? `http_${answer.status}`;
  const description =
    isRecord(answer.json) && typeof answer.json.description === 'string'
      ? `: ${answer.json.description}`
      : '';
  return new PaymentProviderError({
    provider,
    code,
    status: answer.status,
    message: `yookassa ${what} (${answer.status} ${code})${description}`,
  });
}

const errorCode = (json: unknown) => (isRecord(json) && typeof json.code === 'string' ? json.code : null);
