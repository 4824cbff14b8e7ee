import {
  type AppliedPinCode,
  appliedPinCodeSchema,
  type Language,
  type Voucher,
  voucherListSchema,
  voucherSchema,
} from '@cutout/contracts';
import { apiRequest } from '../../shared/api/client.ts';

export type { AppliedPinCode, Voucher };

/** The pin code calls (issue 15) for the signed-in user: a visitor gets 401. */
export const vouchersApi = {
  /** The codes the viewer bought (to pass on) or applied, newest first. */
  list: (signal?: AbortSignal): Promise<Voucher[]> =>
    apiRequest('/vouchers/fetchVoucherList', {
      method: 'POST',
      body: {},
      signal,
      parse: (data) => voucherListSchema.parse(data).output,
    }),

  /**
   * Applies a code once: answers what it gave and the success notice in the request's language.
   * Refusals: 400 PIN_CODE_REQUIRED / PIN_CODE_UNKNOWN, 409 PIN_CODE_ALREADY_APPLIED /
   * PIN_CODE_PLAN_CONFLICT, 429 RATE_LIMITED.
   */
  apply: (pinCode: string): Promise<AppliedPinCode> =>
    apiRequest('/shoppingCarts/applyPinCode', {
      method: 'POST',
      body: { pinCode },
      parse: appliedPinCodeSchema.parse,
    }),

  /** E-mails an unused gift card's code in `language`; answers the card with its recipient. */
  send: (id: string, body: { email: string; language: Language }): Promise<Voucher> =>
    apiRequest(`/vouchers/${encodeURIComponent(id)}/send`, {
      method: 'POST',
      body,
      parse: voucherSchema.parse,
    }),
};

/** React Query keys: per user and language (plan names come translated). */
export const vouchersQueryKeys = {
  all: ['vouchers'] as const,
  list: (viewer: { userId: string | null; language: string }) => ['vouchers', 'list', viewer] as const,
};
