import {
  type FetchOrderListRequest,
  fetchOrderResponseSchema,
  type Order,
  orderListSchema,
  orderSchema,
  type PaymentOption,
  paymentOperationResultSchema,
  paymentOptionListSchema,
} from '@cutout/contracts';
import { apiFetch, apiRequest } from '../api/client.ts';

export type { Order };

const orderPath = (id: string, call: string) => `/orders/${encodeURIComponent(id)}/${call}`;

/** The orders calls of SPEC §7.4 for the signed-in user (their own orders only). */
export const ordersApi = {
  list: (body: FetchOrderListRequest, signal?: AbortSignal) =>
    apiRequest('/orders/fetchOrderList', { method: 'POST', body, signal, parse: orderListSchema.parse }),

  /** One order; a 404 NOT_FOUND for an unknown id or another user's order. */
  get: (id: string, signal?: AbortSignal) =>
    apiRequest(orderPath(id, 'fetchOrder'), {
      method: 'POST',
      body: {},
      signal,
      parse: (data) => fetchOrderResponseSchema.parse(data).order,
    }),

  /** 409 ORDER_NOT_CANCELLABLE once it is paid or already cancelled. */
  cancel: (id: string) =>
    apiRequest(orderPath(id, 'cancelOrder'), { method: 'POST', body: {}, parse: orderSchema.parse }),

  paymentOptions: (): Promise<PaymentOption[]> =>
    apiRequest('/shoppingCarts/fetchPaymentOptionList', {
      method: 'POST',
      body: {},
      parse: (data) => paymentOptionListSchema.parse(data).paymentOptions,
    }),

  /** Starts paying an unpaid order; the answer says where the browser goes next. */
  pay: (options: { orderId: string; paymentOptionId: string; language: string }) => {
    const { origin } = window.location;
    const base = `${origin}/${options.language}/shopping-cart/checkout`;
    return apiRequest('/paymentOptions/perform', {
      method: 'POST',
      body: {
        paymentOptionId: options.paymentOptionId,
        resolveCallbackUrl: `${base}/${encodeURIComponent(options.paymentOptionId)}/validate`,
        rejectCallbackUrl: `${base}/failure`,
        documentItemList: [{ documentType: 'customer_order', documentId: options.orderId }],
      },
      parse: paymentOperationResultSchema.parse,
    });
  },

  /** The invoice PDF in the request's language; the token travels in a header, hence a blob. */
  invoice: async (id: string): Promise<Blob> => {
    const query = new URLSearchParams({ layoutTemplateId: 'invoice', format: 'pdf' });
    const response = await apiFetch(`${orderPath(id, 'displayLayoutTemplate')}?${query}`, {
      headers: { Accept: 'application/pdf' },
    });
    return response.blob();
  },
};

/** React Query keys: everything under ['orders'] is refetched after a cancel or a payment. */
export const ordersQueryKeys = {
  all: ['orders'] as const,
  list: (body: FetchOrderListRequest) => ['orders', 'list', body] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};
