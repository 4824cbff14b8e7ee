import type { PaymentOperationResult } from '@cutout/contracts';

/**
 * Sends the browser to the payment provider as SPEC §4 says: a hidden form with the answer's
 * inputs, submitted with its method. Answers false when there is nowhere to go (nothing to pay,
 * or no form address), so that the caller shows the paid page instead.
 */
export function submitPaymentForm(result: PaymentOperationResult, doc: Document = document): boolean {
  if (!result.paymentRequired || !result.formUrl) return false;
  const form = doc.createElement('form');
  form.method = (result.formMethod ?? 'POST').toLowerCase();
  form.action = result.formUrl;
  form.hidden = true;
  for (const { name, value } of result.formInputList) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  return true;
}
