import { fractionDigits } from '@cutout/contracts';

// A top-up of the personal account is money, not a count: the buyer types the amount and the
// store keeps it as so many of the top-up product's units (one unit is 1.00 in the seed). These
// helpers turn one into the other wherever an amount is typed (the personal account page, the
// top-up product's page and its cart line).

/** Whether a product is a top-up of the personal account: sold by its amount, never paid from it. */
export const isTopUp = (product: { typeId: string } | null | undefined): boolean =>
  product?.typeId === 'product_types.personal_account';

/** Amounts offered with one click, in whole units of the currency. */
const quickAmounts: Record<string, number[]> = { RUB: [500, 1000, 3000] };
const otherQuickAmounts = [10, 25, 50];

/** The one-click amounts of a currency, in whole units of it. */
export function quickTopUps(currency: string): number[] {
  return quickAmounts[currency] ?? otherQuickAmounts;
}

/**
 * A typed amount ("1 500", "12,50", "12.5") in minor units of the currency; null for anything that
 * is not a plain amount with at most the currency's fraction digits.
 */
export function parseAmount(typed: string, currency: string): number | null {
  const digits = fractionDigits(currency);
  const plain = typed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(plain)) return null;
  return Math.round(Number(plain) * 10 ** digits);
}

/** Minor units as a field shows them: 50000 → "500", 1250 → "12.50" (no grouping, no sign). */
export function plainAmount(amountMinor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const whole = amountMinor % 10 ** digits === 0;
  return (amountMinor / 10 ** digits).toFixed(whole ? 0 : digits);
}

/**
 * The number of top-up units a typed amount buys: a whole number of `unitMinor` from 1 to `max`
 * units, else null (not an amount, not a multiple of the unit, or out of bounds).
 */
export function topUpQuantity(
  typed: string,
  price: { amountMinor: number; currency: string },
  max: number,
): number | null {
  const amount = parseAmount(typed, price.currency);
  if (amount === null || price.amountMinor <= 0 || amount % price.amountMinor !== 0) return null;
  const quantity = amount / price.amountMinor;
  return quantity >= 1 && quantity <= max ? quantity : null;
}
