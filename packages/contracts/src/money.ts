import { z } from './zod.ts';

/**
 * How many minor units each currency's major unit has (kopecks in a rouble, cents in a dollar).
 * Money is always counted in minor units, as an integer; a currency missing here cannot be counted.
 */
export const currencyMinorUnits = {
  RUB: 2,
  USD: 2,
  EUR: 2,
  JPY: 0,
} as const;

/** An ISO 4217 code of a currency that money can be counted in. */
export type CurrencyCode = keyof typeof currencyMinorUnits;
export const currencyCodes = Object.keys(currencyMinorUnits) as [CurrencyCode, ...CurrencyCode[]];

/** Whether a code (a store currency's `characterCode`) is one money can be counted in. */
export const isCurrencyCode = (code: string): code is CurrencyCode => Object.hasOwn(currencyMinorUnits, code);

/** How many fraction digits a currency's amounts have (2 for one money is not counted in). */
export const fractionDigits = (currency: string): number =>
  isCurrencyCode(currency) ? currencyMinorUnits[currency] : 2;

/** An amount of money: an integer count of the currency's minor units (1999 RUB = 19.99 ₽). */
export const moneySchema = z.object({
  amountMinor: z.number().int().safe(),
  currency: z.enum(currencyCodes),
});
export type Money = z.infer<typeof moneySchema>;

/** The VAT included in an amount at a rate in percent (prices include VAT), rounded to the minor unit. */
export const includedVat = (amount: number, ratePercent: number | null): number =>
  ratePercent ? Math.round((amount * ratePercent) / (100 + ratePercent)) : 0;

/**
 * An amount in minor units as a language writes it, with the currency's narrow sign: "1 234,50 ₽"
 * in Russian, "₽1,234.50" in English (not "RUB 1,234.50"), "$5.00". The site, its mails and its
 * invoices write money alike.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}
