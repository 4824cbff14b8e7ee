import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalStoreInfo } from '../store-info/store-info-context.tsx';
import { formatPrice } from './price.ts';

/** formatPrice in the current language and the store's currency, with the translated 'No price'. */
export function useFormatPrice() {
  const { t, i18n } = useTranslation();
  const currency = useOptionalStoreInfo()?.currency.characterCode;
  return useCallback(
    (amount: number | null | undefined, currencyCode?: string) =>
      formatPrice(amount, {
        locale: i18n.language,
        currency: currencyCode ?? currency,
        noPriceText: t('core_no_price'),
      }),
    [t, i18n.language, currency],
  );
}
