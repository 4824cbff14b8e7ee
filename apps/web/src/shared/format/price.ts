import { fractionDigits } from '@cutout/contracts';

export interface PriceFormatOptions {
  /** ISO 4217 code; RUB by default (SPEC §9). */
  currency?: string;
  /** BCP 47 locale; ru by default (SPEC §9). */
  locale?: string;
  /** The text for a missing price ('No price'); a dash when not given. */
  noPriceText?: string;
  /** An alternative text for a zero price (e.g. 'Free'); the formatted zero when not given. */
  zeroText?: string;
}

/**
 * Formats an amount in major units (roubles, dollars) in currency style with the currency's own
 * fraction digits (2 for RUB, USD and EUR, none for JPY), as the mails and invoices write it
 * (`formatMoney` in the contracts). A missing or non-finite amount gives the no-price text.
 */
export function formatPrice(amount: number | null | undefined, options: PriceFormatOptions = {}): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return options.noPriceText ?? '—';
  if (amount === 0 && options.zeroText) return options.zeroText;
  const currency = options.currency ?? 'RUB';
  const digits = fractionDigits(currency);
  // narrowSymbol: "₽290.00" in English as in Russian ("290,00 ₽") and on the invoices, not "RUB 290.00".
  return new Intl.NumberFormat(options.locale ?? 'ru', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** The sign prices in `currency` are written with in `locale` ('₽', '$'), as formatPrice writes it. */
export function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
