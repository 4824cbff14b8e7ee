import { Droplet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductTradeOffer } from '../../shared/catalog/catalog-api.ts';
import { Button } from '../../shared/ui/button.tsx';
import { perLitre } from './plan-pricing.ts';
import { SectionTitle } from './SectionTitle.tsx';
import { useFormatMinor, useLitreBundles } from './use-pricing.ts';

/** Pay as you go: the litre bundles of the catalogue, whose litres never expire. Hidden when there are none. */
export function LitreBundles({ onAdd, busy }: { onAdd: (offer: ProductTradeOffer) => void; busy: boolean }) {
  const { t } = useTranslation();
  const bundles = useLitreBundles();
  if (bundles.isSuccess && bundles.data.length === 0) return null;
  return (
    <section aria-labelledby="pricing-bundles" className="mt-20 sm:mt-24">
      <SectionTitle
        id="pricing-bundles"
        eyebrow={t('pricing.bundles.eyebrow')}
        title={t('pricing.bundles.title')}
        text={t('pricing.bundles.text')}
      />
      <div className="mt-8">
        {bundles.data ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {bundles.data.map((offer) => (
              <li key={offer.id}>
                <BundleCard offer={offer} onAdd={onAdd} busy={busy} />
              </li>
            ))}
          </ul>
        ) : bundles.isError ? (
          <p role="alert" className="rounded-2xl border border-rose-200 bg-white p-4 text-sm text-slate-700">
            {t('pricing.bundles.loadError')}{' '}
            <button
              type="button"
              className="font-semibold text-violet-700 underline underline-offset-2"
              onClick={() => void bundles.refetch()}
            >
              {t('pricing.retry')}
            </button>
          </p>
        ) : (
          <div aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
              <div key={index} className="h-44 animate-pulse rounded-3xl bg-slate-200/60" />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function BundleCard({
  offer,
  onAdd,
  busy,
}: {
  offer: ProductTradeOffer;
  onAdd: (offer: ProductTradeOffer) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatMinor();
  const titleId = useId();
  const { litres } = offer.product;
  const price = offer.price;
  const litrePrice = price && litres ? perLitre(price.amountMinor, litres) : null;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
          <Droplet aria-hidden="true" className="size-5" />
        </span>
        <h3 id={titleId} className="font-semibold text-slate-900">
          {litres ? t('pricing.bundles.litres', { count: litres }) : offer.product.name}
        </h3>
      </div>
      <p className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        {format(price?.amountMinor ?? null, price?.currency ?? 'RUB')}
      </p>
      {litrePrice !== null && price && (
        <p className="mt-1 text-sm text-slate-600">
          {t('pricing.plan.perLitre', { price: format(litrePrice, price.currency) })}
        </p>
      )}
      <p className="mt-1 text-xs font-medium text-emerald-700">{t('pricing.bundles.noExpiry')}</p>
      <Button variant="secondary" className="mt-5 w-full" disabled={busy} onClick={() => onAdd(offer)}>
        {t('pricing.bundles.add')}
      </Button>
    </article>
  );
}
