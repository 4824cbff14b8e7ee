import type { UpdateShoppingCartRequest } from '@cutout/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { cartApi, cartQueryKeys, type ShoppingCart } from '../../shared/cart/cart-api.ts';
import { useCartQueryKey } from '../../shared/cart/use-cart-query.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * Changes the cart: the answer is the new cart, put in place of the old one at once. A refused
 * change is shown with the server's message and the cart is fetched again, so that the page shows
 * what the server holds rather than what was asked.
 */
export function useUpdateCart() {
  return useCartChange((request: UpdateShoppingCartRequest) => request);
}

/**
 * Writes off bonus points (SPEC §4, §9): the points to take off this cart, 0 for none. The server
 * clamps them to the maximum and answers the cart; a refusal is shown as any other change's.
 */
export function useWriteOffBonusPoints() {
  return useCartChange((bonusPointOutcome: number) => ({ bonusPointOutcome }));
}

function useCartChange<Variables>(toRequest: (variables: Variables) => UpdateShoppingCartRequest) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = useCartQueryKey();
  return useMutation({
    mutationFn: (variables: Variables) => cartApi.update(toRequest(variables)),
    onSuccess: (cart: ShoppingCart) => queryClient.setQueryData(key, cart),
    onError: async (error) => {
      toast.error(errorMessage(error, t));
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
  });
}

/**
 * Applies a promo code, or removes it with ''. A refusal (PROMO_CODE_*, its message already in the
 * buyer's language) is left to the field to show under itself; the cart keeps what it had, so
 * nothing is fetched again.
 */
export function useApplyPromoCode() {
  const queryClient = useQueryClient();
  const key = useCartQueryKey();
  return useMutation({
    mutationFn: (couponCodePrompt: string) => cartApi.update({ couponCodePrompt }),
    onSuccess: (cart: ShoppingCart) => queryClient.setQueryData(key, cart),
  });
}
