import { digitsOf, formatPhone, maskFits, phoneMask } from '@cutout/contracts';

// The mask and its formatting are shared with the server (invoices, mails, contact sets).
export { digitsOf, formatPhone, phoneMask };

/** A phone field's value after an edit, and where its caret goes. */
export interface PhoneEdit {
  value: string;
  caret: number;
}

/**
 * The masked value after an edit, with the caret after the same digits as in the edited text (the
 * browser's `selectionStart`; at the end when not given), so that a digit typed, pasted or deleted
 * in the middle stays where it was put. Deleting only a mask character (a bracket, a dash) would
 * change nothing, so it takes the digit before it along. A number begun the Russian way without
 * its country code (9…) or with the trunk prefix (8…) gets +7, as the mask's eleven digits mean.
 */
export function editPhone(previous: string, next: string, caret = next.length): PhoneEdit {
  let digits = digitsOf(next);
  let before = digitsOf(next.slice(0, caret)).length;
  if (next.length < previous.length && digits === digitsOf(previous) && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before -= 1;
  }
  if (digitsOf(previous) === '' && digits.startsWith('9')) {
    digits = `7${digits}`;
    before += 1;
  } else if (digitsOf(previous) === '' && digits.startsWith('8')) {
    digits = `7${digits.slice(1)}`;
  }
  const value = formatPhone(digits);
  return { value, caret: caretAfterDigits(value, before) };
}

/** The position just after the `count`-th digit of a masked value (after the '+' for none). */
function caretAfterDigits(value: string, count: number): number {
  if (count <= 0) return Math.min(1, value.length);
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value[i] as string) && ++seen === count) return i + 1;
  }
  return value.length;
}

/**
 * Whether a masked value holds a whole number: the mask's eleven digits, or for another country's
 * number the 10 to 15 digits the server takes (E.164).
 */
export function phoneComplete(masked: string): boolean {
  const digits = digitsOf(masked);
  return maskFits(digits) ? digits.length === 11 : digits.length >= 10 && digits.length <= 15;
}

/** The number as the server takes it: '+' and the digits; empty when nothing was typed. */
export const phoneForServer = (masked: string) => (digitsOf(masked) ? `+${digitsOf(masked)}` : '');
