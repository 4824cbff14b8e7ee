/** The phone mask of SPEC §9: `+0 (000) 000-00-00`, eleven digits. */
export const phoneMask = '+0 (000) 000-00-00';
const maxDigits = 11;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Formats the digits of `value` by the mask, as far as they go: '7912' → '+7 (912'. */
export function formatPhone(value: string): string {
  const digits = digitsOf(value).slice(0, maxDigits);
  let result = '';
  let next = 0;
  for (const char of phoneMask) {
    if (next >= digits.length) break;
    if (char === '0') result += digits[next++];
    else result += char;
  }
  return result;
}

/**
 * The masked value after an edit. Deleting only a mask character (a bracket, a dash) would
 * change nothing, so it takes the digit before it along.
 */
export function applyPhoneEdit(previous: string, next: string): string {
  const digits = digitsOf(next);
  if (next.length < previous.length && digits === digitsOf(previous)) {
    return formatPhone(digits.slice(0, -1));
  }
  return formatPhone(digits);
}

/** The number as the server takes it: '+' and the digits; empty when nothing was typed. */
export const phoneForServer = (masked: string) => (digitsOf(masked) ? `+${digitsOf(masked)}` : '');
