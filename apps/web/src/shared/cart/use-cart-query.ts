import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../routing/language-context.tsx';
import { isAuthorised, useSession } from '../session/session.ts';
import { useStoreInfo } from '../store-info/store-info-context.tsx';
import { cartApi, cartQueryKeys } from './cart-api.ts';

/** The cart's query key: the cart of this user, priced in this currency, named in this language. */
export function useCartQueryKey() {
  const session = useSession();
  const { currency } = useStoreInfo();
  const language = useLanguage();
  return cartQueryKeys.cart({
    userId: session.userId ?? (isAuthorised(session) ? 'cookie' : null),
    currency: currency.characterCode,
    language,
  });
}

/**
 * The signed-in user's cart; nothing is asked for a visitor (who has none). The header's count and
 * the cart page read the same entry, so a change made on one shows on the other.
 */
export function useCartQuery() {
  const session = useSession();
  const queryKey = useCartQueryKey();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => cartApi.fetch(signal),
    enabled: isAuthorised(session),
  });
}
