import type { Money, ProductTradeOffer } from '@cutout/contracts';
import { allowedQuantity, fractionDigits, maxCartQuantity } from '@cutout/contracts';
import { clsx } from 'clsx';
import { CalendarRange, CircleCheck, CircleSlash, Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToCartButton } from '../../shared/cart/AddToCartButton.tsx';
import { noneLeft, type StockState, stockState, useCountsStock } from '../../shared/catalog/stock.ts';
import { isTopUp, quickTopUps } from '../../shared/payments/top-up.ts';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import { FeaturePicker } from './FeaturePicker.tsx';
import { ProductSetContents } from './ProductSetContents.tsx';
import { clampQuantity, localizedText, quantityChoice, totalPrice, unitPrice } from './product-offer.ts';
import { QuantityField } from './QuantityField.tsx';
import { TopUpAmountField } from './TopUpAmountField.tsx';
import type { FeatureSelectionState } from './use-feature-selection.ts';
import { useFormatMoney } from './use-format-money.ts';

/**
 * What is known of the offer and what the buyer chooses: the options (`selection`, see
 * useFeatureSelection), the quantity, the price they make, and the favourite mark.
 */
export function ProductDetails({
  offer,
  name,
  selection,
}: {
  offer: ProductTradeOffer;
  name: string;
  selection: FeatureSelectionState;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const to = useLocalizedPath();
  const formatMoney = useFormatMoney();
  const { product, availableQuantity } = offer;
  const { groups, chosen, choose } = selection;

  // A store that counts stock sells what is in it; one that does not takes any quantity, as an
  // order to fill later (SPEC §5).
  const countsStock = useCountsStock();
  const stockLimit = countsStock ? availableQuantity : null;
  const choice = quantityChoice({ ...product, availableQuantity: stockLimit });
  const [typedQuantity, setQuantity] = useState(1);
  // Within what the offer allows now, should the stock have changed since it was chosen.
  const quantity =
    choice.kind === 'list'
      ? allowedQuantity(typedQuantity, choice.values)
      : clampQuantity(typedQuantity, choice.max);
  // Nothing to count out when none is left, or when the stock is below the smallest allowed quantity.
  // A plan is bought one at a time, for a period chosen on the pricing page (SPEC §5).
  const plan = product.typeId === 'product_types.subscription_plan';
  // A top-up of the personal account is bought by its amount in money (TopUpAmountField).
  const price = unitPrice(offer.price, chosen);
  const topUpPrice = isTopUp(product) ? price : null;
  // While the field holds no amount, the price still shows the last one it held.
  const [topUp, setTopUp] = useState(() => ({
    units: topUpPrice ? firstQuickTopUp(topUpPrice) : 1,
    valid: true,
  }));
  const typeTopUp = (units: number | null) =>
    setTopUp((last) => (units === null ? { ...last, valid: false } : { units, valid: true }));
  const canChooseQuantity =
    !plan && !noneLeft(stockLimit) && !(choice.kind === 'list' && choice.values.length === 0);
  // The option that sets the price goes to the cart (see unitPrice), else the last one chosen.
  const option = [...chosen].reverse().find((item) => item.price) ?? chosen.at(-1);
  const soldOut = countsStock && !canChooseQuantity;
  const caption = localizedText(product.caption, language);
  const description = localizedText(product.description, language);

  return (
    <div className="flex flex-col gap-8">
      <header>
        {caption && <p className="mb-2 text-sm font-semibold text-violet-700">{caption}</p>}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 text-balance sm:text-4xl">{name}</h1>
        {(product.article || product.litres !== null) && (
          <dl className="mt-4 flex flex-wrap gap-2 text-sm">
            {product.article && <Fact label={t('product.article')} value={product.article} />}
            {product.litres !== null && (
              <Fact label={t('product.contents')} value={t('product.litres', { count: product.litres })} />
            )}
          </dl>
        )}
      </header>

      <section
        aria-label={t('product.price')}
        className="rounded-3xl border border-slate-200 bg-slate-50/70 p-6 sm:p-8"
      >
        <p
          className={clsx(
            'font-bold tracking-tight',
            price ? 'text-3xl text-slate-900' : 'text-2xl text-slate-500',
          )}
        >
          {formatMoney(topUpPrice ? totalPrice(topUpPrice, topUp.units) : price)}
        </p>
        <StockLine availableQuantity={availableQuantity} stock={stockState(availableQuantity, countsStock)} />

        {groups.length > 0 && (
          <div className="mt-6 border-t border-slate-200 pt-6">
            <FeaturePicker groups={groups} chosen={chosen} onChoose={choose} />
          </div>
        )}

        {topUpPrice && (
          <div className="mt-6 border-t border-slate-200 pt-6">
            <TopUpAmountField
              price={topUpPrice}
              quantity={topUp.valid ? topUp.units : null}
              onChange={typeTopUp}
            />
          </div>
        )}

        {canChooseQuantity && !topUpPrice && (
          <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-6">
            <QuantityField choice={choice} value={quantity} onChange={setQuantity} />
            {price && (
              <p className="ml-auto text-right">
                <span className="block text-sm text-slate-500">{t('product.total')}</span>
                <output className="block text-xl font-semibold text-slate-900">
                  {formatMoney(totalPrice(price, quantity))}
                </output>
              </p>
            )}
            {/* A store that does not count stock takes more than it has, as an order to fill later. */}
            {!countsStock &&
              availableQuantity !== null &&
              availableQuantity > 0 &&
              quantity > availableQuantity && (
                <p className="flex w-full items-start gap-1.5 text-sm font-medium text-amber-700">
                  <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t('product.partlyOnOrder', { count: quantity - availableQuantity })}
                </p>
              )}
          </div>
        )}

        <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-start">
          {plan ? (
            <ButtonLink to={to(paths.pricing)} size="lg" className="w-full sm:w-auto">
              <CalendarRange aria-hidden="true" className="size-5" />
              {t('product.plan.choosePeriod')}
            </ButtonLink>
          ) : (
            <AddToCartButton
              addition={{
                tradeOfferId: offer.id,
                optionId: option?.id ?? null,
                quantity: topUpPrice ? topUp.units : quantity,
              }}
              outOfStock={soldOut}
              disabled={topUpPrice !== null && !topUp.valid}
              className="w-full sm:w-auto"
            />
          )}
          <FavouriteButton offerId={offer.id} favourite={offer.favorite} />
        </div>
      </section>

      {description && (
        <section aria-labelledby="product-description">
          <h2 id="product-description" className="text-lg font-semibold text-slate-900">
            {t('product.description')}
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-600">{description}</p>
        </section>
      )}

      {product.productSet && product.productSet.items.length > 0 && (
        <ProductSetContents set={product.productSet} />
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1">
      <dt className="text-slate-600">{label}:</dt>
      <dd className="font-medium text-slate-800">{value}</dd>
    </div>
  );
}

/** 'Out of stock.' at none, the count when the stock is counted, nothing for unlimited goods. */
function StockLine({
  availableQuantity,
  stock,
}: {
  availableQuantity: number | null;
  stock: StockState | null;
}) {
  const { t } = useTranslation();
  if (stock === 'onOrder') {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-700">
        <Clock aria-hidden="true" className="size-4" />
        {t('product.onOrder')}
      </p>
    );
  }
  if (stock === 'out') {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-rose-600">
        <CircleSlash aria-hidden="true" className="size-4" />
        {t('product.outOfStock')}
      </p>
    );
  }
  if (stock !== 'inStock') return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-emerald-700">
      <CircleCheck aria-hidden="true" className="size-4" />
      {t('product.inStock', { count: availableQuantity })}
    </p>
  );
}

/** The units of the currency's first one-click amount, where the unit price divides it; else 1. */
function firstQuickTopUp(price: Money): number {
  const [first = 1] = quickTopUps(price.currency);
  const units = (first * 10 ** fractionDigits(price.currency)) / price.amountMinor;
  return Number.isInteger(units) && units >= 1 && units <= maxCartQuantity ? units : 1;
}
