import { fractionDigits } from '@cutout/contracts';
import { useCallback } from 'react';
import { useFormatPrice } from './use-format-price.ts';

/** Formats an amount in minor units of a currency as the rest of the app does (SPEC §9). */
export function useFormatAmount(): (amountMinor: number | null, currency: string) => string {
  const formatPrice = useFormatPrice();
  return useCallback(
    (amountMinor: number | null, currency: string) => {
      if (amountMinor === null) return formatPrice(null, currency);
      const digits = fractionDigits(currency);
      return formatPrice(amountMinor / 10 ** digits, currency);
    },
    [formatPrice],
  );
}
