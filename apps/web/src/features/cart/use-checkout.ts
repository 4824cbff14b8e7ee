import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, natErrors } from '../../shared/api/api-error.ts';
import { cartApi, cartQueryKeys, type ShoppingCart } from '../../shared/cart/cart-api.ts';
import { checkoutCallbackUrls } from '../../shared/payments/checkout-urls.ts';
import { submitPaymentForm } from '../../shared/payments/submit-payment-form.ts';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { checkoutResultPath, paths } from '../../shared/routing/paths.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * Places the order (SPEC §4, §7.3): the cart is checked out at the total the buyer saw, then the
 * browser goes to the payment provider's form, or straight to the paid page when nothing is to
 * be paid. A cart that changed meanwhile (409 CART_CHANGED), is not ready or is out of stock is
 * shown with the server's message and fetched again.
 */
export function useCheckout() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useLanguage();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async (cart: ShoppingCart) => {
      if (!cart.paymentOptionId) throw natErrors.checkoutPaymentOption();
      if (
        cart.errorReason === 'cart_error_delivery_contact_required' ||
        cart.errorReason === 'cart_error_recipient_required'
      ) {
        throw natErrors.checkoutContactSet();
      }
      // The return addresses are built from the page's own address (SPEC §8.1 NAT_PAYMENT_VALIDATION_ERROR).
      if (typeof window === 'undefined' || !window.location?.origin) throw natErrors.paymentValidation();
      const result = await cartApi.checkout({
        ...checkoutCallbackUrls({
          origin: window.location.origin,
          language,
          paymentOptionId: cart.paymentOptionId,
        }),
        expectedAmount: cart.amount,
      });
      if (!result?.statusId) throw natErrors.checkout();
      return result;
    },
    onSuccess: async (result) => {
      if (submitPaymentForm(result)) return;
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
      const paid = result.statusId === 'payment_operation_statuses.paid';
      navigate(to(checkoutResultPath(paid ? paths.checkoutPaid : paths.checkoutSuccess, result.orderId)));
    },
    onError: async (error) => {
      toast.error(errorMessage(error, t));
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
  });
}
