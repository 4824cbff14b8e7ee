import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../shared/ui/form.tsx';
import { clampQuantity, type QuantityChoice } from './product-offer.ts';

/** The quantity to buy: one of the allowed quantities of a limited product, else a number in bounds. */
export function QuantityField({
  choice,
  value,
  onChange,
}: {
  choice: QuantityChoice;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  if (choice.kind === 'list') {
    return (
      <div className="w-36 sm:w-52">
        <SelectField
          label={t('product.quantity')}
          value={String(value)}
          options={choice.values.map((quantity) => ({ value: String(quantity), label: String(quantity) }))}
          onChange={(selected) => onChange(Number(selected))}
        />
        <p className="mt-1.5 text-xs text-slate-500">{t('product.quantityLimited')}</p>
      </div>
    );
  }
  return <TypedQuantity max={choice.max} value={value} onChange={onChange} />;
}

/**
 * A typed quantity: the field may be empty or out of bounds while it is being typed; the quantity
 * follows every number it holds, brought within bounds, and the field shows that number on blur.
 */
function TypedQuantity({
  max,
  value,
  onChange,
}: {
  max: number;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(String(value));
  return (
    <TextField
      label={t('product.quantity')}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      value={draft}
      onChange={(typed) => {
        setDraft(typed);
        if (typed.trim() !== '') onChange(clampQuantity(Number(typed), max));
      }}
      onBlur={() => setDraft(String(value))}
      hint={t('product.quantityMax', { max: new Intl.NumberFormat(i18n.language).format(max) })}
      className="w-36"
    />
  );
}
