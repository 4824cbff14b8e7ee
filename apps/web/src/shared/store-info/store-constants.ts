import { type StoreConstants, storeConstantsSchema } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/** The remove-background action id until the server's constants have come (SPEC §9). */
export const defaultRemoveBackgroundActionId = 'remove-background';

export const storeConstantsQueryKey = ['storeConstants'] as const;

export function fetchStoreConstants(signal?: AbortSignal): Promise<StoreConstants> {
  return apiRequest('/constants', { parse: (data) => storeConstantsSchema.parse(data), signal });
}

/** The business constants of GET /api/stores/constants; undefined until they come or if they fail. */
export function useStoreConstants(): StoreConstants | undefined {
  return useQuery({
    queryKey: storeConstantsQueryKey,
    queryFn: ({ signal }) => fetchStoreConstants(signal),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** The configured id of the remove-background action (`/actions/{id}/…`). */
export function useRemoveBackgroundActionId(): string {
  return useStoreConstants()?.removeBackgroundActionId ?? defaultRemoveBackgroundActionId;
}
