import { digitsOf, formatPhone, phoneMask } from '@cutout/contracts';

// The mask and its formatting are shared with the server (invoices, mails, contact sets).
export { digitsOf, formatPhone, phoneMask };

/**
 * The masked value after an edit. Deleting only a mask character (a bracket, a dash) would
 * change nothing, so it takes the digit before it along. A number begun the Russian way without
 * its country code (9…) or with the trunk prefix (8…) gets +7, as the mask's eleven digits mean.
 */
export function applyPhoneEdit(previous: string, next: string): string {
  const digits = digitsOf(next);
  if (next.length < previous.length && digits === digitsOf(previous)) {
    return formatPhone(digits.slice(0, -1));
  }
  if (digitsOf(previous) === '' && digits.startsWith('9')) return formatPhone(`7${digits}`);
  if (digitsOf(previous) === '' && digits.startsWith('8')) return formatPhone(`7${digits.slice(1)}`);
  return formatPhone(digits);
}

/** The number as the server takes it: '+' and the digits; empty when nothing was typed. */
export const phoneForServer = (masked: string) => (digitsOf(masked) ? `+${digitsOf(masked)}` : '');
