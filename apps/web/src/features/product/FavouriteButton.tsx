import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Heart, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { withModal } from '../../shared/routing/paths.ts';
import { useOpenModal } from '../../shared/routing/use-open-modal.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * Adds the offer to the user's favourites or takes it out. A visitor is asked to log in instead:
 * the login modal opens, and a line under the button says why once it is closed.
 */
export function FavouriteButton({ offerId, favourite }: { offerId: string; favourite: boolean }) {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const openModal = useOpenModal();
  const location = useLocation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  const toggle = useMutation({
    mutationFn: (add: boolean) =>
      add ? catalogApi.addFavourite(offerId) : catalogApi.removeFavourite(offerId),
    onSuccess: async (_result, added) => {
      toast.success(t(added ? 'product.favourite.added' : 'product.favourite.removed'));
      await queryClient.invalidateQueries({ queryKey: catalogQueryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const onClick = () => {
    if (authorised) {
      toggle.mutate(!favourite);
      return;
    }
    setAskedToSignIn(true);
    openModal('login');
  };

  return (
    <div>
      <Button
        variant="secondary"
        size="lg"
        onClick={onClick}
        disabled={toggle.isPending}
        aria-busy={toggle.isPending || undefined}
        className="w-full sm:w-auto"
      >
        <Heart
          aria-hidden="true"
          className={clsx('size-5', favourite ? 'fill-rose-500 text-rose-500' : 'text-slate-500')}
        />
        {t(favourite ? 'product.favourite.remove' : 'product.favourite.add')}
      </Button>
      {askedToSignIn && !authorised && (
        <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
          <LogIn aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-600" />
          <span>
            {t('product.favourite.signIn')}{' '}
            <Link
              to={withModal(location, 'login')}
              preventScrollReset
              className="font-semibold text-violet-700 hover:text-violet-900"
            >
              {t('product.favourite.signInAction')}
            </Link>
          </span>
        </p>
      )}
    </div>
  );
}
