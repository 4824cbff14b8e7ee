import type { CartItem, ValidityPeriodId } from '@cutout/contracts';
import { clsx } from 'clsx';
import { CircleSlash, ImageOff, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../shared/files/file-url.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { isTopUp } from '../../shared/payments/top-up.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { CartQuantity } from './CartQuantity.tsx';

/** The translation of each plan period, under cart.item.period. */
const periodKeys: Record<ValidityPeriodId, string> = {
  'validity_periods.month': 'month',
  'validity_periods.year': 'year',
  'validity_periods.forever': 'forever',
};

/** A subscription plan: one per cart, bought for the period it names. */
const isPlan = (item: CartItem) =>
  item.validityPeriodId !== null || item.product?.typeId === 'product_types.subscription_plan';

/** What a change of one item asks of the cart. */
export type ItemChange = { id: string; quantity?: number; selected?: boolean };

/** The products of the cart, each with its checkbox, and a select-all above them. */
export function CartItems({
  items,
  currency,
  onChange,
  onSelectAll,
}: {
  items: CartItem[];
  currency: string;
  onChange: (change: ItemChange) => void;
  onSelectAll: (selected: boolean) => void;
}) {
  const { t } = useTranslation();
  const selectedCount = items.filter((item) => item.selected).length;
  const all = selectedCount === items.length;
  const some = selectedCount > 0 && !all;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);

  return (
    <section
      aria-labelledby="cart-products"
      className="rounded-3xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="cart-products" className="text-lg font-semibold text-slate-900">
          {t('cart.items.title')}
        </h2>
        <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-700">
          <input
            ref={selectAll}
            type="checkbox"
            checked={all}
            onChange={() => onSelectAll(!all)}
            className="size-4.5 rounded accent-violet-600"
          />
          {t('cart.items.selectAll')}
        </label>
      </div>
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id}>
            <CartItemRow item={item} currency={currency} onChange={onChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CartItemRow({
  item,
  currency,
  onChange,
}: {
  item: CartItem;
  currency: string;
  onChange: (change: ItemChange) => void;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formatAmount = useFormatAmount();
  const nameId = useId();
  const product = item.product;
  const plan = isPlan(item);
  // A top-up of the personal account reads as its amount, not as a unit price times a count.
  const topUp = isTopUp(product) && item.price !== null;
  const period = item.validityPeriodId
    ? (periodKeys as Partial<Record<string, string>>)[item.validityPeriodId]
    : undefined;
  const href =
    item.tradeOfferId && product
      ? to(`/products/${encodeURIComponent(item.tradeOfferId)}/${encodeURIComponent(product.slugifyId)}`)
      : null;

  return (
    <article
      aria-labelledby={nameId}
      className={clsx('flex gap-3 px-5 py-5 sm:gap-4 sm:px-6', !item.selected && 'bg-slate-50/60')}
    >
      <input
        type="checkbox"
        checked={item.selected}
        onChange={() => onChange({ id: item.id, selected: !item.selected })}
        aria-label={t('cart.item.select', { name: item.name })}
        className="mt-8 size-4.5 shrink-0 rounded accent-violet-600"
      />
      <ItemImage item={item} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="font-semibold text-slate-900">
            {href ? (
              <Link to={href} className="hover:text-violet-700">
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </h3>
          {period && (
            <p className="mt-1 text-sm font-medium text-violet-700">{t(`cart.item.period.${period}`)}</p>
          )}
          {item.optionName && <p className="mt-1 text-sm text-slate-500">{item.optionName}</p>}
          {!plan && !topUp && (
            <p className="mt-1 text-sm text-slate-500 tabular-nums">
              {t('cart.item.unitPrice', { price: formatAmount(item.price, currency) })}
            </p>
          )}
          {!item.available &&
            (topUp ? (
              // Set in another currency (a top-up has no stock): set it again, or keep the number here.
              <div className="mt-2 flex flex-col items-start gap-2">
                <p className="flex items-start gap-1.5 text-sm font-medium text-rose-600">
                  <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t('cart.item.topUpCurrency')}
                </p>
                <button
                  type="button"
                  onClick={() => onChange({ id: item.id, quantity: item.quantity })}
                  className="rounded-lg text-sm font-semibold text-violet-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-200"
                >
                  {t('cart.item.keepTopUp', { amount: formatAmount(item.amountWithoutDiscount, currency) })}
                </button>
              </div>
            ) : (
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-rose-600">
                <CircleSlash aria-hidden="true" className="size-4" />
                {item.price === null ? t('cart.item.noPrice') : t('cart.item.unavailable')}
              </p>
            ))}
          <div className="mt-3 flex items-start gap-2">
            {!plan && (
              <CartQuantity
                itemId={item.id}
                name={item.name}
                quantity={item.quantity}
                allowedQuantities={item.allowedQuantities}
                money={topUp && item.price !== null ? { amountMinor: item.price, currency } : null}
                onChange={(quantity) => onChange({ id: item.id, quantity })}
              />
            )}
            <button
              type="button"
              onClick={() => onChange({ id: item.id, quantity: 0 })}
              aria-label={t('cart.item.remove', { name: item.name })}
              title={t('cart.item.removeShort')}
              className="inline-flex size-10 items-center justify-center rounded-xl text-slate-400 transition hover:bg-rose-50 hover:text-rose-600"
            >
              <Trash2 aria-hidden="true" className="size-4.5" />
            </button>
          </div>
        </div>
        <ItemAmount item={item} currency={currency} />
      </div>
    </article>
  );
}

/** The line's amount; under a discount or written-off points, the amount before them crossed out above. */
function ItemAmount({ item, currency }: { item: CartItem; currency: string }) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const reduced = item.autoDiscountAmount > 0 || item.bonusPointOutcomeConverted > 0;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 tabular-nums sm:flex-col sm:flex-nowrap sm:items-end sm:gap-0.5">
      {reduced && (
        <p className="text-sm whitespace-nowrap text-slate-400">
          <span className="sr-only">{t('cart.item.amountBeforeDiscount')}: </span>
          <s>{formatAmount(item.amountWithoutDiscount, currency)}</s>
        </p>
      )}
      <p
        className={clsx(
          'text-lg font-semibold whitespace-nowrap',
          reduced ? 'text-emerald-700' : 'text-slate-900',
        )}
      >
        <span className="sr-only">{t('cart.item.amount')}: </span>
        {formatAmount(item.amount, currency)}
      </p>
    </div>
  );
}

function ItemImage({ item }: { item: CartItem }) {
  const image = item.product?.primaryImage;
  const classes = 'size-20 shrink-0 rounded-2xl sm:size-24';
  if (!image)
    return (
      <div
        aria-hidden="true"
        className={clsx(
          classes,
          'flex items-center justify-center bg-gradient-to-br from-slate-50 to-violet-50 text-slate-400',
        )}
      >
        <ImageOff className="size-6" />
      </div>
    );
  return (
    <img
      src={imageUrl(image, 'small')}
      alt=""
      loading="lazy"
      className={clsx(classes, 'bg-slate-100 object-cover')}
    />
  );
}
