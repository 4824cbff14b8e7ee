import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { catalogApi, catalogQueryKeys, type ProductTradeOffer } from '../../shared/catalog/catalog-api.ts';
import { useOpenModal } from '../../shared/routing/use-open-modal.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * The heart of a product card. A user adds or removes the offer and every catalogue list is
 * fetched again; a visitor is asked to log in first (the login modal opens over the list).
 */
export function FavouriteButton({ offer, className }: { offer: ProductTradeOffer; className?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const authorised = useIsAuthorised();
  const openModal = useOpenModal();
  const queryClient = useQueryClient();
  const favourite = offer.favorite;

  const toggle = useMutation({
    mutationFn: () => (favourite ? catalogApi.removeFavourite(offer.id) : catalogApi.addFavourite(offer.id)),
    onSuccess: async () => {
      toast.success(t(favourite ? 'catalog.favourite.removed' : 'catalog.favourite.added'));
      await queryClient.invalidateQueries({ queryKey: catalogQueryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  function onClick() {
    if (!authorised) {
      toast.info(t('catalog.favourite.signInRequired'));
      openModal('login');
      return;
    }
    toggle.mutate();
  }

  const name = offer.product.name;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={favourite}
      aria-label={t(favourite ? 'catalog.favourite.remove' : 'catalog.favourite.add', { name })}
      title={t(favourite ? 'catalog.favourite.remove' : 'catalog.favourite.add', { name })}
      className={clsx(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full border bg-white/95 shadow-sm transition',
        'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-500/20 disabled:opacity-60',
        favourite
          ? 'border-rose-200 text-rose-500 hover:bg-rose-50'
          : 'border-slate-200 text-slate-400 hover:border-rose-200 hover:text-rose-500',
        className,
      )}
    >
      <Heart aria-hidden="true" className={clsx('size-5', favourite && 'fill-current')} />
    </button>
  );
}
