import { maxCartQuantity } from '@cutout/contracts';
import { clsx } from 'clsx';
import { CircleAlert, Minus, Plus } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { currencySymbol } from '../../shared/format/price.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { plainAmount, topUpQuantity } from '../../shared/payments/top-up.ts';
import { SelectField } from '../../shared/ui/form.tsx';
import { useQuantityDraftsContext } from './quantity-drafts.ts';

/** A unit of money: a top-up's quantity is typed as the amount it makes. */
type MoneyUnit = { amountMinor: number; currency: string };

/**
 * An item's quantity (SPEC §9): a limited product's allowed quantities in a select, applied at
 * once; any other product a number with − and +, sent after a second without typing. A whole
 * number from 1 to the cart's limit; anything else is told under the field and never sent. A
 * top-up of the personal account (`money`: its unit price) is typed as its amount in money.
 */
export function CartQuantity({
  itemId,
  name,
  quantity,
  allowedQuantities,
  money,
  onChange,
}: {
  /** The cart item's id, under which a typed quantity waits for checkout (quantity-drafts.ts). */
  itemId: string;
  /** The product's name, for the controls' accessible names. */
  name: string;
  quantity: number;
  allowedQuantities: number[] | null;
  money?: MoneyUnit | null;
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
  return <TypedQuantity itemId={itemId} name={name} quantity={quantity} money={money} onChange={onChange} />;
}

/** The draft a field shows for a quantity, and the quantity a draft holds (null: none the cart takes). */
function draftRules(money: MoneyUnit | null | undefined) {
  if (money)
    return {
      show: (quantity: number) => plainAmount(quantity * money.amountMinor, money.currency),
      read: (draft: string) => topUpQuantity(draft, money, maxCartQuantity),
    };
  return {
    show: String,
    read: (draft: string) => {
      const typed = Number(draft);
      return draft.trim() !== '' && Number.isInteger(typed) && typed >= 1 && typed <= maxCartQuantity
        ? typed
        : null;
    },
  };
}

function TypedQuantity({
  itemId,
  name,
  quantity,
  money,
  onChange,
}: {
  itemId: string;
  name: string;
  quantity: number;
  money: MoneyUnit | null | undefined;
  onChange: (quantity: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const formatAmount = useFormatAmount();
  const id = useId();
  const messageId = `${id}-message`;
  const report = useQuantityDraftsContext()?.report;
  const rules = draftRules(money);
  const [draft, setDraft] = useState(rules.show(quantity));
  const [shown, setShown] = useState(quantity);
  // The cart's answer wins over the draft once it comes (the server may have capped the quantity).
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(rules.show(quantity));
  }

  const read = rules.read(draft);
  const typed = read ?? quantity;
  const valid = read !== null;

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
    setDraft(rules.show(Math.min(Math.max(base + by, 1), maxCartQuantity)));
  };
  const message = money
    ? t('cart.item.amountInvalid', {
        min: formatAmount(money.amountMinor, money.currency),
        max: formatAmount(money.amountMinor * maxCartQuantity, money.currency),
      })
    : t('cart.item.quantityInvalid', { max: new Intl.NumberFormat(i18n.language).format(maxCartQuantity) });

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
        {!money && (
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={valid && typed <= 1}
            aria-label={t('cart.item.decrease', { name })}
            className={buttonClasses}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
        )}
        <label htmlFor={id} className="sr-only">
          {t(money ? 'cart.item.amountOf' : 'cart.item.quantityOf', { name })}
        </label>
        <input
          id={id}
          {...(money
            ? { type: 'text', inputMode: 'decimal', autoComplete: 'off' }
            : { type: 'number', inputMode: 'numeric', min: 1, max: maxCartQuantity, step: 1 })}
          value={draft}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : messageId}
          onChange={(event) => setDraft(event.target.value)}
          className={clsx(
            'h-9 [appearance:textfield] bg-transparent text-[15px] font-medium text-slate-900 tabular-nums focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
            money ? 'w-24 pl-2.5 text-right' : 'w-12 text-center',
          )}
        />
        {money ? (
          <span aria-hidden="true" className="pr-3 pl-1.5 text-[15px] text-slate-500">
            {currencySymbol(money.currency, i18n.language)}
          </span>
        ) : (
          <button
            type="button"
            onClick={() => step(1)}
            disabled={valid && typed >= maxCartQuantity}
            aria-label={t('cart.item.increase', { name })}
            className={buttonClasses}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {!valid && (
        <p id={messageId} className="mt-1.5 flex max-w-64 items-start gap-1.5 text-sm text-rose-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {message}
        </p>
      )}
    </div>
  );
}
