import { currencyMinorUnits, isCurrencyCode } from '@cutout/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/date.ts';
import { useFormatPrice } from '../../shared/format/use-format-price.ts';

/** Formats an order's minor units in its own currency (the one it was placed in). */
export function useFormatOrderMoney(): (minor: number, currency: string) => string {
  const formatPrice = useFormatPrice();
  return useCallback(
    (minor: number, currency: string) => {
      const digits = isCurrencyCode(currency) ? currencyMinorUnits[currency] : 2;
      return formatPrice(minor / 10 ** digits, currency);
    },
    [formatPrice],
  );
}

/** Formats a date and time in the page's language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => formatDateTime(iso, i18n.language), [i18n.language]);
}
