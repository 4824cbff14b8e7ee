import { clsx } from 'clsx';
import { Droplets, ImageOff, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddToCartButton } from '../../shared/cart/AddToCartButton.tsx';
import { type ProductTradeOffer, productPagePath } from '../../shared/catalog/catalog-api.ts';
import { type StockState, stockState, useCountsStock } from '../../shared/catalog/stock.ts';
import { imageUrl } from '../../shared/files/file-url.ts';
import type { ListMode } from '../../shared/list/use-list-mode.ts';
import { isTopUp } from '../../shared/payments/top-up.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import { useOfferPrice } from './use-offer-price.ts';

/** One trade offer of a list: a card of the grid, or a row of the list (image, text, price). */
export function ProductCard({ offer, mode }: { offer: ProductTradeOffer; mode: ListMode }) {
  const { t, i18n } = useTranslation();
  const to = useLocalizedPath();
  const price = useOfferPrice(offer.price);
  const { product } = offer;
  const caption = product.caption[i18n.language] || Object.values(product.caption)[0] || '';
  const stock = stockState(offer.availableQuantity, useCountsStock());
  // A product sold in several options (a colour) is chosen on its page, a plan's period on the
  // pricing page (SPEC §5), a top-up's amount on its page: the card cannot say which.
  const topUp = isTopUp(product) && offer.price !== null;
  const choice =
    product.typeId === 'product_types.subscription_plan'
      ? {
          path: paths.pricing,
          label: t('catalog.card.choosePeriod'),
          name: t('catalog.card.choosePeriodFor', { name: product.name }),
        }
      : topUp
        ? {
            path: productPagePath(offer),
            label: t('catalog.card.chooseAmount'),
            name: t('catalog.card.chooseAmountFor', { name: product.name }),
          }
        : offer.featureItems.length > 0
          ? {
              path: productPagePath(offer),
              label: t('catalog.card.choose'),
              name: t('catalog.card.chooseFor', { name: product.name }),
            }
          : null;
  const rows = mode === 'list';

  return (
    <article
      aria-label={product.name}
      className={clsx(
        'relative flex rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:border-violet-300 hover:shadow-md',
        // Nothing clipped: the title link's focus ring is drawn around the whole card.
        rows ? 'items-center gap-4 p-3 sm:gap-5 sm:p-4' : 'flex-col',
      )}
    >
      <ProductImage
        offer={offer}
        className={
          rows
            ? 'size-20 shrink-0 rounded-2xl sm:size-24'
            : 'aspect-[4/3] w-full rounded-t-[calc(1.5rem_-_1px)]'
        }
      />
      <div
        className={clsx(
          'flex min-w-0 flex-1',
          rows ? 'flex-col gap-3 sm:flex-row sm:items-center' : 'flex-col p-5',
        )}
      >
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">
            <Link
              to={to(productPagePath(offer))}
              className="rounded-sm after:absolute after:inset-0 after:rounded-3xl after:content-[''] hover:text-violet-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-violet-600"
            >
              {product.name}
            </Link>
          </h2>
          {caption && (
            <p className={clsx('mt-1 text-sm text-slate-500', rows ? 'line-clamp-1' : 'line-clamp-2')}>
              {caption}
            </p>
          )}
          <Badges litres={product.litres} stock={stock} />
        </div>
        <div
          className={clsx(
            'flex gap-3',
            // In the grid the price sits over a full-width button, so that cards side by side keep
            // their prices and buttons on one line whatever the length of the price.
            rows ? 'items-center sm:flex-col sm:items-end' : 'mt-4 flex-col items-stretch',
          )}
        >
          <p
            className={clsx(
              'font-semibold whitespace-nowrap tabular-nums',
              offer.price ? 'text-lg text-slate-900' : 'text-sm text-slate-500',
            )}
          >
            {topUp ? t('catalog.card.anyAmount') : price}
          </p>
          {choice && stock !== 'out' ? (
            <ButtonLink
              to={to(choice.path)}
              variant="secondary"
              size="sm"
              aria-label={choice.name}
              className={clsx('relative z-10', !rows && 'w-full')}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              {choice.label}
            </ButtonLink>
          ) : (
            <AddToCartButton
              compact
              name={product.name}
              addition={{ tradeOfferId: offer.id }}
              outOfStock={stock === 'out'}
              className={clsx(!rows && 'w-full')}
            />
          )}
        </div>
      </div>
      <FavouriteButton
        offer={offer}
        className={rows ? 'relative z-10 self-start sm:self-center' : 'absolute top-3 right-3 z-10'}
      />
    </article>
  );
}

function Badges({ litres, stock }: { litres: number | null; stock: StockState | null }) {
  const { t } = useTranslation();
  if (litres === null && stock !== 'out' && stock !== 'onOrder') return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {litres !== null && (
        <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-medium text-violet-700">
          <Droplets aria-hidden="true" className="size-3.5" />
          {t('catalog.card.litres', { count: litres })}
        </span>
      )}
      {stock === 'out' && (
        <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">
          {t('catalog.card.outOfStock')}
        </span>
      )}
      {stock === 'onOrder' && (
        <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800">
          {t('catalog.card.onOrder')}
        </span>
      )}
    </div>
  );
}

function ProductImage({ offer, className }: { offer: ProductTradeOffer; className: string }) {
  const { t } = useTranslation();
  const image = offer.product.primaryImage;
  if (!image)
    return (
      <div
        className={clsx(
          'flex flex-col items-center justify-center gap-1.5 bg-gradient-to-br from-slate-50 to-violet-50 text-slate-400',
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-6" />
        <span className="sr-only">{t('catalog.card.noImage')}</span>
      </div>
    );
  return (
    <img
      src={imageUrl(image, 'small')}
      alt=""
      loading="lazy"
      className={clsx('bg-slate-100 object-cover', className)}
    />
  );
}
