import { type Money, maxCartQuantity } from '@cutout/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../shared/format/price.ts';
import { QuickAmounts } from '../../shared/payments/QuickAmounts.tsx';
import { plainAmount, topUpQuantity } from '../../shared/payments/top-up.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { TextField } from '../../shared/ui/form.tsx';
import { useFormatMoney } from './use-format-money.ts';

/**
 * The amount of a personal-account top-up, typed in money or chosen with one click: the page buys
 * it as so many of the product's units (`price` each). `onChange` gets the units, or null while
 * the field holds no amount the cart would take.
 */
export function TopUpAmountField({
  price,
  quantity,
  onChange,
}: {
  price: Money;
  quantity: number | null;
  onChange: (quantity: number | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const [draft, setDraft] = useState(() =>
    quantity === null ? '' : plainAmount(quantity * price.amountMinor, price.currency),
  );
  const bounds = {
    min: formatMoney(price),
    max: formatMoney({ amountMinor: price.amountMinor * maxCartQuantity, currency: price.currency }),
  };
  const type = (typed: string) => {
    setDraft(typed);
    onChange(topUpQuantity(typed, price, maxCartQuantity));
  };
  return (
    <div className="flex w-full flex-col gap-3 sm:max-w-xs">
      <TextField
        label={t('product.topUp.amount', { currency: currencySymbol(price.currency, language) })}
        inputMode="decimal"
        autoComplete="off"
        value={draft}
        onChange={type}
        error={quantity === null ? t('product.topUp.amountInvalid', bounds) : undefined}
        hint={t('product.topUp.range', bounds)}
      />
      <QuickAmounts
        currency={price.currency}
        chosen={quantity === null ? null : quantity * price.amountMinor}
        onChoose={(amountMinor) => type(plainAmount(amountMinor, price.currency))}
      />
    </div>
  );
}
