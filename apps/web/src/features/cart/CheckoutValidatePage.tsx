import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorDetails } from '../../shared/api/api-error.ts';
import { cartApi, cartQueryKeys } from '../../shared/cart/cart-api.ts';
import { isTopUpReturn, topUpQuery } from '../../shared/payments/checkout-urls.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { checkoutResultPath, paths } from '../../shared/routing/paths.ts';
import { Container } from '../../shared/ui/container.tsx';

/**
 * The payment provider's return (`/{lang}/shopping-cart/checkout/{paymentOptionId}/validate`):
 * the query string goes to the server, which asks the provider how the payment went; then the
 * paid page (paid), the success page (placed, not paid yet) or the failure page (SPEC §4).
 */
export function CheckoutValidatePage() {
  const { t } = useTranslation();
  const { paymentOptionId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const queryClient = useQueryClient();
  // A payment is validated once, though React may run the effect twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // A top-up's result pages lead back to the personal account; a declined payment's names its
    // order, so that it can be paid again from there.
    const marker: Record<string, string> = isTopUpReturn(new URLSearchParams(search))
      ? { [topUpQuery.name]: topUpQuery.value }
      : {};
    const go = (path: string, orderId: string | null | undefined) =>
      navigate(to(checkoutResultPath(path, orderId, marker)), { replace: true });
    cartApi
      .validatePayment(paymentOptionId, search)
      .then((result) =>
        go(
          result.statusId === 'payment_operation_statuses.paid' ? paths.checkoutPaid : paths.checkoutSuccess,
          result.orderId,
        ),
      )
      .catch((error: unknown) => {
        const { orderId } = errorDetails(error);
        go(paths.checkoutFailure, typeof orderId === 'string' ? orderId : null);
      })
      .finally(() => void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }));
  }, [paymentOptionId, search, navigate, to, queryClient]);

  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <div role="status" className="flex flex-col items-center gap-4">
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-violet-600" />
        <p className="text-lg font-medium text-slate-800">{t('cart.validate.checking')}</p>
        <p className="text-sm text-slate-500">{t('cart.validate.wait')}</p>
      </div>
    </Container>
  );
}
