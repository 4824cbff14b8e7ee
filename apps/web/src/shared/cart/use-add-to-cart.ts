import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error.ts';
import { usersApi } from '../api/users.ts';
import { useOpenModal } from '../routing/use-open-modal.ts';
import { getSession, isAuthorised, updateSession, useIsAuthorised } from '../session/session.ts';
import { useStoreInfo } from '../store-info/store-info-context.tsx';
import { storeOption } from '../store-info/store-options.ts';
import { useToast } from '../ui/toast-context.tsx';
import { cartApi, cartQueryKeys } from './cart-api.ts';

/**
 * What goes into the cart: a trade offer, the chosen option and how many (1 when not said); a
 * subscription plan also with its validity period (the cart refuses a plan without one).
 */
export interface CartAddition {
  tradeOfferId: string;
  optionId?: string | null;
  quantity?: number;
  validityPeriodId?: string;
}

/**
 * Registers the visitor as an anonymous customer (SPEC §3, §4) and signs this browser in with the
 * token it gets; the store info, keyed by the token, then reloads with the user in it.
 */
async function registerAnonymously(fullName: string) {
  const { localeId, currencyId } = getSession();
  const result = await usersApi.registerAnonymous({
    fullName,
    ...(localeId ? { localeId } : {}),
    ...(currencyId ? { currencyId } : {}),
  });
  const [token] = result.accessTokens;
  if (!token) throw new Error('No access token for the anonymous customer');
  updateSession({ accessToken: token.id, userId: token.userId });
}

/**
 * Adding to the cart (SPEC §4): a signed-in user adds at once; a visitor is registered anonymously
 * first when the store allows anonymous users, and is otherwise told to sign up (the registration
 * modal opens). Every cart query is refetched after, so the header's count follows.
 */
export function useAddToCart() {
  const { t } = useTranslation();
  const toast = useToast();
  const info = useStoreInfo();
  const authorised = useIsAuthorised();
  const openModal = useOpenModal();
  const queryClient = useQueryClient();
  const anonymousAllowed = storeOption(info, 'AllowAnonymousUser');
  // One addition at a time: a double click's second click comes before the pending state renders.
  const adding = useRef(false);

  const mutation = useMutation({
    mutationFn: async (addition: CartAddition) => {
      if (!isAuthorised()) await registerAnonymously(t('cart.add.anonymousName'));
      return cartApi.update({
        productItems: [
          {
            tradeOfferId: addition.tradeOfferId,
            ...(addition.optionId ? { optionId: addition.optionId } : {}),
            ...(addition.quantity !== undefined ? { quantity: addition.quantity } : {}),
            ...(addition.validityPeriodId ? { validityPeriodId: addition.validityPeriodId } : {}),
          },
        ],
      });
    },
    onSuccess: async () => {
      toast.success(t('cart.add.added'));
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
    // 409 OUT_OF_STOCK comes with the server's 'Out of stock.' (NAT_ADD_PRODUCT_TRADE_OFFER_ERROR).
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const add = useCallback(
    /** `onAdded` runs once the cart has taken the addition (to go on to the cart, say). */
    (addition: CartAddition, options: { onAdded?: () => void } = {}) => {
      if (!authorised && !anonymousAllowed) {
        // NAT_AUTH_REQUIRED_ERROR (SPEC §8.1).
        toast.error(t('cart.add.authRequired'));
        openModal('registration');
        return;
      }
      if (adding.current) return;
      adding.current = true;
      mutation.mutate(addition, {
        onSuccess: () => options.onAdded?.(),
        onSettled: () => {
          adding.current = false;
        },
      });
    },
    [authorised, anonymousAllowed, mutation, toast, t, openModal],
  );

  return { add, pending: mutation.isPending };
}
