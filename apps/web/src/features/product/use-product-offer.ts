import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { useIsAuthorised, useSession } from '../../shared/session/session.ts';

/**
 * The trade offer the address names (SPEC §2.2): `:idOrSlug` of the route, else an `id` handed over
 * in the navigation state; null when neither is there.
 */
export function useOfferAddress(): string | null {
  const { idOrSlug } = useParams();
  const state: unknown = useLocation().state;
  const stateId = state && typeof state === 'object' ? (state as Record<string, unknown>).id : undefined;
  return idOrSlug || (typeof stateId === 'string' && stateId ? stateId : null);
}

/**
 * The offer with its product. Names and prices come in the session's language and currency and the
 * favourite mark is the user's, so the key names all three: a switch asks again.
 */
export function useProductOffer(idOrSlug: string) {
  const { localeId, currencyId } = useSession();
  const authorised = useIsAuthorised();
  return useQuery({
    queryKey: [...catalogQueryKeys.offer(idOrSlug), { localeId, currencyId, authorised }],
    queryFn: ({ signal }) => catalogApi.get(idOrSlug, signal),
  });
}
