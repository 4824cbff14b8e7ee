import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitPaymentForm } from './submit-payment-form.ts';

describe('submitPaymentForm', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('posts a hidden form with the inputs to the provider', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const sent = submitPaymentForm({
      statusId: 'payment_operation_statuses.not_paid',
      formUrl: 'https://pay.example/checkout',
      formMethod: 'GET',
      formInputList: [{ name: 'orderId', value: '42' }],
      paymentRequired: true,
      orderId: 'o1',
    });
    expect(sent).toBe(true);
    const form = document.querySelector('form');
    expect(form?.action).toBe('https://pay.example/checkout');
    expect(form?.method).toBe('get');
    expect(form?.querySelector('input')?.value).toBe('42');
    expect(submit).toHaveBeenCalledOnce();
  });

  it('goes nowhere when nothing is to be paid', () => {
    expect(
      submitPaymentForm({
        statusId: 'payment_operation_statuses.paid',
        formUrl: null,
        formMethod: null,
        formInputList: [],
        paymentRequired: false,
        orderId: 'o1',
      }),
    ).toBe(false);
    expect(document.querySelector('form')).toBeNull();
  });
});
