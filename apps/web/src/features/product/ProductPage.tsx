import type { ProductTradeOffer } from '@cutout/contracts';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/meta/page-title.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { isNotFoundError, NotFoundError } from '../../shared/routing/not-found.ts';
import { Container } from '../../shared/ui/container.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ProductDetails } from './ProductDetails.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { localizedText } from './product-offer.ts';
import { picturesOf, useFeatureSelection } from './use-feature-selection.ts';
import { useOfferAddress, useProductOffer } from './use-product-offer.ts';

/**
 * The product screen (`/{lang}/products/{id or slug}[/{slug}]`): a trade offer found by its id, its
 * product's id or slug. An address that names none, or names one the server does not know, is
 * thrown to the route's error element as not found (SPEC §2.2).
 */
export function ProductPage() {
  const idOrSlug = useOfferAddress();
  if (!idOrSlug) throw new NotFoundError();
  // A new address is a new offer: its chosen picture and quantity start afresh.
  return <ProductScreen key={idOrSlug} idOrSlug={idOrSlug} />;
}

function ProductScreen({ idOrSlug }: { idOrSlug: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const offer = useProductOffer(idOrSlug);
  const product = offer.data?.product;
  const name = product ? localizedText(product.displayName, language) || product.name : null;
  usePageTitle(name);

  if (offer.isError && isNotFoundError(offer.error)) throw new NotFoundError();

  return (
    <Container className="py-8 sm:py-12">
      {offer.data && name ? (
        <>
          <Breadcrumbs groupId={offer.data.product.groupId} name={name} />
          <OfferView offer={offer.data} name={name} />
        </>
      ) : offer.isError ? (
        <LoadFailure
          error={offer.error}
          onRetry={() => void offer.refetch()}
          retryLabel={t('product.retry')}
          className="mx-auto max-w-xl items-start py-10"
        />
      ) : (
        <ProductSkeleton />
      )}
    </Container>
  );
}

/** The pictures and the details of the offer, which share the options chosen. */
function OfferView({ offer, name }: { offer: ProductTradeOffer; name: string }) {
  const selection = useFeatureSelection(offer);
  const pictures = picturesOf(offer.product.images, selection.chosen);
  const ownPictures = selection.chosen.flatMap((item) => item.image?.id ?? []).join();
  return (
    <div className="mt-6 grid items-start gap-8 lg:mt-8 lg:grid-cols-2 lg:gap-12">
      <div className="lg:sticky lg:top-24">
        {/* Another option's picture opens on it, the first. */}
        <ProductGallery key={ownPictures} images={pictures} name={name} />
      </div>
      <ProductDetails offer={offer} name={name} selection={selection} />
    </div>
  );
}

/** The page's shape while the offer loads. */
function ProductSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="animate-pulse">
      <span className="sr-only">{t('product.loading')}</span>
      <div className="h-4 w-48 rounded-full bg-slate-100" />
      <div className="mt-8 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="aspect-square w-full rounded-3xl bg-slate-100" />
        <div className="flex flex-col gap-4">
          <div className="h-10 w-3/4 rounded-xl bg-slate-100" />
          <div className="h-6 w-1/3 rounded-full bg-slate-100" />
          <div className="mt-4 h-64 rounded-3xl bg-slate-100" />
        </div>
      </div>
    </div>
  );
}
