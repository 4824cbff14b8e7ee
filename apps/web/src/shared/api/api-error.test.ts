import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, errorMessageOr, natErrors } from './api-error.ts';

const t = (key: string) => `«${key}»`;

describe('error texts', () => {
  it('shows a client error (SPEC §8.1 NAT_*) by its translation', () => {
    const error = natErrors.checkoutPaymentOption();
    expect(error.code).toBe('NAT_CHECKOUT_PAYMENT_OPTION_ERROR');
    expect(errorMessage(error, t)).toBe('«nat_checkout_payment_option»');
  });

  it('prefers the server’s own message, and falls back to the client error', () => {
    const fromServer = new ApiError({
      status: 409,
      code: 'ORDER_NOT_PAYABLE',
      message: 'Cannot be paid.',
      fromServer: true,
    });
    const bare = new ApiError({ status: 502, code: 'UNKNOWN_ERROR', message: 'Bad Gateway' });
    expect(errorMessageOr(fromServer, natErrors.userPerform(), t)).toBe('Cannot be paid.');
    expect(errorMessageOr(bare, natErrors.userPerform(), t)).toBe('«nat_user_perform»');
    expect(errorMessageOr(new TypeError('x'), natErrors.document(), t)).toBe('«nat_document»');
  });
});
