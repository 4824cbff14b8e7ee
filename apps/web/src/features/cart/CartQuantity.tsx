import { clsx } from 'clsx';
import { CircleAlert, Minus, Plus } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { SelectField } from '../../shared/ui/form.tsx';
import { useQuantityDraftsContext } from './quantity-drafts.ts';

/** The most of one item a cart takes (the contracts' limit). */
const maxQuantity = 100_000;

/**
 * An item's quantity (SPEC §9): a limited product's allowed quantities in a select, applied at
 * once; any other product a number with − and +, sent after a second without typing. A whole
 * number from 1 to the cart's limit; anything else is told under the field and never sent.
 */
export function CartQuantity({
  itemId,
  name,
  quantity,
  allowedQuantities,
  onChange,
}: {
  /** The cart item's id, under which a typed quantity waits for checkout (quantity-drafts.ts). */
  itemId: string;
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
  return <TypedQuantity itemId={itemId} name={name} quantity={quantity} onChange={onChange} />;
}

function TypedQuantity({
  itemId,
  name,
  quantity,
  onChange,
}: {
  itemId: string;
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const report = useQuantityDraftsContext()?.report;
  const [draft, setDraft] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  // The cart's answer wins over the draft once it comes (the server may have capped the quantity).
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
  }

  const typed = Number(draft);
  const valid =
    typed === quantity ||
    (draft.trim() !== '' && Number.isInteger(typed) && typed >= 1 && typed <= maxQuantity);

  const send = useEffectEvent((value: number) => onChange(value));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!valid || typed === quantity) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      send(typed);
    }, uiConstants.cartQuantityDebounceMs);
    return () => clearTimeout(timer.current);
  }, [valid, typed, quantity]);

  // Checkout asks first: it sends a pending quantity at once, and waits while one is invalid.
  const state = !valid ? 'invalid' : typed !== quantity ? 'pending' : null;
  useEffect(() => {
    if (!report) return;
    return report(itemId, state, () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      return state === 'pending' ? typed : null;
    });
  }, [report, itemId, state, typed]);

  const step = (by: number) => {
    const base = valid ? typed : quantity;
    setDraft(String(Math.min(Math.max(base + by, 1), maxQuantity)));
  };

  const buttonClasses =
    'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-40';
  return (
    <div className="flex flex-col">
      <div
        className={clsx(
          'inline-flex items-center self-start rounded-xl border bg-white p-0.5 shadow-xs focus-within:ring-4',
          valid
            ? 'border-slate-200 focus-within:border-violet-500 focus-within:ring-violet-100'
            : 'border-rose-400 focus-within:border-rose-500 focus-within:ring-rose-100',
        )}
      >
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
          aria-describedby={valid ? undefined : messageId}
          onChange={(event) => setDraft(event.target.value)}
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
      {!valid && (
        <p id={messageId} className="mt-1.5 flex max-w-64 items-start gap-1.5 text-sm text-rose-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('cart.item.quantityInvalid', {
            max: new Intl.NumberFormat(i18n.language).format(maxQuantity),
          })}
        </p>
      )}
    </div>
  );
}
