import {
  type PaymentOption,
  type PersonalAccount,
  paymentOperationResultSchema,
  paymentOptionListSchema,
  personalAccountProviderId,
  personalAccountSchema,
} from '@cutout/contracts';
import { apiRequest } from '../api/client.ts';

export type { PersonalAccount };

/** The personal account (issue 15): balance and history, the ways to pay, a top-up. */
export const personalAccountApi = {
  fetch: (signal?: AbortSignal) =>
    apiRequest('/personalAccount/fetchPersonalAccount', {
      method: 'POST',
      body: {},
      signal,
      parse: (data) => personalAccountSchema.parse(data),
    }),

  paymentOptions: (signal?: AbortSignal): Promise<PaymentOption[]> =>
    apiRequest('/shoppingCarts/fetchPaymentOptionList', {
      method: 'POST',
      body: {},
      signal,
      // A top-up is never paid from the account it fills: the server refuses that option here.
      parse: (data) =>
        paymentOptionListSchema
          .parse(data)
          .paymentOptions.filter((option) => option.providerId !== personalAccountProviderId),
    }),

  /** Starts a top-up: an order of its own; the answer says where the browser goes to pay. */
  recharge: (request: {
    rechargeAmount: number;
    paymentOptionId: string;
    resolveCallbackUrl: string;
    rejectCallbackUrl: string;
  }) =>
    apiRequest('/shoppingCarts/rechargePersonalAccount', {
      method: 'POST',
      body: request,
      parse: paymentOperationResultSchema.parse,
    }),
};

export const personalAccountQueryKeys = {
  all: ['account', 'personal-account'] as const,
  of: (viewer: { userId: string | null; currency: string }) =>
    [...personalAccountQueryKeys.all, viewer.userId, viewer.currency] as const,
  paymentOptions: (currency: string) =>
    [...personalAccountQueryKeys.all, 'payment-options', currency] as const,
};
