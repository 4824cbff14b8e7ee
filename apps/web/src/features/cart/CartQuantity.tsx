import { Minus, Plus } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { SelectField } from '../../shared/ui/form.tsx';

/** The most of one item a cart takes (the contracts' limit). */
const maxQuantity = 100_000;

/**
 * An item's quantity (SPEC §9): a limited product's allowed quantities in a select, applied at
 * once; any other product a number with − and +, sent after a second without typing.
 */
export function CartQuantity({
  name,
  quantity,
  allowedQuantities,
  onChange,
}: {
  /** The product's name, for the controls' accessible names. */
  name: string;
  quantity: number;
  allowedQuantities: number[] | null;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  if (allowedQuantities) {
    const values = allowedQuantities.includes(quantity)
      ? allowedQuantities
      : [quantity, ...allowedQuantities];
    return (
      <SelectField
        label={t('cart.item.quantityOf', { name })}
        value={String(quantity)}
        options={values.map((value) => ({ value: String(value), label: String(value) }))}
        onChange={(value) => onChange(Number(value))}
        className="w-28 [&_label]:sr-only"
      />
    );
  }
  return <TypedQuantity name={name} quantity={quantity} onChange={onChange} />;
}

function TypedQuantity({
  name,
  quantity,
  onChange,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  // The cart's answer wins over the draft once it comes (the server may have capped the quantity).
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
  }

  const typed = Number(draft);
  const valid = draft.trim() !== '' && Number.isInteger(typed) && typed >= 1 && typed <= maxQuantity;

  const send = useEffectEvent((value: number) => onChange(value));
  useEffect(() => {
    if (!valid || typed === quantity) return;
    const timer = setTimeout(() => send(typed), uiConstants.cartQuantityDebounceMs);
    return () => clearTimeout(timer);
  }, [valid, typed, quantity]);

  const step = (by: number) => {
    const base = valid ? typed : quantity;
    setDraft(String(Math.min(Math.max(base + by, 1), maxQuantity)));
  };

  const buttonClasses =
    'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-40';
  return (
    <div className="inline-flex items-center rounded-xl border border-slate-200 bg-white p-0.5 shadow-xs focus-within:border-violet-500 focus-within:ring-4 focus-within:ring-violet-100">
      <button
        type="button"
        onClick={() => step(-1)}
        disabled={valid && typed <= 1}
        aria-label={t('cart.item.decrease', { name })}
        className={buttonClasses}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <label htmlFor={id} className="sr-only">
        {t('cart.item.quantityOf', { name })}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={maxQuantity}
        step={1}
        value={draft}
        aria-invalid={valid ? undefined : true}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (!valid) setDraft(String(quantity));
        }}
        className="h-9 w-12 [appearance:textfield] bg-transparent text-center text-[15px] font-medium text-slate-900 tabular-nums focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        onClick={() => step(1)}
        disabled={valid && typed >= maxQuantity}
        aria-label={t('cart.item.increase', { name })}
        className={buttonClasses}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
