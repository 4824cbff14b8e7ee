/** The phone mask of SPEC §9: `+0 (000) 000-00-00`, eleven digits. */
export const phoneMask = '+0 (000) 000-00-00';
const maskDigits = 11;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Formats the digits of `value` by the mask, as far as they go: '7912' → '+7 (912'. */
export function formatPhone(value: string): string {
  const digits = digitsOf(value).slice(0, maskDigits);
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
 * A stored number as people read it: '+79161234567' → '+7 (916) 123-45-67'. One that has not
 * the mask's eleven digits (taken from elsewhere) is shown as stored, never cut.
 */
export function phoneView(value: string): string {
  const digits = digitsOf(value);
  return digits.length === maskDigits ? formatPhone(digits) : value;
}
