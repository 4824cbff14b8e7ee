/** The phone mask of SPEC §9: `+0 (000) 000-00-00`, eleven digits. */
export const phoneMask = '+0 (000) 000-00-00';
const maskDigits = 11;
/**
 * Country codes whose numbers are all eleven digits, the mask's: 7 (Russia, Kazakhstan) and 1
 * (North America). Any other country's number has its own length, up to 15 digits (E.164): it is
 * shown as `+` and its digits, never cut to the mask.
 */
const maskedCountries = ['7', '1'];
const maxDigits = 15;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Whether a number beginning with these digits is written by the mask (an empty one is, to begin with). */
export const maskFits = (value: string) => {
  const digits = digitsOf(value);
  return digits === '' || maskedCountries.includes(digits[0] as string);
};

/**
 * Formats the digits of `value` by the mask, as far as they go: '7912' → '+7 (912'; a number of
 * another country as `+` and its digits: '380671234567' → '+380671234567'.
 */
export function formatPhone(value: string): string {
  const all = digitsOf(value);
  if (!maskFits(all)) return `+${all.slice(0, maxDigits)}`;
  const digits = all.slice(0, maskDigits);
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
 * A stored number as people read it: '+79161234567' → '+7 (916) 123-45-67'. One that the mask does
 * not fit (another country's, or another length) is shown as stored, never cut.
 */
export function phoneView(value: string): string {
  const digits = digitsOf(value);
  return digits.length === maskDigits && maskFits(digits) ? formatPhone(digits) : value;
}
