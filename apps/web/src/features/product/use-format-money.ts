import { currencyMinorUnits, type Money } from '@cutout/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../shared/format/use-format-price.ts';

/** Formats money in its own currency (SPEC §9); a missing price reads 'No price'. */
export function useFormatMoney(): (money: Money | null) => string {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return useCallback(
    (money: Money | null) =>
      money
        ? formatPrice(money.amountMinor / 10 ** currencyMinorUnits[money.currency], money.currency)
        : t('product.noPrice'),
    [formatPrice, t],
  );
}
